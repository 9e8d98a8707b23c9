/// Exact durations as a histogram: each distinct whole number of milliseconds with how many times
/// it occurs, so that sums of many users keep exact medians (docs/ARCHITECTURE.md, "Reports at scale").
public struct DurationHistogram: Sendable, Hashable {
    /// The distinct durations, ascending.
    public private(set) var values: [Int64] = []
    /// How many times each of ``values`` occurs (never 0; negative only in a difference).
    public private(set) var counts: [Int] = []

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
    init(ascending values: [Int64], counts: [Int]) {
        precondition(values.count == counts.count, "a histogram needs a count per duration")
        self.values = values
        self.counts = counts
    }

    /// Whether no duration is held.
    public var isEmpty: Bool { values.isEmpty }

    /// How many durations are held.
    public var count: Int { counts.reduce(0, +) }

    /// Adds `other`'s durations (`sign` 1), or takes them away (`sign` −1).
    public mutating func add(_ other: DurationHistogram, sign: Int = 1) {
        guard !other.values.isEmpty else { return }
        if values.isEmpty, sign == 1 {
            self = other
            return
        }
        var mergedValues: [Int64] = []
        var mergedCounts: [Int] = []
        mergedValues.reserveCapacity(values.count + other.values.count)
        mergedCounts.reserveCapacity(values.count + other.values.count)
        var left = 0, right = 0
        func append(_ value: Int64, _ count: Int) {
            guard count != 0 else { return }
            mergedValues.append(value)
            mergedCounts.append(count)
        }
        while left < values.count || right < other.values.count {
            if right == other.values.count || (left < values.count && values[left] < other.values[right]) {
                append(values[left], counts[left])
                left += 1
            } else if left == values.count || other.values[right] < values[left] {
                append(other.values[right], sign * other.counts[right])
                right += 1
            } else {
                append(values[left], counts[left] + sign * other.counts[right])
                left += 1
                right += 1
            }
        }
        values = mergedValues
        counts = mergedCounts
    }

    /// The sum of many histograms, in one pass when their durations span at most about a million
    /// milliseconds (counted in an array by duration), else merged pairwise in a balanced tree: a
    /// report sums hundreds of cells, and adding them one by one to a growing sum would cost the
    /// sum's size for each.
    public static func sum(_ histograms: [DurationHistogram]) -> DurationHistogram {
        let held = histograms.filter { !$0.isEmpty }
        guard held.count > 1 else { return held.first ?? DurationHistogram() }
        let low = held.map { $0.values[0] }.min()!, high = held.map { $0.values[$0.values.count - 1] }.max()!
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, span < 1 << 20 {
            var counts = [Int](repeating: 0, count: Int(span) + 1)
            for histogram in held {
                for index in histogram.values.indices { counts[Int(histogram.values[index] &- low)] += histogram.counts[index] }
            }
            var sum = DurationHistogram()
            for (offset, count) in counts.enumerated() where count != 0 {
                sum.values.append(low &+ Int64(offset))
                sum.counts.append(count)
            }
            return sum
        }
        var level = held
        while level.count > 1 {
            var next: [DurationHistogram] = []
            next.reserveCapacity((level.count + 1) / 2)
            for index in stride(from: 0, to: level.count, by: 2) {
                var pair = level[index]
                if index + 1 < level.count { pair.add(level[index + 1]) }
                next.append(pair)
            }
            level = next
        }
        return level[0]
    }

    /// The median: the middle duration, or the mean of the two middle ones for an even count;
    /// `nil` when there is none. Equal to the median of the durations as a list.
    public var median: Double? {
        let total = count
        guard total > 0 else { return nil }
        func value(at position: Int) -> Int64 {
            var seen = 0
            for (index, count) in counts.enumerated() {
                seen += count
                if position < seen { return values[index] }
            }
            return values[values.count - 1]
        }
        if total % 2 == 1 { return Double(value(at: total / 2)) }
        return (Double(value(at: total / 2 - 1)) + Double(value(at: total / 2))) / 2
    }
}
