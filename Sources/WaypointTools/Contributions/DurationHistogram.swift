/// Exact durations as a histogram: each distinct whole number of milliseconds with how many times
/// it occurs, so that sums of many users keep exact medians (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A store keeps a cell's durations counted by page instead (``page(of:)``, about 1/16 of an
/// octave each), with each page's exact durations apart: a report sums the counts, then reads the
/// exact durations of only the pages that hold a median (``medianPages``). Such a histogram holds
/// both: exact durations, and durations known only by their page.
public struct DurationHistogram: Sendable, Hashable {
    /// The distinct durations, ascending.
    public private(set) var values: [Int64] = []
    /// How many times each of ``values`` occurs (never 0; negative only in a difference).
    public private(set) var counts: [Int] = []
    /// The pages of the durations known only by their page, ascending.
    public private(set) var pages: [Int32] = []
    /// How many durations each of ``pages`` holds beyond ``values`` (never 0; negative in a
    /// difference, and in a page's exact durations, which take their count away from the page).
    public private(set) var pageCounts: [Int] = []

    /// An empty histogram.
    public init() {}

    /// The histogram of `durations`, in any order.
    public init(_ durations: some Sequence<Int64>) {
        let sorted = durations.sorted()
        var index = sorted.startIndex
        while index < sorted.endIndex {
            let value = sorted[index]
            var end = index + 1
            while end < sorted.endIndex, sorted[end] == value { end += 1 }
            values.append(value)
            counts.append(end - index)
            index = end
        }
    }

    /// A histogram from entries its reader has checked: as many values as counts, values strictly
    /// ascending, counts not 0 (``ContributionReader/histogram()``).
    init(ascending values: [Int64], counts: [Int], pages: [Int32] = [], pageCounts: [Int] = []) {
        precondition(values.count == counts.count && pages.count == pageCounts.count, "a histogram needs a count per duration and page")
        self.values = values
        self.counts = counts
        self.pages = pages
        self.pageCounts = pageCounts
    }

    /// Whether no duration is held.
    public var isEmpty: Bool { values.isEmpty && pages.isEmpty }

    /// Whether every duration is known exactly (none only by its page).
    public var isExact: Bool { pages.isEmpty }

    /// How many durations are held.
    public var count: Int { counts.reduce(0, +) + pageCounts.reduce(0, +) }

    /// The page of a duration: below 32 ms each millisecond is a page of its own; above, each
    /// octave [2ⁿ, 2ⁿ⁺¹) is cut into 16 pages of 2ⁿ⁻⁴ ms. Pages ascend with durations (negative
    /// durations, mirrored, take negative pages), so a page is a range of durations.
    public static func page(of value: Int64) -> Int32 {
        guard value >= 0 else { return -1 - page(of: -(value + 1)) }
        guard value >= 32 else { return Int32(value) }
        let octave = 63 - value.leadingZeroBitCount
        return Int32(32 + (octave - 5) * 16 + Int((value >> (octave - 4)) & 15))
    }

    /// Adds `other`'s durations (`sign` 1), or takes them away (`sign` −1).
    public mutating func add(_ other: DurationHistogram, sign: Int = 1) {
        guard !other.isEmpty else { return }
        if isEmpty, sign == 1 {
            self = other
            return
        }
        (values, counts) = Self.merged(values, counts, other.values, other.counts, sign: sign)
        (pages, pageCounts) = Self.merged(pages, pageCounts, other.pages, other.pageCounts, sign: sign)
    }

    /// Two ascending lists of keys with their counts, merged: `sign` times the right one's counts
    /// added, keys whose count becomes 0 left out.
    private static func merged<Key: Comparable>(
        _ keys: [Key], _ counts: [Int], _ otherKeys: [Key], _ otherCounts: [Int], sign: Int
    ) -> ([Key], [Int]) {
        guard !otherKeys.isEmpty else { return (keys, counts) }
        var mergedKeys: [Key] = []
        var mergedCounts: [Int] = []
        mergedKeys.reserveCapacity(keys.count + otherKeys.count)
        mergedCounts.reserveCapacity(keys.count + otherKeys.count)
        var left = 0, right = 0
        func append(_ key: Key, _ count: Int) {
            guard count != 0 else { return }
            mergedKeys.append(key)
            mergedCounts.append(count)
        }
        while left < keys.count || right < otherKeys.count {
            if right == otherKeys.count || (left < keys.count && keys[left] < otherKeys[right]) {
                append(keys[left], counts[left])
                left += 1
            } else if left == keys.count || otherKeys[right] < keys[left] {
                append(otherKeys[right], sign * otherCounts[right])
                right += 1
            } else {
                append(keys[left], counts[left] + sign * otherCounts[right])
                left += 1
                right += 1
            }
        }
        return (mergedKeys, mergedCounts)
    }

    /// The sum of many histograms, in one pass when their durations span at most a few times as
    /// many milliseconds as they hold entries (counted in an array by duration), else by sorting
    /// all their entries at once: a report sums hundreds of cells, and adding them one by one to a
    /// growing sum would cost the sum's size for each. Pages are counted in an array (there are fewer than 2,000).
    public static func sum(_ histograms: [DurationHistogram]) -> DurationHistogram {
        let held = histograms.filter { !$0.isEmpty }
        guard held.count > 1 else { return held.first ?? DurationHistogram() }
        var sum = DurationHistogram()
        (sum.values, sum.counts) = summed(held.map { ($0.values, $0.counts) }, number: { $0 }, key: { $0 })
        (sum.pages, sum.pageCounts) = summed(held.map { ($0.pages, $0.pageCounts) }, number: { Int64($0) }, key: { Int32($0) })
        return sum
    }

