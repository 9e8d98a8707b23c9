/// An input the statistics cannot use, with what went wrong and how to fix it.
public struct StatisticsError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case srmLengths(users: Int, weights: Int)
        case srmTooFewVariations(Int)
        case srmNegativeUsers(index: Int, value: Int)
        case srmBadWeight(index: Int, value: Double)
    }

    private let kind: Kind

    static func srmLengths(users: Int, weights: Int) -> StatisticsError { .init(kind: .srmLengths(users: users, weights: weights)) }
    static func srmTooFewVariations(_ count: Int) -> StatisticsError { .init(kind: .srmTooFewVariations(count)) }
    static func srmNegativeUsers(index: Int, value: Int) -> StatisticsError { .init(kind: .srmNegativeUsers(index: index, value: value)) }
    static func srmBadWeight(index: Int, value: Double) -> StatisticsError { .init(kind: .srmBadWeight(index: index, value: value)) }

    /// The message: what went wrong, where, and how to fix it.
    public var description: String {
        switch kind {
        case let .srmLengths(users, weights):
            "sample ratio check: \(users) user counts but \(weights) weights; give one weight per variation, in the same order"
        case let .srmTooFewVariations(count):
            "sample ratio check: \(count) variation(s); a split needs at least two variations"
        case let .srmNegativeUsers(index, value):
            "sample ratio check: variation \(index) has \(value) users; user counts must be 0 or more"
        case let .srmBadWeight(index, value):
            "sample ratio check: variation \(index) has weight \(value); weights must be finite and 0 or more"
        }
    }
}
