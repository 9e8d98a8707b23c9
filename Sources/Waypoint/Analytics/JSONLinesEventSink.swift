import Foundation

/// An ``EventSink`` that appends events to a JSON Lines file, one object per line, and flushes the
/// file to disk (`fsync`) before `send` returns.
///
/// The file is what `waypoint funnel` reads. Several sinks must not write one file at once.
package actor JSONLinesEventSink: EventSink {
    /// The file written to.
    package let url: URL
    private var file: EventFile?

    /// Creates a sink appending to `url`; the file is created on the first `send`.
    package init(url: URL) {
        self.url = url
    }

    /// Appends `events`, one line each, then flushes the file to disk.
    ///
    /// - Throws: ``EventQueueError`` when the file cannot be opened or written.
    package func send(_ events: [OnboardingEvent]) async throws {
        guard !events.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * 256)
        for event in events {
            event.appendJSON(to: &bytes)
            bytes.append(0x0A)
        }
        do throws(SystemCallError) {
            let file: EventFile
            if let open = self.file {
                file = open
            } else {
                file = try EventFile.openForAppending(url.path)
                self.file = file
            }
            try file.append(bytes)
            try file.synchronize()
        } catch {
            throw EventQueueError.io(error, path: url.path)
        }
    }
}
