import Foundation
import Hummingbird

/// Enforces ``AccessRules`` on every route: finds who is asking, puts them in
/// ``ServerContext/principal``, and refuses a request whose role is too low, before any handler runs.
///
/// On `/v1` routes the credential is `Authorization: Bearer` with the admin token (an owner, until an
/// owner retires it) or a personal API token; missing or not working: 401; too low a role: 403 with
/// `forbidden`. Dashboard pages use the session cookie, checked against its row in the store at
/// every request: without a session they redirect to the sign-in page; too low a role: a 403 page.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    let authenticator: Authenticator
    let people: People
    let sessions: DashboardSessions
    let renderer: PageRenderer

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

    /// The principal of an API request: its bearer token, the admin token or a personal one.
    func bearerPrincipal(_ request: Request) async throws -> Principal {
        let how = "send `Authorization: Bearer <token>` with a personal API token (wpt_…, from POST /v1/tokens or the dashboard's "
            + "Tokens page) or the admin token"
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
                    + "(POST /v1/tokens, or the dashboard's Tokens page).")
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
                    + "make a new one with POST /v1/tokens or on the dashboard's Tokens page.")
        }
        if let revoked = found.token.revokedAt {
            throw APIError.unauthorized(
                "The personal API token \(found.token.prefix) (\(found.token.name)) was revoked at \(Timestamp.iso8601(revoked)): "
                    + "make a new one with POST /v1/tokens or on the dashboard's Tokens page.")
        }
        if found.token.expiresAt <= people.now() {
            throw APIError.unauthorized(
                "The personal API token \(found.token.prefix) (\(found.token.name)) expired at \(Timestamp.iso8601(found.token.expiresAt)): "
                    + "make a new one with POST /v1/tokens or on the dashboard's Tokens page.")
        }
        try await people.touchToken(hash: hash)
        // A token never acts with more than its account has now (an owner may have lowered it).
        return Principal(
            accountID: found.account.id, displayName: found.account.name, role: min(found.token.role, found.account.role),
            credential: .apiToken, tokenPrefix: found.token.prefix)
    }
}
