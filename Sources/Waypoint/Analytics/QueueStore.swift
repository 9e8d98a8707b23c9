import Foundation

/// The files of a ``DurableEventQueue``: JSON Lines segments and the read position (cursor).
///
/// Invariants after opening: every segment holds complete lines only (a write cut short by a crash
/// is cut off when opening: it was never acknowledged), the last segment is the one appended to,
/// and everything before the cursor has been delivered or dropped. Owned by one actor.
struct QueueStore {
    /// A place in the queue: a segment and a byte offset in it.
    struct Position: Comparable, Hashable {
        var segment: UInt64
        var offset: Int64

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.segment, lhs.offset) < (rhs.segment, rhs.offset)
        }
    }

    /// Lines read from the queue (without their newlines) and the position after the last one.
    struct Batch {
        var lines: [ArraySlice<UInt8>] = []
        /// The position just after each line.
        var ends: [Position] = []
        var end: Position
    }

    private struct Segment {
        let number: UInt64
        var size: Int64
    }

    let directory: String
    let segmentBytes: Int64
    private(set) var cursor: Position
    private(set) var pendingEvents = 0
    private(set) var repairedPartialLines = 0
    private var segments: [Segment]
    private var active: EventFile

    private var cursorPath: String { directory + "/cursor" }

    private func path(of number: UInt64) -> String {
        let digits = String(number)
        return directory + "/segment-" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".jsonl"
    }

    /// Opens the queue's files in `directory`, repairing what a crash left.
    init(directory: String, segmentBytes: Int64) throws(EventQueueError) {
        self.directory = directory
        self.segmentBytes = segmentBytes
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var numbers = names.compactMap { name -> UInt64? in
            guard name.hasPrefix("segment-"), name.hasSuffix(".jsonl") else { return nil }
            return UInt64(name.dropFirst("segment-".count).dropLast(".jsonl".count))
        }.sorted()

        var cursor = Position(segment: numbers.first ?? 1, offset: 0)
        if let text = try? String(contentsOfFile: directory + "/cursor", encoding: .utf8) {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            if parts.count == 2, let segment = UInt64(parts[0]), let offset = Int64(parts[1]), offset >= 0 {
                cursor = Position(segment: segment, offset: offset)
            }
        }
        // Segments wholly before the cursor were delivered; a crash stopped their removal.
        for number in numbers where number < cursor.segment {
            _ = try? EventFile.remove(directory + "/segment-" + Self.padded(number) + ".jsonl")
        }
        numbers.removeAll { $0 < cursor.segment }
        if let first = numbers.first, first != cursor.segment {
            cursor = Position(segment: first, offset: 0)
        }
        if numbers.isEmpty {
            numbers = [cursor.segment]
            cursor.offset = 0
        }

        var segments: [Segment] = []
        var repaired = 0
        for number in numbers {
            let path = directory + "/segment-" + Self.padded(number) + ".jsonl"
            do throws(SystemCallError) {
                let file = try EventFile.openForAppending(path)
                var size = try file.size()
                if let cut = try Self.completeLength(of: file, size: size), cut != size {
                    try file.truncate(to: cut)
                    try file.synchronize()
                    size = cut
                    repaired += 1
                }
                segments.append(Segment(number: number, size: size))
            } catch {
                throw EventQueueError.io(error, path: path)
            }
        }
        POSIXFile.syncDirectory(directory)
        if let first = segments.first, cursor.segment == first.number {
            cursor.offset = min(cursor.offset, first.size)
        }
        let lastPath = directory + "/segment-" + Self.padded(segments[segments.count - 1].number) + ".jsonl"
        do {
            active = try EventFile.openForAppending(lastPath)
        } catch {
            throw EventQueueError.io(error, path: lastPath)
        }
        self.segments = segments
        self.cursor = cursor
        self.repairedPartialLines = repaired
        var counted = 0
        var position = cursor
        while true {
            let batch = try readBatch(from: position, maxEvents: 4096)
            if batch.lines.isEmpty { break }
            counted += batch.lines.count
            position = batch.end
        }
        pendingEvents = counted
    }

    private static func padded(_ number: UInt64) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    /// The length of the file up to and including its last newline, or `nil` when it ends with one.
    private static func completeLength(of file: EventFile, size: Int64) throws(SystemCallError) -> Int64? {
        guard size > 0 else { return nil }
        var end = size
        let chunk: Int64 = 64 << 10
        while end > 0 {
            let start = max(0, end - chunk)
            let bytes = try file.read(count: Int(end - start), at: start)
            if end == size, bytes.last == 0x0A { return nil }
            if let newline = bytes.lastIndex(of: 0x0A) { return start + Int64(newline) + 1 }
            end = start
        }
        return 0
    }

    /// Bytes of undelivered events.
    var pendingBytes: Int64 {
        var total: Int64 = 0
        for segment in segments where segment.number >= cursor.segment {
            total += segment.size
        }
        return total - cursor.offset
    }

    /// Appends one complete line (ending with a newline) and flushes it to disk.
    mutating func append(_ line: [UInt8]) throws(EventQueueError) {
        if segments[segments.count - 1].size >= segmentBytes {
            try startSegment()
        }
        let last = segments.count - 1
        let before = segments[last].size
        do throws(SystemCallError) {
            try active.append(line)
            try active.synchronize()
        } catch {
            // Leave no partial line behind for the next append to run into.
            try? active.truncate(to: before)
            throw EventQueueError.io(error, path: active.path)
        }
        segments[last].size = before + Int64(line.count)
        pendingEvents += 1
    }

    /// Reads up to `maxEvents` lines from `position`, crossing into later segments.
    func readBatch(from position: Position, maxEvents: Int) throws(EventQueueError) -> Batch {
        var batch = Batch(end: position)
        var position = position
        guard var index = segments.firstIndex(where: { $0.number >= position.segment }) else { return batch }
        if segments[index].number != position.segment { position = Position(segment: segments[index].number, offset: 0) }
        while batch.lines.count < maxEvents, index < segments.count {
            let segment = segments[index]
            if position.offset >= segment.size {
                index += 1
                if index < segments.count, position.offset > 0 || segment.size == 0 {
                    position = Position(segment: segments[index].number, offset: 0)
                }
                continue
            }
            let path = self.path(of: segment.number)
            var want = Int(min(segment.size - position.offset, 1 << 20))
            var bytes: [UInt8] = []
            do throws(SystemCallError) {
                let file = segment.number == segments[segments.count - 1].number
                    ? active : try EventFile.openForReading(path)
                while true {
                    bytes = try file.read(count: want, at: position.offset)
                    if bytes.contains(0x0A) || Int64(want) >= segment.size - position.offset { break }
                    want = Int(min(segment.size - position.offset, Int64(want) * 2))
                }
            } catch {
                throw EventQueueError.io(error, path: path)
            }
            var start = 0
            while batch.lines.count < maxEvents, let newline = bytes[start...].firstIndex(of: 0x0A) {
                batch.lines.append(bytes[start..<newline])
                position.offset += Int64(newline + 1 - start)
                batch.ends.append(position)
                start = newline + 1
            }
            batch.end = position
            if start == 0 { break }  // no complete line: cannot happen after repair; stop safely
        }
        return batch
    }

    /// Moves the cursor to `end` (never backwards), saves it, and removes finished segments.
    mutating func advance(to end: Position, ends: [Position]) throws(EventQueueError) {
        guard end > cursor else { return }
        pendingEvents -= ends.filter { $0 > cursor }.count
        cursor = end
        try saveCursor()
    }

    /// Drops the oldest pending events until at most `target` bytes are pending.
    mutating func dropOldest(until target: Int64) throws(EventQueueError) -> (events: Int, bytes: Int64) {
        var events = 0
        var bytes: Int64 = 0
        while pendingBytes > target {
            let batch = try readBatch(from: cursor, maxEvents: 256)
            if batch.lines.isEmpty { break }
            for (line, end) in zip(batch.lines, batch.ends) {
                guard pendingBytes > target else { break }
                cursor = end
                pendingEvents -= 1
                events += 1
                bytes += Int64(line.count + 1)
            }
        }
        if events > 0 { try saveCursor() }
        return (events, bytes)
    }

    private mutating func saveCursor() throws(EventQueueError) {
        // A cursor at the very end of the active segment: start a fresh one so the old can go.
        let last = segments[segments.count - 1]
        if cursor.segment == last.number, cursor.offset == last.size, last.size > 0 {
            try startSegment()
            cursor = Position(segment: segments[segments.count - 1].number, offset: 0)
        } else if let index = segments.firstIndex(where: { $0.number == cursor.segment }),
                  cursor.offset == segments[index].size, index + 1 < segments.count {
            cursor = Position(segment: segments[index + 1].number, offset: 0)
        }
        let text = "\(cursor.segment) \(cursor.offset)\n"
        do {
            let temporary = cursorPath + ".tmp"
            try? EventFile.remove(temporary)  // left by a crash during an earlier save
            try POSIXFile.replace(cursorPath, with: Data(text.utf8), via: temporary, directory: directory)
        } catch {
            throw EventQueueError.io(error, path: cursorPath)
        }
        while segments.count > 1, segments[0].number < cursor.segment {
            let removed = segments.removeFirst()
            try? EventFile.remove(path(of: removed.number))
        }
    }

    private mutating func startSegment() throws(EventQueueError) {
        let number = segments[segments.count - 1].number + 1
        let path = self.path(of: number)
        do {
            active = try EventFile.openForAppending(path)
        } catch {
            throw EventQueueError.io(error, path: path)
        }
        POSIXFile.syncDirectory(directory)
        segments.append(Segment(number: number, size: 0))
    }
}
