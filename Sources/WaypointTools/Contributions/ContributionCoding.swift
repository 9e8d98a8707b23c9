/// Writes contribution totals as compact bytes: unsigned numbers as LEB128 varints, signed ones
/// zig-zag encoded, texts as their UTF-8 length and bytes (docs/ARCHITECTURE.md, "Reports at scale").
struct ContributionWriter {
    private(set) var bytes: [UInt8] = []

    /// A writer with room for `capacity` bytes, so that the usual totals are written without the
    /// buffer growing on the way.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func int(_ value: Int) { signed(Int64(value)) }

    mutating func count(_ value: Int) { unsigned(UInt64(max(0, value))) }

    mutating func text(_ value: String) {
        // Copied straight from the string's UTF-8, with no array made on the way.
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func histogram(_ histogram: DurationHistogram) {
        count(histogram.values.count)
        // Room for the usual entry: a gap and a count of a byte or two each.
        bytes.reserveCapacity(bytes.count + histogram.values.count * 4)
        var previous: Int64 = 0
        for (index, value) in histogram.values.enumerated() {
            // Ascending values: the first as it is, then the gaps, which stay small.
            signed(index == 0 ? value : value &- previous)
            int(histogram.counts[index])
            previous = value
        }
        // Then the durations known only by their page, the same way.
        count(histogram.pages.count)
        var previousPage: Int32 = 0
        for (index, page) in histogram.pages.enumerated() {
            signed(Int64(index == 0 ? page : page &- previousPage))
            int(histogram.pageCounts[index])
            previousPage = page
        }
    }
}

/// Reads what ``ContributionWriter`` wrote; any byte out of place is a ``ContributionError``.
struct ContributionReader {
    private let bytes: [UInt8]
    private var offset: Int
    /// The format of the bytes (``ContributionTotals``'s first number), which says how histograms are written.
    var format: UInt8 = ContributionTotals.format

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func unsigned() throws(ContributionError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw .truncated }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw .malformed("a number longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func signed() throws(ContributionError) -> Int64 {
        let raw = try unsigned()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func int() throws(ContributionError) -> Int {
        let value = try signed()
        guard let int = Int(exactly: value) else { throw .malformed("a number too large") }
        return int
    }

    /// A count of entries that follow: bounded by the bytes left, so a bad length cannot make a
    /// reader reserve memory it will never fill.
    mutating func count() throws(ContributionError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - offset) else { throw .malformed("a count larger than the bytes left") }
        return Int(value)
    }

    mutating func text() throws(ContributionError) -> String {
        let length = try count()
        let slice = bytes[offset..<offset + length]
        offset += length
        guard let text = String(validating: slice, as: UTF8.self) else { throw .malformed("a text that is not UTF-8") }
        return text
    }

    /// A histogram: its entries' count, then per entry the gap from the previous duration (the
    /// first duration itself) and the count; from ``format`` 2 on, its pages the same way. Gaps must
    /// be positive and counts not 0.
    mutating func histogram() throws(ContributionError) -> DurationHistogram {
        let entries = try count()
        var values: [Int64] = []
        var counts: [Int] = []
        values.reserveCapacity(entries)
        counts.reserveCapacity(entries)
        var previous: Int64 = 0
        for index in 0..<entries {
            let gap = try signed()
            let count = try int()
            let value = index == 0 ? gap : previous &+ gap
            guard index == 0 || (gap > 0 && value > previous) else { throw .malformed("a histogram whose durations are not ascending") }
            guard count != 0 else { throw .malformed("a histogram entry counted 0 times") }
            values.append(value)
            counts.append(count)
            previous = value
        }
        guard format >= 2 else { return DurationHistogram(ascending: values, counts: counts) }
        let pageEntries = try self.count()
        var pages: [Int32] = []
        var pageCounts: [Int] = []
        pages.reserveCapacity(pageEntries)
        pageCounts.reserveCapacity(pageEntries)
        for index in 0..<pageEntries {
            let gap = try signed()
            let count = try int()
            let value = index == 0 ? gap : Int64(pages[index - 1]) &+ gap
            guard let page = Int32(exactly: value) else { throw .malformed("a histogram page out of range") }
            guard index == 0 || (gap > 0 && page > pages[index - 1]) else { throw .malformed("a histogram whose pages are not ascending") }
            guard count != 0 else { throw .malformed("a histogram page counted 0 times") }
            pages.append(page)
            pageCounts.append(count)
        }
        return DurationHistogram(ascending: values, counts: counts, pages: pages, pageCounts: pageCounts)
    }
}
