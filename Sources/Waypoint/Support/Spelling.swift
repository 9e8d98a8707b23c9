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
