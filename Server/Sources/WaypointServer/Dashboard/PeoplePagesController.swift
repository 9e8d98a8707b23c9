import Foundation
import Hummingbird

/// The dashboard's People page (owners: add accounts, change roles, set passwords, remove) and
/// Tokens page (everyone signed in as an account: their personal API tokens, and their own password).
///
/// Who may use each is ``AccessRules``'s; the rules are ``People``'s, as for the API.
struct PeoplePagesController: Sendable {
    let people: People
    let pages: DashboardController

    func addRoutes(to router: RouterGroup<ServerContext>) {
        router.get("people", use: peoplePage)
        router.post("people", use: addAccount)
        router.post("people/:account/role", use: changeRole)
        router.post("people/:account/password", use: setPassword)
        router.post("people/:account/remove", use: remove)
        router.get("tokens", use: tokensPage)
        router.post("tokens", use: createToken)
        router.post("tokens/:tokenPrefix/revoke", use: revokeToken)
        router.post("account/password", use: changeOwnPassword)
    }

    // MARK: People

    private func peopleList(
        _ request: Request, _ context: ServerContext, status: HTTPResponse.Status = .ok, notice: String? = nil, message: String? = nil,
        email: String = "", name: String = "", role: Role = .viewer
    ) async throws -> Response {
        let page = PeoplePageContext(
            csrf: pages.csrf(request), accounts: try await people.accounts(), you: context.principal?.accountID,
            bootstrap: context.principal?.accountID == nil, notice: notice, message: message, formEmail: email, formName: name, formRole: role)
        return pages.renderer.page(page, title: "People", chrome: pages.chrome(request, context), status: status)
    }

