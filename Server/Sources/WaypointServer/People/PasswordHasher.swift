import HummingbirdBcrypt
import NIOPosix
import Prometheus

/// Hashes and checks passwords with bcrypt (HummingbirdBcrypt) at a chosen cost.
///
/// The default cost is 12 (2¹² rounds, about a quarter of a second on one core of a current
/// server): OWASP asks for at least 10, and each step doubles the work of both a guesser and a
/// sign-in. Tests pass a lower cost through ``ServerConfiguration/passwordCost``; the code is the same.
///
/// bcrypt is slow on purpose, so it never runs on an event loop or the cooperative pool: each hash
/// and check runs on NIO's blocking thread pool (`NIOThreadPool.singleton`), and the caller awaits it.
/// Each check counts once in `checks` (`waypoint_password_checks_total`), as it starts.
struct PasswordHasher: Sendable {
    /// The cost the server ships with.
    static let defaultCost: UInt8 = 12
    /// The costs bcrypt accepts.
    static let costs: ClosedRange<UInt8> = 4...31

    let cost: UInt8
    /// Counts the checks.
    let checks: Counter?

    init(cost: UInt8 = PasswordHasher.defaultCost, checks: Counter? = nil) {
        self.cost = min(max(cost, Self.costs.lowerBound), Self.costs.upperBound)
        self.checks = checks
    }

    /// The bcrypt hash of `password`, with a new random salt.
    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from.
    func verify(_ password: String, hash: String) async throws -> Bool {
        checks?.increment()
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Spends as long as checking a password takes, for a sign-in with an unknown email, so the
    /// time of the answer does not tell which emails have accounts.
    func spendCheckTime(_ password: String) async throws {
        checks?.increment()
        _ = try await hash(password)
    }
}
