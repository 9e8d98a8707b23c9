/// What every report counts about its input's lines: lines read, valid events, invalid lines and
/// the first invalid one (for the "no valid events" message).
///
/// A blank line is neither an event nor invalid; a line that is not a valid event (see
/// ``EventLineScanner``) is invalid.
struct EventLineCounts {
    /// Lines read, blank ones included.
    var lines: Int64 = 0
    /// Valid events read (of any flow, walkthrough and name).
    var eventLines = 0
    /// Lines that are not valid events.
    var invalidLines = 0
    /// The first invalid line: its number (1-based, within this part of the input) and its first bytes.
    var firstInvalid: (line: Int64, bytes: [UInt8])?

    /// Scans the line of `count` bytes at `p`, counting it: the event's fields, or `nil` for a
    /// blank or invalid line.
    @inline(__always)
    mutating func scan(_ p: UnsafePointer<UInt8>, count: Int) -> EventLineScanner.Fields? {
        lines += 1
        guard let fields = EventLineScanner.scan(p, count: count) else {
            if !EventLineScanner.isBlank(p, count: count) {
                invalidLines += 1
                if firstInvalid == nil { firstInvalid = (lines, Array(UnsafeBufferPointer(start: p, count: min(count, 256)))) }
            }
            return nil
        }
        eventLines += 1
        return fields
    }

    /// Counts one event that arrived decoded.
    mutating func countEvent() {
        lines += 1
        eventLines += 1
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        lines += 1
        invalidLines += 1
        if firstInvalid == nil { firstInvalid = (lines, Array(start)) }
    }

    /// Adds the counts of the part of the input after this one.
    mutating func merge(_ other: EventLineCounts) {
        if firstInvalid == nil, let found = other.firstInvalid { firstInvalid = (lines + found.line, found.bytes) }
        lines += other.lines
        eventLines += other.eventLines
        invalidLines += other.invalidLines
    }

    /// The error for an input whose lines are all invalid (or blank), when there is at least one
    /// invalid line; `nil` otherwise.
    func noValidEventsError(source: String?) -> ReportError? {
        guard eventLines == 0, invalidLines > 0, let first = firstInvalid else { return nil }
        return .noValidEvents(source: source, invalidLines: invalidLines, line: first.line, bytes: first.bytes)
    }
}
