import Waypoint

/// Graph analysis of a document: references, duplicates, experiments, and the shape of each flow.
///
/// Every check is linear in the size of the document (hash maps, iterative searches and Tarjan's algorithm),
/// so a flow of 10,000 steps lints in milliseconds. Codes are those of docs/ARCHITECTURE.md, "The command-line tool": `duplicate-id`,
/// `unknown-target`, `unknown-subflow`, `subflow-cycle`, `unreachable-step`, `dead-end`, `no-exit-cycle`,
/// `unknown-experiment`, `unknown-variation`, `bad-weights`, `duplicate-target`, `empty-flow`,
/// `overlapping-experiments` (`DocumentLinter+Overlaps`), plus the warnings `missing-variation`, `unused-experiment`, `mixed-condition` and
/// `missing-translation`.
///
/// So that one mistake gives one diagnostic, an outcome that leads to an unknown step (already reported as
/// `unknown-target`) counts as leading to `$complete`, and a subflow step counts as completing its subflow
/// (the subflow's own problems are reported on it). Every entry of a flow is checked, so every variation's
/// graph is, through subflows too; the problems of an entry that varies by experiment name its variation.
/// The document as each variation's `changes` make it is checked as well (`DocumentLinter+Variations`),
/// and its localized texts (`DocumentLinter+Translations`).
struct DocumentLinter {
    struct Finding: Hashable {
        var path: DocumentPath
        let severity: Diagnostic.Severity
        let code: DiagnosticCode
        var message: String
        /// The index of the flow or walkthrough step the finding is about, when it is about one.
        var step: Int? = nil
        /// The outcome, for an `unknown-target` in a step's `on`.
        var outcome: String? = nil
    }

    let document: WaypointDocument
    private(set) var findings: [Finding] = []

    init(document: WaypointDocument) {
        self.document = document
    }

    mutating func add(
        _ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ path: DocumentPath, _ message: String,
        step: Int? = nil, outcome: String? = nil
    ) {
        findings.append(Finding(path: path, severity: severity, code: code, message: message, step: step, outcome: outcome))
    }

    static func flowPath(_ index: Int) -> DocumentPath { DocumentPath([.key("flows"), .index(index)]) }
    static func walkthroughPath(_ index: Int) -> DocumentPath { DocumentPath([.key("walkthroughs"), .index(index)]) }
    static func experimentPath(_ index: Int) -> DocumentPath { DocumentPath([.key("experiments"), .index(index)]) }

    mutating func run() {
        let experiments = lintExperiments()
        lintEntries(
            kind: "flow", ids: document.flows.map(\.id), experiments: document.flows.map(\.experiment),
            variations: document.flows.map(\.variation), path: Self.flowPath, known: experiments)
        lintEntries(
            kind: "walkthrough", ids: document.walkthroughs.map(\.id), experiments: document.walkthroughs.map(\.experiment),
            variations: document.walkthroughs.map(\.variation), path: Self.walkthroughPath, known: experiments)
        lintSubflows()
        lintOverlappingExperiments()
        for (index, flow) in document.flows.enumerated() { lintFlow(flow, at: index) }
        for (index, walkthrough) in document.walkthroughs.enumerated() { lintWalkthrough(walkthrough, at: index) }
        lintVariations()
        lintContentRemovals()
        lintExperimentGoals()
        lintUnusedExperiments()
        lintConditions()
        lintTranslations()
    }

    // MARK: Unused experiments and conditions

    /// An experiment that no flow or walkthrough names, and that changes no step, decides nothing.
    private mutating func lintUnusedExperiments() {
        let used = Set(document.flows.compactMap(\.experiment) + document.walkthroughs.compactMap(\.experiment)
            + document.experiments.filter { $0.changes.values.contains { !$0.isEmpty } }.map(\.key))
        var reported: Set<String> = []
        for (index, experiment) in document.experiments.enumerated() where !used.contains(experiment.key) {
            guard reported.insert(experiment.key).inserted else { continue }
            add(.unusedExperiment, .warning, Self.experimentPath(index).appending("key"),
                "no flow or walkthrough varies by the experiment `\(experiment.key)`, so it decides nothing; "
                    + "name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it")
        }
    }

