/// The pages of exact durations a report's medians need, by the grouping of the cells that hold
/// them (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A store's cells count durations by page (``DurationHistogram/medianPages``). Each median is
/// summed from the cells of one grouping (``CellSelection``): the report over every user from the
/// cells of every user, a split by locale from the locale cells. So a store reads each grouping's
/// cells with the pages of that grouping's medians only, not with the pages any median needs.
public struct MedianPages: Sendable, Hashable {
    /// The pages needed in the cells whose group starts with each prefix (a grouping's range, as in ``CellSelection/prefixes``).
    public private(set) var byPrefix: [String: Set<Int32>]

    /// No page: every median is exact already.
    public static let none = MedianPages(byPrefix: [:])

    init(byPrefix: [String: Set<Int32>]) {
        self.byPrefix = byPrefix.filter { !$0.value.isEmpty }
    }

    /// Whether no page is needed.
    public var isEmpty: Bool { byPrefix.isEmpty }

    /// Every page needed, in whichever cells.
    public var all: Set<Int32> { byPrefix.values.reduce(into: []) { $0.formUnion($1) } }

    /// The pages needed in the cell whose group is `group`.
    public func pages(ofGroup group: String) -> Set<Int32> {
        byPrefix.reduce(into: []) { pages, entry in
            if group.utf8.starts(with: entry.key.utf8) { pages.formUnion(entry.value) }
        }
    }

    /// Adds the pages `pages` of the cells whose group starts with `prefix`.
    mutating func add(_ pages: Set<Int32>, prefix: String) {
        guard !pages.isEmpty else { return }
        byPrefix[prefix, default: []].formUnion(pages)
    }
}
