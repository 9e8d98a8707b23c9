import Foundation

/// The limits on guessing a password or the admin token (docs/ARCHITECTURE.md, "People"): failed
/// attempts per client address and per account, and password checks at once
/// (``PasswordCheckQueue``).
///
/// An attempt is charged to both limits before the password is checked, in one step with the
/// test that the limits allow it, so attempts sent at once cannot all pass the test before any is
/// charged; a right password gives its charge back, so only failures count.
struct SignInLimits: Sendable {
    /// Failed attempts per client address: five, then one more every twelve seconds.
    var addresses = RateLimiter<String>(rate: 5.0 / 60, burst: 5, capacity: 10_000)
    /// Failed attempts per account (by email, known or not): five, then one more a minute, from any address.
    var accounts = RateLimiter<String>(rate: 1.0 / 60, burst: 5, capacity: 10_000)
    /// Password checks at once, per address and in all.
    var checks = PasswordCheckQueue()
    /// The clock of the attempt limits (tests move it instead of waiting).
    var clock: @Sendable () -> ContinuousClock.Instant = { .now }

    /// Why an attempt was refused before anything was checked, and the whole seconds to wait.
    struct Refusal: Sendable, Equatable {
        enum Reason: Sendable, Equatable {
            /// Too many failed attempts from the client's address.
            case address
            /// Too many failed attempts on the account.
            case account
            /// The address has as many password checks under way as it may.
            case addressBusy
            /// The server has as many password checks under way as it takes.
            case serverBusy
        }

        let reason: Reason
        let retryAfter: Int

        /// What was too many, for "Too many …" (`usesToken`: admin tokens rather than passwords).
        func tooMany(usesToken: Bool = false) -> String {
            switch reason {
            case .address: usesToken ? "wrong admin tokens from your address" : "failed sign-ins from your address"
            case .account: "failed sign-ins to this account"
            case .addressBusy: "sign-ins at once from your address"
            case .serverBusy: "sign-ins at once on this server"
            }
        }

        /// "Too many `what`: try again in N seconds (after HH:MM:SS UTC)."
        func message(tooMany what: String, now: Date = Date()) -> String {
            let time = (Int(now.timeIntervalSince1970.rounded(.up)) + retryAfter) % 86_400
            let when = String(format: "%02d:%02d:%02d", time / 3600, time / 60 % 60, time % 60)
            return "Too many \(what): try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s") (after \(when) UTC)."
        }
    }

    /// What a password check came to.
    enum Outcome<Value: Sendable>: Sendable {
        /// The password was right: the attempt was given back.
        case right(Value)
        /// The password was wrong: the attempt stays charged.
        case wrong
        /// Refused before the password was checked.
        case refused(Refusal)
    }

    /// An attempt charged to its limits; ``giveBack()`` when it turns out not to count.
    struct Attempt: Sendable {
        fileprivate let limits: SignInLimits
        fileprivate let client: String
        fileprivate let account: String?

        /// Undoes the charge: the attempt succeeded, or was never made.
        func giveBack() {
            let now = limits.clock()
            limits.addresses.giveBack(client, now: now)
            if let account { limits.accounts.giveBack(account, now: now) }
        }
    }

    /// The name an account's attempts are counted under: its email as it signs in.
    ///
    /// The SHA-256 of the normalized email, so that a name takes 64 bytes however long the email an
    /// anonymous client sends (a sign-in form or an `Authorization: Basic` header): the account
    /// limiter's memory stays bounded by its capacity times that, not by what clients send.
    static func accountName(_ email: String) -> String { SecretHash.sha256Hex(People.normalized(email)) }

    /// An attempt charged, or the limit that refused it.
    enum Reservation: Sendable {
        case charged(Attempt)
        case refused(Refusal)
    }

    /// Charges an attempt from `client` (and, when given, on the account whose email is `account`),
    /// or says which limit refuses it; a refused attempt is not charged.
    func reserve(from client: String, account email: String?) -> Reservation {
        let now = clock()
        if let wait = addresses.acquire(client, now: now) { return .refused(Refusal(reason: .address, retryAfter: wait)) }
        let account = email.map(Self.accountName)
        if let account, let wait = accounts.acquire(account, now: now) {
            addresses.giveBack(client, now: now)
            return .refused(Refusal(reason: .account, retryAfter: wait))
        }
        return .charged(Attempt(limits: self, client: client, account: account))
    }

    /// Checks a password sent from `client` for the account whose email is `email`: `check` answers
    /// nil when the password is wrong. It runs only once the attempt is charged and a place is free
    /// in ``checks``; an error it throws leaves the attempt charged.
    func checkPassword<Value: Sendable>(
        from client: String, account email: String, _ check: () async throws -> Value?
    ) async throws -> Outcome<Value> {
        switch checks.enter(client) {
        case .admitted: break
        case .clientBusy: return .refused(Refusal(reason: .addressBusy, retryAfter: 1))
        case .serverBusy: return .refused(Refusal(reason: .serverBusy, retryAfter: 1))
        }
        defer { checks.leave(client) }
        let attempt: Attempt
        switch reserve(from: client, account: email) {
        case .charged(let charged): attempt = charged
        case .refused(let refusal): return .refused(refusal)
        }
        guard let value = try await check() else { return .wrong }
        attempt.giveBack()
        return .right(value)
    }
}