    /// Condition objects that mix operators and plain keys, which GrowthBook compares as literal values.
    private mutating func lintConditions() {
        for (flowIndex, flow) in document.flows.enumerated() {
            for (stepIndex, step) in flow.steps.enumerated() {
                guard let when = step.when else { continue }
                lintCondition(when.json, at: Self.flowPath(flowIndex).appending("steps").appending(stepIndex).appending("when"))
            }
        }
        for (walkthroughIndex, walkthrough) in document.walkthroughs.enumerated() {
            let base = Self.walkthroughPath(walkthroughIndex)
            if let when = walkthrough.when { lintCondition(when.json, at: base.appending("when")) }
            for (stepIndex, step) in walkthrough.steps.enumerated() {
                guard let when = step.when else { continue }
                lintCondition(when.json, at: base.appending("steps").appending(stepIndex).appending("when"))
            }
        }
        for (index, experiment) in document.experiments.enumerated() {
            guard let condition = experiment.condition else { continue }
            lintCondition(condition.json, at: Self.experimentPath(index).appending("condition"))
        }
        lintChangeConditions()
    }

    /// Checks a condition object: its logical operators hold conditions, its other keys attribute tests.
    mutating func lintCondition(_ json: JSONValue, at path: DocumentPath) {
        guard case .object(let members) = json else { return }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "$or", "$nor", "$and":
                guard case .array(let items) = value else { continue }
                for (index, item) in items.enumerated() { lintCondition(item, at: path.appending(key).appending(index)) }
            case "$not":
                lintCondition(value, at: path.appending(key))
            default:
                lintValueTest(value, attribute: key, at: path.appending(key))
            }
        }
    }

    /// Checks the test of one attribute: an object must be all operators or all plain keys.
    private mutating func lintValueTest(_ json: JSONValue, attribute: String, at path: DocumentPath) {
        guard case .object(let members) = json else { return }
        let operators = members.keys.filter { $0.hasPrefix("$") }.sorted()
        let plain = members.keys.filter { !$0.hasPrefix("$") }.sorted()
        if !operators.isEmpty && !plain.isEmpty {
            add(.mixedCondition, .warning, path,
                "the test of `\(attribute)` mixes operators (\(Spelling.choices(operators, conjunction: "and"))) and plain keys "
                    + "(\(Spelling.choices(plain, conjunction: "and"))), so it is compared as a literal object and the operators "
                    + "do nothing; use only operators, or only the literal value")
            return
        }
        for key in operators {
            guard let operand = members[key] else { continue }
            switch key {
            case "$not", "$size": lintValueTest(operand, attribute: attribute, at: path.appending(key))
            case "$elemMatch": lintCondition(operand, at: path.appending(key))
            default: continue
            }
        }
    }

    // MARK: Experiments

    /// Checks experiments; returns the first experiment of each key.
    private mutating func lintExperiments() -> [String: ExperimentEntry] {
        var byKey: [String: Int] = [:]
        for (index, experiment) in document.experiments.enumerated() {
            let path = Self.experimentPath(index)
            if let first = byKey[experiment.key] {
                add(.duplicateId, .error, path.appending("key"),
                    "another experiment already has the key `\(experiment.key)` (experiments[\(first)]); keys must be unique")
            } else {
                byKey[experiment.key] = index
            }
            var seen: [String: Int] = [:]
            for (position, variation) in experiment.variations.enumerated() {
                if let first = seen[variation] {
                    add(.duplicateId, .error, path.appending("variations").appending(position),
                        "the variation `\(variation)` is listed twice in `\(experiment.key)` (also at variations[\(first)]); variation names must be unique")
                } else {
                    seen[variation] = position
                }
            }
            guard let weights = experiment.weights else { continue }
            let weightsPath = path.appending("weights")
            if weights.count != experiment.variations.count {
                add(.badWeights, .error, weightsPath,
                    "`\(experiment.key)` has \(experiment.variations.count) variations but \(weights.count) weight\(weights.count == 1 ? "" : "s"); give one weight per variation")
                continue
            }
            let total = weights.reduce(0, +)
            let shown = JavaScript.numberToString((total * 1_000_000).rounded() / 1_000_000)
            if abs(total - 1) > 0.01 {
                add(.badWeights, .error, weightsPath,
                    "the weights of `\(experiment.key)` add up to \(shown), not 1; GrowthBook would ignore them and split users equally")
            } else if abs(total - 1) > 1e-9 {
                add(.badWeights, .warning, weightsPath,
                    "the weights of `\(experiment.key)` add up to \(shown), not exactly 1; make them add up to 1")
            }
        }
        var result: [String: ExperimentEntry] = [:]
        for (key, index) in byKey { result[key] = document.experiments[index] }
        return result
    }

    // MARK: Entries that share ids

    private mutating func lintEntries(
        kind: String, ids: [String], experiments: [String?], variations: [String?],
        path: (Int) -> DocumentPath, known: [String: ExperimentEntry]
    ) {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, id) in ids.enumerated() {
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(index)
        }
        // Experiment and variation references.
        for index in ids.indices {
            guard let key = experiments[index] else { continue }
            guard let experiment = known[key] else {
                let hint = Spelling.suggestion(for: key, among: Array(known.keys.sorted())).map { "; did you mean `\($0)`?" }
                    ?? (known.isEmpty ? "; add it to `experiments`" : "; the experiments are \(Spelling.choices(known.keys.sorted(), conjunction: "and"))")
                add(.unknownExperiment, .error, path(index).appending("experiment"), "no experiment has the key `\(key)`\(hint)")
                continue
            }
            if let variation = variations[index], !experiment.variations.contains(variation) {
                add(.unknownVariation, .error, path(index).appending("variation"),
                    "`\(variation)` is not a variation of `\(key)`; use \(Spelling.choices(experiment.uniqueVariations))")
            }
        }
        // Shared ids.
        for id in order {
            guard let members = groups[id], let first = members.first else { continue }
            if members.count > 1 {
                var varies = true
                for index in members where experiments[index] == nil {
                    varies = false
                }
                if !varies {
                    for index in members.dropFirst() {
                        add(.duplicateId, .error, path(index).appending("id"),
                            "another \(kind) already has the id `\(id)` (\(kind)s[\(first)]); entries may share an id only when each names an `experiment` and a different `variation` of it")
                    }
                    continue
                }
                var seen: [String: Int] = [:]
                var sameExperiment = true
                for index in members {
                    if let key = experiments[index], let firstKey = experiments[first], key != firstKey {
                        sameExperiment = false
                        // Two experiments using whole entries of one id (docs/ARCHITECTURE.md, "Exposure").
                        add(.overlappingExperiments, .error, path(index).appending("experiment"),
                            "two experiments vary the entries of \(kind) `\(id)`: `\(firstKey)` (\(kind)s[\(first)]) and `\(key)` "
                                + "(\(kind)s[\(index)]); a run takes one entry, so entries that share an id must vary by the same "
                                + "experiment: make one experiment with more variations")
                        continue
                    }
                    guard let variation = variations[index] else { continue }
                    if let previous = seen[variation] {
                        add(.duplicateId, .error, path(index).appending("variation"),
                            "\(kind) `\(id)` already has an entry for variation `\(variation)` (\(kind)s[\(previous)]); keep one")
                    } else {
                        seen[variation] = index
                    }
                }
                guard sameExperiment else { continue }
            }
            // Variations without an entry.
            guard let key = experiments[first], let experiment = known[key] else { continue }
            let covered = Set(members.compactMap { variations[$0] })
            guard let control = experiment.variations.first else { continue }
            for variation in experiment.uniqueVariations where !covered.contains(variation) {
                let fallback = covered.contains(control)
                    ? "the entry for `\(control)`"
                    : "the first entry (\(kind)s[\(first)])"
                add(.missingVariation, .warning, path(first).appending("experiment"),
                    "\(kind) `\(id)` has no entry for variation `\(variation)` of `\(key)`; users assigned to it get \(fallback)")
            }
        }
    }

    // MARK: Subflows

    private mutating func lintSubflows() {
        var flowIndex: [String: Int] = [:]
        var names: [String] = []
        for flow in document.flows where flowIndex[flow.id] == nil {
            flowIndex[flow.id] = names.count
            names.append(flow.id)
        }
        // Links between flow ids, through any entry.
        var links = [[Int]](repeating: [], count: names.count)
        for (index, flow) in document.flows.enumerated() {
            guard let from = flowIndex[flow.id] else { continue }
            for (position, step) in flow.steps.enumerated() {
                guard let subflow = step.subflow else { continue }
                guard let to = flowIndex[subflow] else {
                    let hint = Spelling.suggestion(for: subflow, among: names).map { "; did you mean `\($0)`?" } ?? "; add a flow with that id"
                    add(.unknownSubflow, .error, Self.flowPath(index).appending("steps").appending(position).appending("subflow"),
                        "no flow has the id `\(subflow)`\(hint)")
                    continue
                }
                links[from].append(to)
            }
        }
        let components = Self.components(links)
        for (index, flow) in document.flows.enumerated() {
            guard let from = flowIndex[flow.id] else { continue }
            for (position, step) in flow.steps.enumerated() {
                guard let subflow = step.subflow, let to = flowIndex[subflow],
                      components.component[from] == components.component[to], components.isCyclic[components.component[from]]
                else { continue }
                let cycle = ([from] + Self.shortestPath(links, from: to, to: from, within: components.component)).map { names[$0] }
                let description = cycle.map { "`\($0)`" }.joined(separator: " → ")
                add(.subflowCycle, .error, Self.flowPath(index).appending("steps").appending(position).appending("subflow"),
                    "flow `\(flow.id)` runs `\(subflow)` as a subflow, which leads back to it (\(description)); a flow must not include itself")
            }
        }
    }

    /// Strongly connected components of a small graph given as adjacency lists.
    private static func components(_ links: [[Int]]) -> (component: [Int], isCyclic: [Bool]) {
        var offsets: [Int32] = [0]
        var targets: [Int32] = []
        for list in links {
            targets.append(contentsOf: list.map(Int32.init))
            offsets.append(Int32(targets.count))
        }
        return NavigationGraph.components(offsets: offsets, targets: targets)
    }

    /// The vertices of a shortest path from `from` to `to` (inclusive of `to`, exclusive of `from` unless equal).
    private static func shortestPath(_ links: [[Int]], from: Int, to: Int, within component: [Int]) -> [Int] {
        if from == to { return [to] }
        var previous = [Int](repeating: -1, count: links.count)
        var queue = [from]
        var head = 0
        previous[from] = from
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            if vertex == to { break }
            for next in links[vertex] where previous[next] < 0 && component[next] == component[from] {
                previous[next] = vertex
                queue.append(next)
            }
        }
        var path: [Int] = []
        var current = to
        while current != from, current >= 0 {
            path.append(current)
            current = previous[current]
        }
        return [from] + path.reversed()
    }

    // MARK: Flows

    mutating func lintFlow(_ flow: FlowEntry, at flowIndex: Int) {
        let base = Self.flowPath(flowIndex)
        // "`paywall`", or "`paywall` (variation `annual` of `paywall-test`)" for an entry that varies.
        let name = flow.experiment.map { "`\(flow.id)` (variation `\(flow.variation ?? "?")` of `\($0)`)" } ?? "`\(flow.id)`"
        guard !flow.steps.isEmpty else {
            add(.emptyFlow, .warning, base.appending("steps"), "flow \(name) has no steps: it completes as soon as it starts")
            return
        }
        let stepPath = { (index: Int) in base.appending("steps").appending(index) }
        let routes = flow.routes
        for index in flow.steps.indices where !routes.isFirst(index) {
            let id = routes.ids[index]
            add(.duplicateId, .error, stepPath(index).appending("id"),
                "flow \(name) already has a step `\(id)` (steps[\(routes.positions[id] ?? index)]); step ids must be unique in a flow", step: index)
        }
        // One did-you-mean for every unknown target: its work is bounded, however many there are.
        // The ids are prepared for it at the first unknown target.
        var suggester: Spelling.Suggester?
        func unknownTarget(_ id: String) -> String {
            if suggester == nil { suggester = Spelling.Suggester(routes.ids) }
            let hint = suggester?.suggestion(for: id).map { "; did you mean `\($0)`?" } ?? ""
            return "flow \(name) has no step `\(id)`\(hint)"
        }
        if let start = flow.start, routes.positions[start] == nil {
            add(.unknownTarget, .error, base.appending("start"), unknownTarget(start))
        }
        // The targets were resolved with the routes: a step that declares outcomes has a route for
        // each, in declaration order, but `back` (reserved: it has none).
        for index in flow.steps.indices {
            guard let declared = flow.steps[index].declaredOutcomes else { continue }
            var accepted = routes.outcomes[index].makeIterator()
            for outcome in declared {
                let unknown: String?
                if outcome.name == Outcome.back {
                    if case .step(let id) = outcome.target, routes.positions[id] == nil { unknown = id } else { unknown = nil }
                } else if case .unknown(let id) = accepted.next()?.destination {
                    unknown = id
                } else {
                    unknown = nil
                }
                guard let unknown else { continue }
                add(.unknownTarget, .error, stepPath(index).appending("on").appending(outcome.name), unknownTarget(unknown),
                    step: index, outcome: outcome.name)
            }
        }

        // A step a variation skips (`"skip": true`) is never entered: navigation goes past it.
        let navigation = NavigationGraph(
            routes, mayEnter: { !flow.steps[$0].skip }, maySkip: { flow.steps[$0].when != nil || flow.steps[$0].skip })
        let steps = flow.steps.count
        // Reachability from the start (not checked when the start itself is unknown).
        if !routes.start.isUnknown {
            let reached = navigation.reachable(from: navigation.start)
            // A step a variation skips is never entered on purpose.
            for index in 0..<steps where !reached[2 * index + 1] && routes.isFirst(index) && !flow.steps[index].skip {
                add(.unreachableStep, .warning, stepPath(index).appending("id"),
                    "step `\(flow.steps[index].id)` of flow \(name) can never be entered: no way from the start step `\(routes.startID ?? "")` leads to it; link it from another step or remove it",
                    step: index)
            }
        }
        // Cycles without a way out, then steps from which the flow cannot complete.
        let completes = navigation.canReachComplete()
        let (component, isCyclic) = navigation.stronglyConnectedComponents()
        var trapped = [Bool](repeating: false, count: steps)
        var cycles: [Int: [Int]] = [:]
        for index in 0..<steps where !completes[2 * index + 1] {
            let id = component[2 * index + 1]
            if isCyclic[id] {
                trapped[index] = true
                cycles[id, default: []].append(index)
            }
        }
        for members in cycles.values.sorted(by: { $0[0] < $1[0] }) {
            let names = members.map { flow.steps[$0].id }
            let listed = names.count > 6 ? Spelling.choices(Array(names.prefix(5)), conjunction: "and") + " and \(names.count - 5) more"
                : Spelling.choices(names, conjunction: "and")
            let message = names.count == 1
                ? "step `\(names[0])` of flow \(name) leads only back to itself: once there, the flow can never complete; add an outcome that leads on"
                : "steps \(listed) of flow \(name) lead only to each other: once there, the flow can never complete; add an outcome that leaves the cycle"
            add(.noExitCycle, .error, stepPath(members[0]).appending("id"), message, step: members[0])
        }
        for index in 0..<steps
        where !completes[2 * index + 1] && !trapped[index] && routes.isFirst(index) && !flow.steps[index].skip {
            let step = flow.steps[index]
            let message: String
            if step.subflow != nil, routes.exit(from: index) == nil {
                message = "the flow \(name) cannot go on after step `\(step.id)`: a subflow step continues with `next` when its subflow completes, and its `on` has no `next`"
            } else {
                message = "the flow \(name) can never complete after step `\(step.id)`: every way on from it ends in a cycle without exit"
            }
            add(.deadEnd, .error, stepPath(index).appending("id"), message, step: index)
        }
    }

    // MARK: Walkthroughs

    mutating func lintWalkthrough(_ walkthrough: WalkthroughEntry, at walkthroughIndex: Int) {
        let base = Self.walkthroughPath(walkthroughIndex)
        guard !walkthrough.steps.isEmpty else {
            add(.emptyFlow, .warning, base.appending("steps"), "walkthrough `\(walkthrough.id)` has no steps: it never shows anything")
            return
        }
        var ids: [String: Int] = [:]
        struct Anchor: Hashable { let element: String; let trigger: CompletionTrigger }
        var anchors: [Anchor: Int] = [:]
        for (index, step) in walkthrough.steps.enumerated() {
            let path = base.appending("steps").appending(index)
            if let first = ids[step.id] {
                add(.duplicateId, .error, path.appending("id"),
                    "walkthrough `\(walkthrough.id)` already has a step `\(step.id)` (steps[\(first)]); step ids must be unique in a walkthrough")
            } else {
                ids[step.id] = index
            }
            let anchor = Anchor(element: step.targetElementId, trigger: step.completionTrigger)
            if let first = anchors[anchor] {
                add(.duplicateTarget, .warning, path.appending("targetElementId"),
                    "steps `\(walkthrough.steps[first].id)` and `\(step.id)` of walkthrough `\(walkthrough.id)` both point at `\(step.targetElementId)` and complete on the same \(step.completionTrigger.analyticsName) trigger, so one action would complete both; give one of them another element or trigger",
                    step: index)
            } else {
                anchors[anchor] = index
            }
        }
    }
}

