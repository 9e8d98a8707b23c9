/// The summed figures of a ``ContributionRow``: one report kind's totals, which add and subtract
/// exactly, and travel as compact bytes that stores keep (docs/ARCHITECTURE.md, "Reports at scale").
public enum ContributionTotals: Sendable, Hashable {
    /// A flow report's totals.
    case flow(FlowTotals)
    /// A walkthrough report's totals.
    case walkthrough(WalkthroughTotals)
    /// An experiment report's totals.
    case experiment(ExperimentTotals)

    /// The report kind.
    public var kind: ContributionKind {
        switch self {
        case .flow: return .flow
        case .walkthrough: return .walkthrough
        case .experiment: return .experiment
        }
    }

    /// How many users' contributions are summed (0: the cell is empty and can be dropped).
    public var users: Int {
        switch self {
        case .flow(let totals): return totals.users
        case .walkthrough(let totals): return totals.users
        case .experiment(let totals): return totals.users
        }
    }

    /// Whether nothing is left: no user, and every figure back at 0.
    public var isEmpty: Bool {
        switch self {
        case .flow(let totals): return totals.isEmpty
        case .walkthrough(let totals): return totals.isEmpty
        case .experiment(let totals): return totals.isEmpty
        }
    }

    /// Adds `other`'s figures (`sign` 1) or takes them away (`sign` −1); both must be of one kind.
    public mutating func add(_ other: ContributionTotals, sign: Int = 1) throws(ContributionError) {
        switch (self, other) {
        case (.flow(var totals), .flow(let more)):
            totals.add(more, sign: sign)
            self = .flow(totals)
        case (.walkthrough(var totals), .walkthrough(let more)):
            totals.add(more, sign: sign)
            self = .walkthrough(totals)
        case (.experiment(var totals), .experiment(let more)):
            totals.add(more, sign: sign)
            self = .experiment(totals)
        default:
            throw .kindMismatch(kind, other.kind)
        }
    }

    /// Takes `other`'s figures away.
    public mutating func subtract(_ other: ContributionTotals) throws(ContributionError) {
        try add(other, sign: -1)
    }

    /// The totals as a store keeps a cell: durations counted by page, and each page's exact
    /// durations apart (``FlowTotals/paged``); totals without durations have no page.
    public var paged: (counted: ContributionTotals, pages: [Int32: ContributionTotals]) {
        guard case .flow(let totals) = self else { return (self, [:]) }
        let (counted, pages) = totals.paged
        return (.flow(counted), pages.mapValues { .flow($0) })
    }

    /// The format of ``bytes``: 2 writes each histogram's pages after its durations; format 1,
    /// without pages, is still read (stores written before keep it until they are rewritten).
    static let format: UInt8 = 2

    /// The totals as bytes: the format, the kind, then the kind's figures.
    public var bytes: [UInt8] {
        var writer = ContributionWriter(capacity: 256)
        writer.unsigned(UInt64(Self.format))
        switch self {
        case .flow(let totals):
            writer.unsigned(0)
            totals.write(to: &writer)
        case .walkthrough(let totals):
            writer.unsigned(1)
            totals.write(to: &writer)
        case .experiment(let totals):
            writer.unsigned(2)
            totals.write(to: &writer)
        }
        return writer.bytes
    }

    /// Reads totals from ``bytes``.
    public init(bytes: [UInt8]) throws(ContributionError) {
        var reader = ContributionReader(bytes)
        let format = try reader.unsigned()
        guard (1...UInt64(Self.format)).contains(format) else { throw .unknownFormat(UInt8(truncatingIfNeeded: format)) }
        reader.format = UInt8(format)
        switch try reader.unsigned() {
        case 0: self = .flow(try FlowTotals(from: &reader))
        case 1: self = .walkthrough(try WalkthroughTotals(from: &reader))
        case 2: self = .experiment(try ExperimentTotals(from: &reader))
        case let other: throw .malformed("an unknown report kind \(other)")
        }
        guard reader.isAtEnd else { throw .malformed("bytes after the figures") }
    }
}
