extension Experiment {
    /// The variation a user gets.
    func assign(attributes: Attributes, savedGroups: SavedGroups = [:]) -> ExperimentResult {
        assign(in: AssignmentContext(attributes: attributes, savedGroups: savedGroups))
    }

    /// The variation a user gets, following GrowthBook's `run` step by step.
    ///
    /// In order: fewer than two variations, or a disabled context, or a forced variation in the context, or an
    /// inactive experiment decide at once; a user without the hash attribute, filtered out (or outside the
    /// namespace), or not matching the condition is not in the experiment; otherwise the hash picks a range,
    /// and a user in no range (reduced coverage) is not in the experiment; ``force`` then overrides the
    /// variation, and QA mode excludes the user. Not supported, because they have no meaning in an app:
    /// URL targeting and query-string overrides, prerequisite feature flags, `include` callbacks, group
    /// overlap, variation metadata, draft/stopped status and sticky bucketing (Waypoint keeps assignments
    /// in its own progress store instead).
    func assign(in context: AssignmentContext) -> ExperimentResult {
        let attributeName = (hashAttribute?.isEmpty ?? true) ? "id" : hashAttribute ?? "id"
        let attributeValue = Self.attribute(attributeName, in: context.attributes)
        func excluded(_ reason: ExperimentExclusion) -> ExperimentResult {
            ExperimentResult(
                experiment: self, index: nil, hashUsed: false, hashAttribute: attributeName, hashAttributeValue: attributeValue,
                exclusion: reason)
        }
        guard variations.count >= 2 else { return excluded(.tooFewVariations) }
        guard context.isEnabled else { return excluded(.disabled) }
        if let forced = context.forcedVariations[key] {
            return ExperimentResult(experiment: self, index: forced, hashUsed: false, hashAttribute: attributeName, hashAttributeValue: attributeValue)
        }
        guard active ?? true else { return excluded(.inactive) }
        guard JavaScript.isTruthy(attributeValue) else { return excluded(.missingHashAttribute(attributeName)) }
        let hashText = JavaScript.toString(attributeValue)
        if let filters {
            if isFilteredOut(filters, attributes: context.attributes) { return excluded(.namespace) }
        } else if let namespace, !Bucketing.inNamespace(userId: hashText, namespace: namespace) {
            return excluded(.namespace)
        }
        if let condition, !condition.evaluate(context.attributes, savedGroups: context.savedGroups) {
            return excluded(.condition(condition))
        }
        let seed = (self.seed?.isEmpty ?? true) ? key : self.seed ?? key
        let version = (hashVersion ?? 0) == 0 ? 1 : hashVersion ?? 1
        guard let n = Bucketing.hash(seed: seed, value: hashText, version: version) else { return excluded(.missingHashAttribute(attributeName)) }
        let ranges = self.ranges ?? Bucketing.getBucketRanges(numVariations: variations.count, coverage: coverage, weights: weights)
        guard let assigned = Bucketing.chooseVariation(n: n, ranges: ranges) else {
            return excluded(.coverage(hash: n, coverage: self.ranges == nil ? coverage ?? 1 : nil))
        }
        if let force {
            return ExperimentResult(experiment: self, index: force, hashUsed: false, hashAttribute: attributeName, hashAttributeValue: attributeValue)
        }
        if context.isQAMode { return excluded(.disabled) }
        return ExperimentResult(
            experiment: self, index: assigned, hashUsed: true, hashAttribute: attributeName, hashAttributeValue: attributeValue, bucket: n)
    }

    /// The value of the hash attribute: the attribute with that exact name, else the dotted path; `""` when missing.
    static func attribute(_ name: String, in attributes: Attributes) -> JSONValue {
        attributes[name] ?? attributes.value(atPath: name) ?? .string("")
    }

    private func isFilteredOut(_ filters: [ExperimentFilter], attributes: Attributes) -> Bool {
        filters.contains { filter in
            let name = (filter.attribute?.isEmpty ?? true) ? "id" : filter.attribute ?? "id"
            let value = Self.attribute(name, in: attributes)
            guard JavaScript.isTruthy(value) else { return true }
            let version = (filter.hashVersion ?? 0) == 0 ? 2 : filter.hashVersion ?? 2
            guard let n = Bucketing.hash(seed: filter.seed, value: JavaScript.toString(value), version: version) else {
                return true
            }
            return !filter.ranges.contains { $0.contains(n) }
        }
    }
}
