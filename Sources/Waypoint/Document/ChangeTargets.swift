/// The flows and walkthroughs of a document and their step ids, read straight from the text (so that
/// an entry with an error elsewhere still counts), for checking what experiment changes name.
struct ChangeTargets: Sendable {
    /// The steps of one id, over all its entries, in document order.
    struct Steps: Sendable {
        /// The ids in document order, each once.
        private(set) var ids: [String] = []
        /// The same ids, to look one up in constant time (a flow may have thousands of steps).
        private var known: Set<String> = []
        /// The steps that run a subflow.
        var subflowSteps: Set<String> = []

        func contains(_ id: String) -> Bool { known.contains(id) }

        /// Adds `id` unless it is there already.
        mutating func add(_ id: String) {
            if known.insert(id).inserted { ids.append(id) }
        }
    }

    /// Flow ids in document order.
    private(set) var flowIDs: [String] = []
    /// Walkthrough ids in document order.
    private(set) var walkthroughIDs: [String] = []
    private(set) var flows: [String: Steps] = [:]
    private(set) var walkthroughs: [String: Steps] = [:]

    init() {}

    /// Reads the `flows` and `walkthroughs` arrays (node indices, `-1` when absent).
    init(tape: JSONTape, flows flowsNode: Int, walkthroughs walkthroughsNode: Int) {
        (flowIDs, flows) = Self.read(tape, flowsNode)
        (walkthroughIDs, walkthroughs) = Self.read(tape, walkthroughsNode)
    }

    private static func read(_ tape: JSONTape, _ node: Int) -> ([String], [String: Steps]) {
        guard node >= 0, tape.kind(node) == .array else { return ([], [:]) }
        var order: [String] = []
        var result: [String: Steps] = [:]
        for entry in tape.elements(node) {
            guard let idNode = tape.member(entry, "id"), tape.kind(idNode) == .string else { continue }
            let id = tape.string(idNode)
            if result[id] == nil { order.append(id) }
            var steps = result[id] ?? Steps()
            if let list = tape.member(entry, "steps"), tape.kind(list) == .array {
                for step in tape.elements(list) {
                    guard let stepID = tape.member(step, "id"), tape.kind(stepID) == .string else { continue }
                    let name = tape.string(stepID)
                    steps.add(name)
                    if tape.member(step, "subflow") != nil { steps.subflowSteps.insert(name) }
                }
            }
            result[id] = steps
        }
        return (order, result)
    }
}