    /// Ascending lists of keys with counts, summed (see ``sum(_:)``); `number` places a key on the
    /// number line, and `key` is its inverse.
    private static func summed<Key: Comparable>(
        _ lists: [([Key], [Int])], number offset: (Key) -> Int64, key: (Int64) -> Key
    ) -> ([Key], [Int]) {
        let held = lists.filter { !$0.0.isEmpty }
        guard held.count > 1 else { return held.first ?? ([], []) }
        let total = held.reduce(0) { $0 + $1.0.count }
        let low = held.map { $0.0[0] }.min()!, high = held.map { $0.0[$0.0.count - 1] }.max()!
        let (span, overflow) = offset(high).subtractingReportingOverflow(offset(low))
        if !overflow, span < 1 << 20, span <= 4 * Int64(total) + 4096 {
            var counts = [Int](repeating: 0, count: Int(span) + 1)
            let base = offset(low)
            for (listKeys, listCounts) in held {
                for index in listKeys.indices { counts[Int(offset(listKeys[index]) &- base)] += listCounts[index] }
            }
            var sumKeys: [Key] = [], sumCounts: [Int] = []
            for slot in counts.indices where counts[slot] != 0 {
                sumKeys.append(key(base &+ Int64(slot)))
                sumCounts.append(counts[slot])
            }
            return (sumKeys, sumCounts)
        }
        // Wide and sparse: every entry in one list, sorted by key, equal keys added.
        var entries: [(key: Key, count: Int)] = []
        entries.reserveCapacity(total)
        for (keys, counts) in held {
            for index in keys.indices { entries.append((keys[index], counts[index])) }
        }
        entries.sort { $0.key < $1.key }
        var sumKeys: [Key] = [], sumCounts: [Int] = []
        sumKeys.reserveCapacity(entries.count)
        sumCounts.reserveCapacity(entries.count)
        var index = 0
        while index < entries.count {
            let key = entries[index].key
            var count = 0
            while index < entries.count, entries[index].key == key {
                count += entries[index].count
                index += 1
            }
            guard count != 0 else { continue }
            sumKeys.append(key)
            sumCounts.append(count)
        }
        return (sumKeys, sumCounts)
    }

    /// The median: the middle duration, or the mean of the two middle ones for an even count;
    /// `nil` when there is none, or when a middle duration is known only by its page
    /// (``medianPages`` not empty). Equal to the median of the durations as a list.
    public var median: Double? {
        let total = count
        guard total > 0 else { return nil }
        guard case .duration(let high) = locate(total / 2) else { return nil }
        if total % 2 == 1 { return Double(high) }
        guard case .duration(let low) = locate(total / 2 - 1) else { return nil }
        return (Double(low) + Double(high)) / 2
    }

    /// The pages whose exact durations the median needs: those holding a middle duration that is
    /// known only by its page. Empty when ``median`` is exact.
    public var medianPages: Set<Int32> {
        let total = count
        guard total > 0, !pages.isEmpty else { return [] }
        var needed: Set<Int32> = []
        for position in Set([total / 2, (total - 1) / 2]) {
            if case .page(let page) = locate(position) { needed.insert(page) }
        }
        return needed
    }

    /// Where the duration at `position` (from 0, in ascending order) is.
    private enum Place {
        case duration(Int64)
        case page(Int32)
        case none
    }

    /// Finds the duration at `position`, page by page: a page with durations known only by it
    /// answers with the page.
    private func locate(_ position: Int) -> Place {
        var seen = 0
        var value = 0, pageIndex = 0
        while value < values.count || pageIndex < pages.count {
            let valuePage = value < values.count ? Self.page(of: values[value]) : Int32.max
            let countedPage = pageIndex < pages.count ? pages[pageIndex] : Int32.max
            let page = min(valuePage, countedPage)
            let counted = countedPage == page ? pageCounts[pageIndex] : 0
            var end = value, inPage = counted
            while end < values.count, Self.page(of: values[end]) == page {
                inPage += counts[end]
                end += 1
            }
            if position < seen + inPage {
                if counted != 0 { return .page(page) }
                var reached = seen
                for index in value..<end {
                    reached += counts[index]
                    if position < reached { return .duration(values[index]) }
                }
            }
            seen += inPage
            value = end
            if countedPage == page { pageIndex += 1 }
        }
        return .none
    }

    /// The same durations, every one counted by its page: what a store keeps in a cell.
    public var byPage: DurationHistogram {
        var counted = DurationHistogram()
        let runs = pageRuns.filter { $0.total != 0 }
        (counted.pages, counted.pageCounts) = Self.merged(pages, pageCounts, runs.map(\.page), runs.map(\.total), sign: 1)
        return counted
    }

    /// The exact durations, page by page: each page's durations with their count taken away from
    /// the page, so that ``byPage`` plus every page's part is this histogram again. Durations
    /// known only by their page have no part.
    public var exactPages: [Int32: DurationHistogram] {
        var parts: [Int32: DurationHistogram] = [:]
        for run in pageRuns {
            parts[run.page] = DurationHistogram(
                ascending: Array(values[run.entries]), counts: Array(counts[run.entries]),
                pages: run.total == 0 ? [] : [run.page], pageCounts: run.total == 0 ? [] : [-run.total])
        }
        return parts
    }

    /// The exact durations in runs of one page each: the page, the run's entries and their count.
    private var pageRuns: [(page: Int32, entries: Range<Int>, total: Int)] {
        var runs: [(page: Int32, entries: Range<Int>, total: Int)] = []
        var index = 0
        while index < values.count {
            let page = Self.page(of: values[index])
            var end = index, total = 0
            while end < values.count, Self.page(of: values[end]) == page {
                total += counts[end]
                end += 1
            }
            runs.append((page, index..<end, total))
            index = end
        }
        return runs
    }
}
