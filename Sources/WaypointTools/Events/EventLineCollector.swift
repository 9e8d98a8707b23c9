import Foundation

/// What a report keeps from the lines of an events file: one collector reads each byte range of
/// the file, and the collectors are merged in file order (``EventFileReader``).
protocol EventLineCollector: Sendable {
    /// Reads one line (without its newline).
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int)
    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>)
    /// Adds what `other` kept from the part of the input after this one's.
    mutating func merge(_ other: Self)
}

extension EventLineCollector {
    /// Reads every line of JSON Lines text in memory, in order.
    mutating func consume(jsonLines: Data) {
        jsonLines.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Void in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                var end = bytes.count
                if let found = memchr(base + start, 0x0A, bytes.count - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                consume(base + start, count: end - start)
                start = end + 1
            }
        }
    }

    /// Reads each string as one line (an empty string is a blank line).
    mutating func consume(lines: some Sequence<String>) {
        for var line in lines {
            line.withUTF8 { buffer in
                guard let base = buffer.baseAddress else { return }  // an empty line: not an event
                consume(base, count: buffer.count)
            }
        }
    }
}
