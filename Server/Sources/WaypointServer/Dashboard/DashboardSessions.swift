import Crypto
import Foundation
import Hummingbird

/// Dashboard sessions and CSRF tokens, signed with a key derived from the admin token.
///
/// A session is a cookie `waypoint_session=v1.<expiry>.<nonce>.<mac>` and a row in the store, found
/// by the SHA-256 of the nonce (``idHash(of:)``; ``People`` keeps the rows). The signature lets a
/// forged cookie be refused without asking the store; the row is checked at every request
/// (``AccessMiddleware``), so signing out, a new password or a removed account ends the session at
/// once in every server process that shares the store. Changing the admin token also ends them all.
/// Each session has its own CSRF token, the MAC of its nonce. The sign-in form is protected by a
/// second, short-lived cookie and a token derived from it.
struct DashboardSessions: Sendable {
    /// A signed-in session.
    struct Session: Sendable {
        let nonce: String
        let expires: Date
    }

    static let sessionCookie = "waypoint_session"
    static let signInCookie = "waypoint_signin"
    /// How long a session lasts.
    static let lifetime: TimeInterval = 8 * 3600
    /// How long a sign-in form stays usable.
    static let signInLifetime: TimeInterval = 3600

    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    init(adminToken: AdminToken) { keyBytes = adminToken.signingKey }

    // MARK: Sessions

    /// A new session cookie, valid for ``lifetime`` from `now`, and the session it carries (whose
    /// row the caller stores).
    func newSession(now: Date = Date()) -> (cookie: Cookie, session: Session) {
        let expires = Int64((now.timeIntervalSince1970 + Self.lifetime).rounded(.down))
        let nonce = Self.randomToken()
        let payload = "v1.\(expires).\(nonce)"
        let cookie = Self.cookie(Self.sessionCookie, value: payload + "." + mac("session." + payload), maxAge: Int(Self.lifetime))
        return (cookie, Session(nonce: nonce, expires: Date(timeIntervalSince1970: TimeInterval(expires))))
    }

    /// What the store knows a session by: the SHA-256 of its nonce, so a copy of the store signs no one in.
    static func idHash(of session: Session) -> String { SecretHash.sha256Hex("session." + session.nonce) }

    /// The cookie that ends the session in the browser.
    static var expiredSessionCookie: Cookie { cookie(sessionCookie, value: "", maxAge: 0) }

    /// The request's session, when it carries a signed, unexpired cookie (whether its row is still
    /// in the store is ``AccessMiddleware``'s check).
    func session(of request: Request, now: Date = Date()) -> Session? {
        guard let value = request.cookies[Self.sessionCookie]?.value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1", let expires = Int64(parts[1]) else { return nil }
        let payload = parts[0...2].joined(separator: ".")
        guard verify(String(parts[3]), for: "session." + payload) else { return nil }
        let expiry = Date(timeIntervalSince1970: TimeInterval(expires))
        guard expiry > now else { return nil }
        return Session(nonce: String(parts[2]), expires: expiry)
    }

    /// The CSRF token every form of a session carries.
    func csrfToken(for session: Session) -> String { mac("csrf." + session.nonce) }

    /// Whether `token` is the session's CSRF token.
    func isValidCSRF(_ token: String?, for session: Session) -> Bool {
        guard let token else { return false }
        return verify(token, for: "csrf." + session.nonce)
    }

    // MARK: Signing in

    /// A sign-in form's cookie and the token its form carries, usable for ``signInLifetime`` from
    /// `now`: the cookie is `<expiry>.<nonce>`, and the token is the MAC of both, so neither a kept
    /// cookie nor a changed expiry makes a form usable longer.
    func newSignIn(now: Date = Date()) -> (cookie: Cookie, token: String) {
        let expires = Int64((now.timeIntervalSince1970 + Self.signInLifetime).rounded(.down))
        let value = "\(expires).\(Self.randomToken())"
        return (Self.cookie(Self.signInCookie, value: value, maxAge: Int(Self.signInLifetime)), mac("signin." + value))
    }

    /// Whether a sign-in form's token matches the cookie the same browser got with the form, and
    /// the form has not expired.
    func isValidSignIn(_ token: String?, request: Request, now: Date = Date()) -> Bool {
        isValidSignIn(token, cookie: request.cookies[Self.signInCookie]?.value, now: now)
    }

    /// Whether `token` is the token of the sign-in cookie `cookie`, and the form has not expired at `now`.
    func isValidSignIn(_ token: String?, cookie: String?, now: Date) -> Bool {
        guard let token, let cookie else { return false }
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let expires = Int64(parts[0]), !parts[1].isEmpty else { return false }
        guard verify(token, for: "signin." + cookie) else { return false }
        return Date(timeIntervalSince1970: TimeInterval(expires)) > now
    }

    /// The cookie that removes the sign-in cookie once signed in.
    static var expiredSignInCookie: Cookie { cookie(signInCookie, value: "", maxAge: 0) }

    // MARK: Primitives

    private func mac(_ message: String) -> String {
        Self.base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key)))
    }

    private func verify(_ code: String, for message: String) -> Bool {
        guard let bytes = Self.base64URLDecoded(code) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: Array(message.utf8), using: key)
    }

    /// Every dashboard cookie: `Secure; HttpOnly; SameSite=Strict`, for the whole site.
    private static func cookie(_ name: String, value: String, maxAge: Int) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: true, httpOnly: true, sameSite: .strict)
    }

    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}
