import Foundation
import Hummingbird

/// Enforces ``AccessRules`` on every route: finds who is asking, puts them in
/// ``ServerContext/principal``, and refuses a request whose role is too low, before any handler runs.
///
/// On `/v1` routes the credential is `Authorization: Bearer` with the admin token (an owner, until an
/// owner retires it) or a personal API token; missing or not working: 401; too low a role: 403 with
/// `forbidden`. `POST /v1/tokens` also takes `Authorization: Basic` with an account's email and
/// password, under the sign-in limits, so that a script gets its first token without a browser. Dashboard pages use the session cookie, checked against its row in the store at
/// every request: without a session they redirect to the sign-in page; too low a role: a 403 page.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    let authenticator: Authenticator
    let people: People
    let sessions: DashboardSessions
    let renderer: PageRenderer
    /// The limits on guessing passwords, shared with the dashboard's sign-in.
    let signInLimits: SignInLimits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Requests no route matched are answered 404 by the router's own responder.
        guard let path = context.endpointPath, path != "NotFound" else { return try await next(request, context) }
        let isPage = !path.hasPrefix("/v1/")
        guard let access = AccessRules.access(request.method, path) else {
            let error = APIError.forbidden("\(request.method) \(path) has no access rule, so no one may use it.")
            if isPage { return renderer.error(error, chrome: .init(csrf: nil)) }
            throw error
        }
        guard case .role(let required) = access else { return try await next(request, context) }
        var context = context
        let principal: Principal
        if isPage {
            let found: Principal?
            do {
                found = try await sessionPrincipal(request)
            } catch {
                // A full disk or a lost database: a page that says so (503, `Retry-After`), not a JSON body.
                guard let answer = APIError.storageFailure(error) else { throw error }
                var response = renderer.error(answer, chrome: .init(csrf: nil))
                if let retryAfter = answer.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            }
            guard let found else {
                let target = request.method == .get ? request.uri.description : "/apps"
                return PageRenderer.redirect(to: "/login?next=" + FormText.percentEncoded(target))
            }
            principal = found
        } else if request.method == .post, path == "/v1/tokens", let basic = BasicCredentials(request.headers[.authorization]) {
            principal = try await passwordPrincipal(basic, request: request, context: context)
        } else {
            principal = try await bearerPrincipal(request)
        }
        guard principal.role >= required else {
            let error = APIError.forbidden(
                "\(request.method) \(path) needs the \(required.rawValue) role; you are \(principal.role.withArticle) "
                    + "(\(principal.displayName)). Ask an owner for the role, or use a token or account that has it.")
            if isPage {
                let csrf = sessions.session(of: request).map(sessions.csrfToken(for:))
                return renderer.error(error, chrome: .init(csrf: csrf), back: .init(href: "/apps", label: "Back to the apps"))
            }
            throw error
        }
        context.principal = principal
        return try await next(request, context)
    }

    /// The principal of a dashboard request: its session (see ``People/principal(of:)``), if
    /// the cookie is signed and unexpired.
    func sessionPrincipal(_ request: Request) async throws -> Principal? {
        guard let session = sessions.session(of: request, now: People.sessionNow()) else { return nil }
        return try await people.principal(of: session)
    }

    /// The principal of `POST /v1/tokens` sent with an account's email and password, checked as a
    /// dashboard sign-in is (the same limits per address and account).
    func passwordPrincipal(_ basic: BasicCredentials, request: Request, context: ServerContext) async throws -> Principal {
        let client = authenticator.clientAddress.resolve(request, context: context)
        let outcome = try await signInLimits.checkPassword(from: client, account: basic.email) {
            try await people.verify(email: basic.email, password: basic.password)
        }
        switch outcome {
        case .right(let account):
            return Principal(accountID: account.id, displayName: account.name, role: account.role, credential: .password)
        case .wrong:
            throw APIError.unauthorized(
                "The email or the password is wrong: send `Authorization: Basic` with base64 of `email:password` of an account "
                    + "(as `curl -u email` does), or use `waypoint login`.")
        case .refused(let refusal):
            throw APIError.tooManyAttempts(refusal.message(tooMany: refusal.tooMany()), retryAfter: refusal.retryAfter)
        }
    }

    /// How to get a credential, for the 401 answers: never a circle back to a route that needs one.
    static let howToAuthenticate = "send `Authorization: Bearer <token>` with a personal API token (wpt_…: make one on the "
        + "dashboard's Tokens page, or with `POST /v1/tokens` sending your email and password as HTTP Basic, which "
        + "`waypoint login` does) or the admin token"

    /// The principal of an API request: its bearer token, the admin token or a personal one.
    func bearerPrincipal(_ request: Request) async throws -> Principal {
        let how = Self.howToAuthenticate
        guard let header = request.headers[.authorization] else {
            throw APIError.unauthorized("This request needs credentials: \(how).")
        }
        // The scheme is case-insensitive (RFC 9110, 11.1); the token follows one space.
        let scheme = "bearer "
        guard header.prefix(scheme.count).lowercased() == scheme else {
            throw APIError.unauthorized(
                "The Authorization header has no `Bearer ` scheme: \(how), with the word Bearer and a space before the token.")
        }
        let token = String(header.dropFirst(scheme.count))
        if token.hasPrefix(PersonalToken.prefix) { return try await personalTokenPrincipal(token) }
        guard authenticator.isAdminToken(token) else {
            throw APIError.unauthorized("The token is neither this server's admin token nor a personal API token: \(how).")
        }
        if let retired = try await people.adminTokenRetiredAt() {
            throw APIError.unauthorized(
                "The admin token was retired at \(Timestamp.iso8601(retired)) and no longer works: use a personal API token "
                    + "(the dashboard's Tokens page, or `waypoint login`).")
        }
        return .adminToken()
    }

    private func personalTokenPrincipal(_ token: String) async throws -> Principal {
        let prefix = PersonalToken.prefix(of: token)
        let hash = SecretHash.sha256Hex(token)
        guard PersonalToken.isWellFormed(token), let found = try await people.token(hash: hash),
              SecretHash.constantTimeEquals(found.token.tokenHash, hash)
        else {
            throw APIError.unauthorized(
                "The personal API token \(prefix)… is not known on this server (mistyped, or its account was removed): "
                    + "make a new one on the dashboard's Tokens page or with `waypoint login`.")
        }
        if let revoked = found.token.revokedAt {
            throw APIError.unauthorized(
                "The personal API token \(found.token.prefix) (\(found.token.name)) was revoked at \(Timestamp.iso8601(revoked)): "
                    + "make a new one on the dashboard's Tokens page or with `waypoint login`.")
        }
        if found.token.expiresAt <= people.now() {
            throw APIError.unauthorized(
                "The personal API token \(found.token.prefix) (\(found.token.name)) expired at \(Timestamp.iso8601(found.token.expiresAt)): "
                    + "make a new one on the dashboard's Tokens page or with `waypoint login`.")
        }
        try await people.touchToken(hash: hash)
        // A token never acts with more than its account has now (an owner may have lowered it).
        return Principal(
            accountID: found.account.id, displayName: found.account.name, role: min(found.token.role, found.account.role),
            credential: .apiToken, tokenPrefix: found.token.prefix)
    }
}

/// The email and password of `Authorization: Basic` (RFC 7617): base64 of `email:password`.
struct BasicCredentials: Sendable {
    let email: String
    let password: String

    /// The credentials of `header`, or nil when it is not a well-formed Basic one.
    init?(_ header: String?) {
        let scheme = "basic "
        guard let header, header.prefix(scheme.count).lowercased() == scheme,
              let data = Data(base64Encoded: String(header.dropFirst(scheme.count)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        email = String(text[..<colon])
        password = String(text[text.index(after: colon)...])
    }
}
