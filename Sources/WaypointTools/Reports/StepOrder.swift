/// The order a report lists its steps in (docs/ARCHITECTURE.md, "Reports"): with the document's steps, those in document
/// order, every one even if no event names it, then the steps seen only in events, sorted by id and
/// marked as not in the document; without them, the steps in order of first appearance in time.
enum StepOrder {
    /// One listed step: its id, its number in the report's step table (`nil` when no event names
    /// it), and whether the document declares it (`nil` without a document).
    struct Entry {
        let name: String
        let number: Int?
        let inDocument: Bool?
    }

    /// The steps to list.
    ///
    /// - Parameters:
    ///   - steps: the step table; a step counts as seen when `firstSeen` has its earliest event.
    ///   - firstSeen: by step number, the earliest event that names the step.
    ///   - declared: the document's step ids in order, or `nil`.
    static func entries(steps: ByteStringTable, firstSeen: [EventOrder?], declared: [String]?) -> [Entry] {
        // Step ids told apart by their bytes (``ExactID``), as the table numbers them; sorted by bytes.
        var byName: [ExactID: Int] = [:]
        for index in 0..<min(steps.count, firstSeen.count) where firstSeen[index] != nil {
            byName[ExactID(steps.string(at: index))] = index
        }
        guard let declared else {
            let seen = byName.values.sorted { lhs, rhs in
                guard let left = firstSeen[lhs], let right = firstSeen[rhs] else { return lhs < rhs }
                return left < right
            }
            return seen.map { Entry(name: steps.string(at: $0), number: $0, inDocument: nil) }
        }
        let declaredSet = Set(declared.map { ExactID($0) })
        return declared.map { Entry(name: $0, number: byName[ExactID($0)], inDocument: true) }
            + byName.keys.filter { !declaredSet.contains($0) }.sorted().map { Entry(name: $0.text, number: byName[$0], inDocument: false) }
    }
}
