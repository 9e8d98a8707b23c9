/// Durations of a report's group as they are gathered: values appended one at a time while events
/// are read, and histograms added from contributions (docs/ARCHITECTURE.md, "Reports at scale").
struct DurationValues {
    /// Values appended, in no order.
    var raw: [Int64] = []
    /// Durations added as a histogram.
    var histogram = DurationHistogram()

    var isEmpty: Bool { raw.isEmpty && histogram.isEmpty }

    mutating func append(_ value: Int64) { raw.append(value) }

    mutating func add(_ other: DurationValues) {
        raw += other.raw
        histogram.add(other.histogram)
    }

    /// Every duration held, as one histogram.
    var allDurations: DurationHistogram {
        var all = histogram
        all.add(DurationHistogram(raw))
        return all
    }

    /// The median of every duration held (the mean of the two middle ones for an even count).
    var median: Double? {
        histogram.isEmpty ? FunnelTally.median(raw) : allDurations.median
    }

    /// The pages of durations known only by their page that the median needs (``DurationHistogram/medianPages``).
    var medianPages: Set<Int32> {
        histogram.isExact ? [] : allDurations.medianPages
    }
}
