import NIOCore
import Synchronization

/// The bound on password checks at once: at most `perClient` from one client address and `total`
/// from all. A check beyond either is refused at once (the caller answers 429 with `Retry-After`),
/// never left to wait without end.
///
/// bcrypt runs on NIO's blocking thread pool, whose queue is first in, first out; this bound is the
/// length of that queue. One address has at most `perClient` checks in it, so a sign-in from another
/// address waits behind at most that many of its checks, however many it sends; all addresses
/// together have at most `total`, about two seconds of work at the default cost (a quarter of a
/// second per check, `total` spread over the pool's threads).
final class PasswordCheckQueue: Sendable {
    /// Checks at once from one client address.
    static let defaultPerClient = 2
    /// Checks at once from all addresses: eight per thread of NIO's blocking pool.
    static var defaultTotal: Int { 8 * max(1, NIOSingletons.blockingPoolThreadCountSuggestion) }

    /// Whether a check may start.
    enum Admission: Sendable, Equatable {
        case admitted
        /// The client address has `perClient` checks running or waiting.
        case clientBusy
        /// All addresses together have `total`.
        case serverBusy
    }

    private struct State {
        var total = 0
        var perClient: [String: Int] = [:]
    }

    let perClient: Int
    let total: Int
    private let state = Mutex(State())

    init(perClient: Int = PasswordCheckQueue.defaultPerClient, total: Int = PasswordCheckQueue.defaultTotal) {
        self.perClient = max(1, perClient)
        self.total = max(1, total)
    }

    /// Takes a place for a check from `client`; each admitted check ends with ``leave(_:)``.
    func enter(_ client: String) -> Admission {
        state.withLock { state in
            let mine = state.perClient[client, default: 0]
            if mine >= perClient { return .clientBusy }
            if state.total >= total { return .serverBusy }
            state.perClient[client] = mine + 1
            state.total += 1
            return .admitted
        }
    }

    /// Frees the place an admitted check from `client` took.
    func leave(_ client: String) {
        state.withLock { state in
            guard let mine = state.perClient[client] else { return }
            // Only addresses with checks under way are kept, so the table stays as small as the queue.
            state.perClient[client] = mine > 1 ? mine - 1 : nil
            state.total -= 1
        }
    }

    /// The checks under way (running or waiting for a thread).
    var count: Int { state.withLock { $0.total } }
}
