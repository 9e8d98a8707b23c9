import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's log handler: the lines of swift-log's `StreamLogHandler` on standard error
/// (`2026-11-26T07:00:00+0000 info waypoint-server: hb.request.id=… [WaypointServer] GET /v1/document 200 0.1ms`),
/// written for less, since every request logs one (docs/ARCHITECTURE.md, "Operating the server").
///
/// `StreamLogHandler` sorts and formats a logger's metadata each time it changes — Hummingbird
/// gives every request's logger its request id — and asks the C library for the local time on
/// every line, which on Linux looks the time zone file up again each time. This one formats the
/// metadata only when a line is written, formats the time once a second, and writes each line
/// with one `write(2)`, so lines are never interleaved or buffered in the process.
public struct ServerLogHandler: LogHandler {
    /// The time of the last line's second, formatted (shared by every logger of the process).
    private static let clock = Mutex<(second: time_t, text: String)>((-1, ""))

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
        var line = Self.timestamp()
        line += " \(event.level)"
        if !label.isEmpty { line += " " + label }
        line += ":"
        if !all.isEmpty {
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        }
        line += " [\(event.source)] \(event.message)\n"
        Self.emit(line)
    }

    /// The local time now as `2026-11-26T07:00:00+0000`, formatted at most once a second.
    static func timestamp() -> String {
        let now = time(nil)
        return clock.withLock { clock in
            if clock.second != now {
                var seconds = now
                var local = tm()
                var buffer = [Int8](repeating: 0, count: 64)
                if localtime_r(&seconds, &local) == nil {
                    clock.text = "<unknown>"
                } else {
                    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
                    clock.text = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
                clock.second = now
            }
            return clock.text
        }
    }

    /// Writes `line` to standard error in one call (retried until all of it is written).
    private static func emit(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
