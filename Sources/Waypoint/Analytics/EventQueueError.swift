/// Why an event could not be queued or written.
public struct EventQueueError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case io(call: String, code: Int32, message: String, path: String)
        case full(pendingBytes: Int64, maxBytes: Int64, lineBytes: Int)
        case tooLarge(maxBytes: Int64, lineBytes: Int)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func io(_ error: SystemCallError, path: String) -> EventQueueError {
        EventQueueError(.io(call: error.call, code: error.code, message: error.message, path: path))
    }

    static func full(pendingBytes: Int64, maxBytes: Int64, lineBytes: Int) -> EventQueueError {
        EventQueueError(.full(pendingBytes: pendingBytes, maxBytes: maxBytes, lineBytes: lineBytes))
    }

    static func tooLarge(maxBytes: Int64, lineBytes: Int) -> EventQueueError {
        EventQueueError(.tooLarge(maxBytes: maxBytes, lineBytes: lineBytes))
    }

    /// Whether the event was refused because the queue is at its size bound (policy `rejectNewest`).
    package var isQueueFull: Bool {
        if case .full = reason { return true }
        return false
    }

    public var description: String {
        switch reason {
        case .io(_, _, let message, let path):
            return "Could not write analytics events at \(path): \(message). "
                + "Check that the directory exists, is writable and the disk is not full."
        case .full(let pendingBytes, let maxBytes, let lineBytes):
            return "The event queue is full (\(pendingBytes) bytes pending, bound \(maxBytes)); the new \(lineBytes)-byte "
                + "event was dropped. Flush the queue to its sink more often, raise maxBytes, or use the dropOldest policy."
        case .tooLarge(let maxBytes, let lineBytes):
            return "The event is \(lineBytes) bytes, more than the queue's whole bound of \(maxBytes) bytes, and was "
                + "dropped. Shorten its fields or raise maxBytes."
        }
    }
}
