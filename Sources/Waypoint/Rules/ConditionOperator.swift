/// The operators of GrowthBook's condition language.
enum ConditionOperator: String, CaseIterable, Sendable {
    case eq = "$eq", ne = "$ne", gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte"
    case veq = "$veq", vne = "$vne", vgt = "$vgt", vgte = "$vgte", vlt = "$vlt", vlte = "$vlte"
    case `in` = "$in", nin = "$nin", ini = "$ini", nini = "$nini"
    case all = "$all", alli = "$alli"
    case inGroup = "$inGroup", notInGroup = "$notInGroup"
    case elemMatch = "$elemMatch", size = "$size", exists = "$exists", type = "$type"
    case regex = "$regex", regexi = "$regexi", not = "$not"

    /// Operators that combine whole conditions, valid as keys of a condition object.
    static let logical = ["$and", "$or", "$nor", "$not"]

    /// Every operator name, for messages.
    static let knownNames: [String] = allCases.map(\.rawValue) + ["$and", "$or", "$nor"]

    /// The known operator closest to a misspelt one, when it is close enough to be a likely typo.
    static func suggestion(for name: String) -> String? {
        let candidates = knownNames.map { ($0, Spelling.editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < name.count - 1 else { return nil }
        return best.0
    }
}
