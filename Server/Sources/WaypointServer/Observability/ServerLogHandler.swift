import Foundation
import Logging
import Synchronization
import SystemCalls

/// The server's log handler: the lines of swift-log's `StreamLogHandler` on standard error
/// (`2026-11-26T07:00:00+0000 info waypoint-server: hb.request.id=… [WaypointServer] GET /v1/document 200 0.1ms`),
/// written for less, since every request logs one (docs/ARCHITECTURE.md, "Operating the server").
///
/// `StreamLogHandler` sorts and formats a logger's metadata each time it changes — Hummingbird
/// gives every request's logger its request id — and asks the C library for the local time on
/// every line, which on Linux looks the time zone file up again each time. This one formats the
/// metadata only when a line is written and formats the time once a second. Lines at `info` and
/// below wait in memory for at most ``flushInterval`` (or until ``bufferLimit`` bytes wait) and are
/// written together, so a busy server makes one `write(2)` for many requests instead of one each;
/// a line at `warning` or above is written at once, after the lines before it. A server that stops
/// gracefully writes what waits (``flush()``); one that is killed loses at most the last
/// ``flushInterval`` of request lines.
public struct ServerLogHandler: LogHandler {
    /// The longest a line waits before it is written.
    public static let flushInterval: TimeInterval = 0.05
    /// The most bytes that wait; a line that reaches it writes them all.
    static let bufferLimit = 16 * 1024
    /// The lines not written yet.
    private static let pending = Mutex<[UInt8]>([])
    /// Writes what waits every ``flushInterval``, for the life of the process (started by the first line).
    private static let flusher: Void = Thread.detachNewThread {
        while true {
            Thread.sleep(forTimeInterval: flushInterval)
            flush()
        }
    }

    /// The time of the last line's second, formatted (shared by every logger of the process).
    private static let clock = Mutex<(second: Int, text: String)>((-1, ""))

    private let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    /// A handler for loggers labelled `label` (the server's is `waypoint-server`).
    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        Self.emit(line(event), at: event.level)
    }

    /// The line `event` writes, with its newline.
    func line(_ event: LogEvent) -> String {
        var all = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            all.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            all.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        // One string, grown in place; the level by its raw value (interpolating the enum would
        // describe it through reflection); a request's one item of metadata needs no sorting.
        var line = Self.timestamp()
        line.reserveCapacity(160)
        line += " "
        line += event.level.rawValue
        if !label.isEmpty {
            line += " "
            line += label
        }
        line += ":"
        if all.count == 1, let (key, value) = all.first {
            Self.append(key, value, to: &line)
        } else if !all.isEmpty {
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { Self.append(key, value, to: &line) }
        }
        line += " ["
        line += event.source
        line += "] "
        line += event.message.description
        line += "\n"
        return line
    }

    /// ` key=value`, as `StreamLogHandler` writes an item of metadata.
    private static func append(_ key: String, _ value: Logger.MetadataValue, to line: inout String) {
        line += " "
        line += key
        line += "="
        if case .string(let text) = value { line += text } else { line += value.description }
    }

    /// Writes every line that waits (before a graceful exit).
    public static func flush() {
        pending.withLock { bytes in
            guard !bytes.isEmpty else { return }
            ProcessCalls.writeToStandardError(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Adds `line` to what waits; writes it all when the line is a warning or worse or the buffer is full.
    private static func emit(_ line: String, at level: Logger.Level) {
        _ = flusher
        pending.withLock { bytes in
            bytes.append(contentsOf: line.utf8)
            guard level >= .warning || bytes.count >= bufferLimit else { return }
            // Written under the lock, so what waits is written in the order it was logged.
            ProcessCalls.writeToStandardError(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// The local time now as `2026-11-26T07:00:00+0000`, formatted at most once a second.
    static func timestamp() -> String {
        let now = ProcessCalls.currentSecond()
        return clock.withLock { clock in
            if clock.second != now {
                clock.text = ProcessCalls.localTimestamp(now) ?? "<unknown>"
                clock.second = now
            }
            return clock.text
        }
    }
}