extension ExperimentEntry {
    /// The variation names without repeats, in order.
    package var uniqueVariations: [String] {
        var seen: Set<String> = []
        return variations.filter { seen.insert($0).inserted }
    }
}

extension StepRoutes.Resolved {
    /// Whether the destination is a step id the flow does not declare.
    var isUnknown: Bool {
        if case .unknown = self { true } else { false }
    }
}

extension StepRoutes.Route {
    /// Whether the route leads to a step id the flow does not declare.
    var isUnknown: Bool { destination.isUnknown }
}

extension NavigationGraph {
    /// Tarjan's algorithm on any graph in offset form.
    static func components(offsets: [Int32], targets: [Int32]) -> (component: [Int], isCyclic: [Bool]) {
        NavigationGraph(offsets: offsets, targets: targets).stronglyConnectedComponents()
    }

    /// A graph of `offsets.count - 1` vertices without a start or `$complete` meaning.
    init(offsets: [Int32], targets: [Int32]) {
        vertexCount = offsets.count - 1
        complete = -1
        start = -1
        self.offsets = offsets
        self.targets = targets
    }
}

extension WaypointDocument {
    /// Graph problems of the document: duplicate ids, unknown targets, subflows and experiments, subflow
    /// cycles, unreachable steps, dead ends, cycles without exit, bad weights, walkthrough steps on the
    /// same element with the same trigger, empty flows, variations without an entry, more than one
    /// experiment reaching a flow run, and localized texts without a locale others have; the graph
    /// problems of each variation's `changes` name the variation.
    ///
    /// Pass the `source` of a ``DocumentValidation`` to get lines and columns; without it they are 0.
    /// The diagnostics are sorted by line and column.
    package func lint(source: DocumentSource? = nil) -> [Diagnostic] {
        var linter = DocumentLinter(document: self)
        linter.run()
        let findings = linter.findings
        guard let source else {
            return findings.map { Diagnostic($0.severity, $0.code, path: $0.path.description, at: .unknown, $0.message) }
        }
        let locations = SourceText.locations(of: source.offsets(of: findings.map(\.path)), in: source.bytes)
        return zip(findings, locations).map { finding, location in
            Diagnostic(finding.severity, finding.code, path: finding.path.description, at: location, finding.message)
        }.sortedByLocation()
    }
}

extension DocumentValidation {
    /// The graph problems of the document (duplicate ids, unknown targets, unreachable steps, dead ends and the other codes of `waypoint lint`), located in
    /// the text; empty when the document could not be read.
    public func lint() -> [Diagnostic] {
        document?.lint(source: source) ?? []
    }

    /// The format problems and, when the document could be read, its graph problems, sorted by line and column.
    public var allDiagnostics: [Diagnostic] {
        (diagnostics + lint()).sortedByLocation()
    }
}
