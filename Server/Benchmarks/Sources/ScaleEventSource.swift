import Foundation

/// The scale benchmark's stream of events, ``SignupRun``'s users one after another, cut into
/// 100-event batch bodies for `POST /v1/events` (a user's events may span two batches).
///
/// Shared by the concurrent senders; each batch is handed out once.
actor ScaleEventSource {
    /// Events handed out so far.
    private(set) var produced = 0
    /// Users whose runs were started so far.
    private(set) var users = 0
    private var pending: [String] = []
    private var pendingStart = 0
    private let order: SignupRun.StartOrder

    init(order: SignupRun.StartOrder) {
        self.order = order
    }

    /// The next batch body of `size` events, or nil once `limit` events were handed out.
    func next(size: Int, limit: Int) -> Data? {
        let count = min(size, limit - produced)
        guard count > 0 else { return nil }
        var lines: [String] = []
        lines.reserveCapacity(count)
        while lines.count < count {
            if pendingStart == pending.count {
                pending = SignupRun(user: users, order: order).lines
                pendingStart = 0
                users += 1
            }
            let take = min(count - lines.count, pending.count - pendingStart)
            lines.append(contentsOf: pending[pendingStart..<pendingStart + take])
            pendingStart += take
        }
        produced += count
        return Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8)
    }
}
