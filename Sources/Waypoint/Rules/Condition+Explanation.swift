extension Condition {
    /// Why the attributes do not satisfy the condition: its first failing part and the attribute's value,
    /// such as "`appLaunches` is 1, which does not match {"$gte":2}"; `nil` when the condition holds.
    package func explainFailure(_ attributes: Attributes, savedGroups: SavedGroups = [:]) -> String? {
        guard !evaluate(attributes, savedGroups: savedGroups) else { return nil }
        guard case .object(let members) = json else { return "the condition \(json.jsonText) is not an object, so it never holds" }
        for (key, test) in members.sorted(by: { $0.key < $1.key }) {
            let part = Condition(json: .object([key: test]))
            guard !part.evaluate(attributes, savedGroups: savedGroups) else { continue }
            if key.hasPrefix("$") { return "\(part.json.jsonText) is false" }
            guard let value = attributes.value(atPath: key) else {
                return "`\(key)` is missing, which does not match \(test.jsonText)"
            }
            return "`\(key)` is \(value.jsonText), which does not match \(test.jsonText)"
        }
        return "\(json.jsonText) is false"
    }
}
