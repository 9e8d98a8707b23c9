import Foundation
import Waypoint

/// Reads a JSON Lines events file in one streaming pass for a report: the file is split at line
/// boundaries into one byte range per core, each range is read in large chunks by its own
/// ``EventLineCollector``, and the collectors are merged in file order.
enum EventFileReader {
    /// Reads the file at `file` into collectors made by `makeCollector` (given the range's number,
    /// from 0) and returns them merged.
    ///
    /// - Parameters:
    ///   - threads: how many ranges to read in parallel; defaults to the number of active cores.
    ///   - chunkBytes: the size of each read.
    ///   - maxLineBytes: lines longer than this are skipped and counted as invalid.
    ///   - progress: called from the reading threads after each chunk.
    /// - Throws: ``ReportError`` when the file is missing, not a regular file or unreadable.
    static func read<Collector: EventLineCollector>(
        file: URL, threads: Int?, chunkBytes: Int, maxLineBytes: Int,
        progress: (@Sendable (Funnel.Progress) -> Void)?,
        makeCollector: @escaping @Sendable (Int) -> Collector
    ) throws(ReportError) -> Collector {
        let path = file.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile(path) }
        guard !isDirectory.boolValue else { throw .notAFile(path) }
        let size: Int64
        let bounds: [Int64]
        do throws(SystemCallError) {
            let handle = try EventFile.openForReading(path)
            size = try handle.size()
            let wanted = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 16))
            bounds = try splitPoints(of: handle, size: size, parts: size < 1 << 20 ? 1 : wanted)
        } catch {
            throw .unreadable(path, error)
        }
        let ranges = bounds.count - 1
        let shared = EventFileWorkers<Collector>(ranges: ranges, totalBytes: size, progress: progress)
        DispatchQueue.concurrentPerform(iterations: ranges) { part in
            var collector = makeCollector(part)
            do throws(SystemCallError) {
                try scan(path: path, from: bounds[part], to: bounds[part + 1], into: &collector,
                         chunkBytes: chunkBytes, maxLineBytes: maxLineBytes, shared: shared)
                shared.finish(part, with: .success(collector))
            } catch {
                shared.finish(part, with: .failure(error))
            }
        }
        var merged: Collector?
        for result in shared.takeResults() {
            switch result {
            case .failure(let error): throw .unreadable(path, error)
            case .success(let collector):
                if merged == nil { merged = collector } else { merged?.merge(collector) }
            }
        }
        return merged ?? makeCollector(0)
    }

    /// Offsets that cut the file into `parts` ranges, each starting at the beginning of a line.
    private static func splitPoints(of file: EventFile, size: Int64, parts: Int) throws(SystemCallError) -> [Int64] {
        var bounds: [Int64] = [0]
        for part in 1..<max(parts, 1) {
            var offset = max(size * Int64(part) / Int64(parts), bounds[bounds.count - 1])
            // The range starts after the first newline at or after offset − 1.
            var cut = size
            offset = max(0, offset - 1)
            while offset < size {
                let bytes = try file.read(count: 64 << 10, at: offset)
                if bytes.isEmpty { break }
                if let newline = bytes.firstIndex(of: 0x0A) {
                    cut = offset + Int64(newline) + 1
                    break
                }
                offset += Int64(bytes.count)
            }
            bounds.append(max(cut, bounds[bounds.count - 1]))
        }
        bounds.append(size)
        return bounds
    }

    /// Reads `[start, end)` of the file in chunks and feeds each complete line to `collector`.
    private static func scan<Collector: EventLineCollector>(
        path: String, from start: Int64, to end: Int64, into collector: inout Collector,
        chunkBytes: Int, maxLineBytes: Int, shared: EventFileWorkers<Collector>
    ) throws(SystemCallError) {
        let file = try EventFile.openForReading(path)
        var capacity = max(chunkBytes, 64)
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        defer { buffer.deallocate() }
        var filled = 0
        var offset = start
        var skipping = false  // inside a line longer than maxLineBytes
        var reported = start
        while true {
            let want = Int(min(Int64(capacity - filled), end - offset))
            var count = 0
            if want > 0 {
                count = try file.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: want), at: offset)
            }
            offset += Int64(count)
            filled += count
            let atEnd = offset >= end || count < want
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            var lineStart = 0
            while lineStart < filled, let found = memchr(bytes + lineStart, 0x0A, filled - lineStart) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - bytes
                if skipping {
                    skipping = false
                } else {
                    collector.consume(bytes + lineStart, count: newline - lineStart)
                }
                lineStart = newline + 1
            }
            let remaining = filled - lineStart
            if atEnd {
                if remaining > 0, !skipping { collector.consume(bytes + lineStart, count: remaining) }
                shared.advance(by: offset - reported)
                return
            }
            if lineStart == 0, filled == capacity {
                // No newline in a full buffer: a long line.
                if skipping {
                    filled = 0
                } else if capacity < maxLineBytes {
                    let larger = min(capacity * 2, maxLineBytes)
                    let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 64)
                    grown.copyMemory(from: buffer, byteCount: filled)
                    buffer.deallocate()
                    buffer = grown
                    capacity = larger
                } else {
                    collector.skipLongLine(UnsafeBufferPointer(start: bytes, count: min(filled, 256)))
                    skipping = true
                    filled = 0
                }
                continue
            }
            if remaining > 0 { (buffer).copyMemory(from: buffer + lineStart, byteCount: remaining) }
            filled = remaining
            shared.advance(by: offset - reported)
            reported = offset
        }
    }
}

/// The state the reading threads share: their results and the progress count.
///
/// `@unchecked Sendable`: every stored property is read and written only while `lock` is held.
final class EventFileWorkers<Collector>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Collector, SystemCallError>?]
    private var bytesRead: Int64 = 0
    private let totalBytes: Int64
    private let progress: (@Sendable (Funnel.Progress) -> Void)?

    init(ranges: Int, totalBytes: Int64, progress: (@Sendable (Funnel.Progress) -> Void)?) {
        results = Array(repeating: nil, count: ranges)
        self.totalBytes = totalBytes
        self.progress = progress
    }

    func finish(_ part: Int, with result: Result<Collector, SystemCallError>) {
        lock.withLock { results[part] = result }
    }

    func advance(by bytes: Int64) {
        guard let progress, bytes > 0 else { return }
        let total = lock.withLock {
            bytesRead += bytes
            return bytesRead
        }
        progress(Funnel.Progress(bytesRead: total, totalBytes: totalBytes))
    }

    func takeResults() -> [Result<Collector, SystemCallError>] {
        lock.withLock { results.compactMap { $0 } }
    }
}
