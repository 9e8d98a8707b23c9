/// Why stored contribution totals could not be read or summed (docs/ARCHITECTURE.md, "Reports at scale").
///
/// Totals are written by the server itself, so these mean the stored bytes were damaged or come
/// from a newer server: rebuild the contributions from the stored events.
public struct ContributionError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case truncated
        case malformed(String)
        case unknownFormat(UInt8)
        case kindMismatch(ContributionKind, ContributionKind)
        case missingPages([Int32])
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static let truncated = ContributionError(.truncated)
    static func malformed(_ what: String) -> ContributionError { ContributionError(.malformed(what)) }
    static func unknownFormat(_ byte: UInt8) -> ContributionError { ContributionError(.unknownFormat(byte)) }
    static func kindMismatch(_ lhs: ContributionKind, _ rhs: ContributionKind) -> ContributionError {
        ContributionError(.kindMismatch(lhs, rhs))
    }

    /// A report's medians need durations of `pages` that the rows summed know only by their page.
    static func missingPages(_ pages: Set<Int32>) -> ContributionError { ContributionError(.missingPages(pages.sorted())) }

    private static let remedy = "rebuild them from the stored events (the server's README, \"Reports at scale\", says how)."

    public var description: String {
        switch reason {
        case .truncated:
            return "Stored report contributions end too early; \(Self.remedy)"
        case .malformed(let what):
            return "Stored report contributions hold \(what); \(Self.remedy)"
        case .unknownFormat(let byte):
            return "Stored report contributions start with format \(byte), which this server does not read; "
                + "run the server version that wrote them, or \(Self.remedy)"
        case .kindMismatch(let lhs, let rhs):
            return "Contributions to the \(lhs.rawValue) report and to the \(rhs.rawValue) report cannot be summed; "
                + "a cell holds one report's contributions."
        case .missingPages(let pages):
            return "Stored report contributions count durations of pages \(pages.map(String.init).joined(separator: ", ")) "
                + "that no stored page holds, so a median cannot be taken; \(Self.remedy)"
        }
    }
}