    @Sendable func peoplePage(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            let query = request.uri.queryParameters
            return try await peopleList(request, context, notice: query.get("done").flatMap(Self.notices))
        }
    }

    private static func notices(_ key: String) -> String? {
        [
            "added": "The account was added: its owner signs in with the email and the password you chose.",
            "role": "The role was changed; it applies from the account's next request.",
            "password": "The password was set, and the account's sessions ended: it signs in again with the new password.",
            "removed": "The account was removed, with its sessions and personal tokens.",
        ][key]
    }

    private struct AccountForm: CSRFForm {
        let csrf: String?
        let email: String?
        let name: String?
        let role: String?
        let password: String?
    }

    @Sendable func addAccount(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            let input = try await pages.form(AccountForm.self, from: request)
            do {
                let role = try Role.parse(input.role)
                _ = try await people.createAccount(
                    email: input.email ?? "", name: input.name ?? "", role: role, password: input.password ?? "",
                    by: try pages.administration.origin(of: request, context: context))
                return PageRenderer.redirect(to: "/people?done=added")
            } catch let error as APIError {
                return try await peopleList(
                    request, context, status: error.status, message: error.message, email: input.email ?? "", name: input.name ?? "",
                    role: Role(rawValue: input.role ?? "") ?? .viewer)
            }
        }
    }

    @Sendable func changeRole(request: Request, context: ServerContext) async throws -> Response {
        try await accountChange(request, context, done: "role") { id, input, origin in
            _ = try await people.changeRole(id: id, to: try Role.parse(input.role), by: origin)
        }
    }

    @Sendable func setPassword(request: Request, context: ServerContext) async throws -> Response {
        try await accountChange(request, context, done: "password") { id, input, origin in
            try await people.setPassword(id: id, password: input.password ?? "", by: origin)
        }
    }

    @Sendable func remove(request: Request, context: ServerContext) async throws -> Response {
        try await accountChange(request, context, done: "removed") { id, _, origin in _ = try await people.remove(id: id, by: origin) }
    }

    /// Reads an account form, makes the change, and shows the People page with what happened or why not.
    private func accountChange(
        _ request: Request, _ context: ServerContext, done: String, _ change: (String, AccountForm, AuditOrigin) async throws -> Void
    ) async throws -> Response {
        try await pages.rendering(request, context) {
            let input = try await pages.form(AccountForm.self, from: request)
            do {
                try await change(context.parameters.get("account") ?? "", input, try pages.administration.origin(of: request, context: context))
            } catch let error as APIError where error.status != .notFound {
                return try await peopleList(request, context, status: error.status, message: error.message)
            }
            // Your own password or removal ends your session: the next page is the sign-in page.
            return PageRenderer.redirect(to: "/people?done=\(done)")
        }
    }

    // MARK: Tokens

    /// The signed-in account, or the page that says the admin token has no tokens.
    private func account(_ context: ServerContext) async throws -> AccountRecord {
        guard let id = context.principal?.accountID, let account = try await people.account(id: id) else {
            throw APIError.forbidden(
                "Personal API tokens belong to an account, and you are signed in with the admin token: create an owner account "
                    + "on the People page, sign in as it, and make tokens here.")
        }
        return account
    }

    private func tokensList(
        _ request: Request, _ context: ServerContext, status: HTTPResponse.Status = .ok, created: TokensPageContext.Created? = nil,
        notice: String? = nil, message: String? = nil
    ) async throws -> Response {
        let account = try await account(context)
        let csrf = pages.csrf(request)
        let now = people.now()
        let page = TokensPageContext(
            csrf: csrf, rows: try await people.tokens(accountID: account.id).map { TokensPageContext.Row($0, now: now, csrf: csrf) },
            roles: Role.allCases.filter { $0 <= account.role }.map { .init(value: $0.rawValue, selected: $0 == .viewer) },
            created: created, notice: notice, message: message)
        return pages.renderer.page(page, title: "Tokens", chrome: pages.chrome(request, context), status: status)
    }

    @Sendable func tokensPage(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            let revoked = request.uri.queryParameters.get("revoked").map { "The token \($0)… is revoked: requests with it are refused from now on." }
            return try await tokensList(request, context, notice: revoked)
        }
    }

    private struct TokenForm: CSRFForm {
        let csrf: String?
        let name: String?
        let role: String?
        let expiresInDays: String?
    }

    @Sendable func createToken(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            let input = try await pages.form(TokenForm.self, from: request)
            let account = try await account(context)
            do {
                guard let days = input.expiresInDays.flatMap({ Int($0) }) else {
                    throw APIError.badRequest(
                        "\(String(reflecting: input.expiresInDays ?? "")) is not a number of days; a token lasts 1 to \(People.maximumTokenDays) days.")
                }
                let created = try await people.createToken(for: account, name: input.name ?? "", role: try Role.parse(input.role), days: days,
                    by: try pages.administration.origin(of: request, context: context))
                return try await tokensList(
                    request, context, status: .created, created: .init(token: created.token, prefix: created.record.prefix))
            } catch let error as APIError {
                return try await tokensList(request, context, status: error.status, message: error.message)
            }
        }
    }

    private struct CSRFOnly: CSRFForm {
        let csrf: String?
    }

    @Sendable func revokeToken(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            _ = try await pages.form(CSRFOnly.self, from: request)
            let account = try await account(context)
            let token = try await people.revokeToken(accountID: account.id, prefix: context.parameters.get("tokenPrefix") ?? "",
                by: try pages.administration.origin(of: request, context: context))
            return PageRenderer.redirect(to: "/tokens?revoked=\(FormText.percentEncoded(token.prefix))")
        }
    }

    private struct PasswordForm: CSRFForm {
        let csrf: String?
        let current: String?
        let password: String?
    }

    /// Changes the signed-in account's own password, given the current one; every session of the
    /// account ends, this one included, and the sign-in page follows. The current password is
    /// checked under the sign-in limits (``SignInLimits``): a wrong one counts as a failed sign-in
    /// to the account and from the address, so a stolen session cannot guess it faster.
    @Sendable func changeOwnPassword(request: Request, context: ServerContext) async throws -> Response {
        try await pages.rendering(request, context) {
            let input = try await pages.form(PasswordForm.self, from: request)
            let account = try await account(context)
            let client = pages.authenticator.clientAddress.resolve(request, context: context)
            let outcome = try await pages.signInLimits.checkPassword(from: client, account: account.email) {
                try await people.verify(email: account.email, password: input.current ?? "")
            }
            switch outcome {
            case .right: break
            case .wrong:
                return try await tokensList(
                    request, context, status: .unauthorized, message: "Your current password is not the one you entered; nothing changed.")
            case .refused(let refusal):
                let what = switch refusal.reason {
                case .address: "wrong passwords from your address"
                case .account: "wrong passwords for this account"
                case .addressBusy: "password checks at once from your address"
                case .serverBusy: "password checks at once on this server"
                }
                var response = try await tokensList(
                    request, context, status: .tooManyRequests,
                    message: refusal.message(tooMany: what) + " Nothing changed.")
                response.headers[.retryAfter] = String(refusal.retryAfter)
                return response
            }
            do {
                try await people.setPassword(
                    id: account.id, password: input.password ?? "", by: try pages.administration.origin(of: request, context: context),
                    ownPassword: true)
            } catch let error as APIError {
                return try await tokensList(request, context, status: error.status, message: error.message)
            }
            return PageRenderer.redirect(to: "/login", cookies: [DashboardSessions.expiredSessionCookie])
        }
    }
}
