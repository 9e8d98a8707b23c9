/// Suggestions for misspelt names: the "did you mean" of every error message.
package enum Spelling {
    /// The candidate closest to `name`, when it is a likely typo (same letters in another case, or at most
    /// two edits away for names longer than three characters).
    package static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
        guard name.count > 3, name.count < 64 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= 2, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The did-you-mean of one list of candidates asked about many names (a flow's step ids, asked
    /// about every unknown target): each answer is ``suggestion(for:among:)``'s, and the work of all
    /// questions together is bounded. The candidates are lowercased once; a question is answered in
    /// full while the comparisons it needs fit in what is left of `budget` (candidates compared), and
    /// gets no suggestion beyond, so a document with thousands of unknown names costs no more than a
    /// few dozen would: linear in the candidates, never their product with the names.
    package struct Suggester {
        private let candidates: [String]
        private let lowered: [String]
        /// The unicode scalars of each lowered candidate: a distance is at least the difference of two lengths.
        private let lengths: [Int]
        /// The first candidate of each lowercased form.
        private let byLowered: [String: Int]
        private var budget: Int

        /// Prepares `candidates` for questions that together compare at most `budget` of them.
        package init(_ candidates: [String], budget: Int = 500_000) {
            self.candidates = candidates
            lowered = candidates.map { $0.lowercased() }
            lengths = lowered.map(\.unicodeScalars.count)
            var first: [String: Int] = [:]
            for (index, name) in lowered.enumerated() where first[name] == nil { first[name] = index }
            byLowered = first
            self.budget = budget
        }

        /// The candidate closest to `name`, as ``Spelling/suggestion(for:among:)`` finds it; `nil` also
        /// once the budget is spent.
        package mutating func suggestion(for name: String) -> String? {
            let name = name.lowercased()
            if let same = byLowered[name] { return candidates[same] }
            let length = name.unicodeScalars.count
            guard name.count > 3, name.count < 64, budget >= lowered.count else { return nil }
            budget -= lowered.count
            var best: (index: Int, distance: Int)?
            for index in lowered.indices where abs(lengths[index] - length) <= 2 {
                let distance = Spelling.editDistance(name, lowered[index])
                if distance <= 2, distance < (best?.distance ?? .max) { best = (index, distance) }
            }
            return best.map { candidates[$0.index] }
        }
    }

    /// At most `limit` of `candidates`, closest first to any of `names` (by ``editDistance(_:_:)``,
    /// ignoring case; ties keep the candidates' order): the "closest known" of a message that cannot
    /// list every candidate. Names of 64 characters or more are not compared (as in
    /// ``suggestion(for:among:)``), so the work is bounded by the candidates and the names passed.
    package static func closest(to names: [String], among candidates: [String], limit: Int) -> [String] {
        let names = names.filter { $0.count < 64 }.map { $0.lowercased() }
        guard !names.isEmpty, limit > 0 else { return Array(candidates.prefix(max(limit, 0))) }
        let ranked = candidates.enumerated().map { index, candidate in
            let lowered = candidate.lowercased()
            return (candidate, names.map { editDistance($0, lowered) }.min() ?? .max, index)
        }
        return ranked.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.prefix(limit).map(\.0)
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// "`a`, `b` or `c`".
    package static func choices(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { "`\($0)`" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
