import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The dashboard's sign-in, apps and revisions pages: server-rendered HTML, usable without JavaScript.
///
/// Every page but the sign-in page needs a session with a role (``AccessMiddleware``, by
/// ``AccessRules``); every form carries the session's CSRF token; a publish that ``AppAdministration``
/// refuses for want of confirmation (users in flight would be moved back or discarded) shows the
/// revision page again, with an "I understand" box.
///
/// Signing in takes an account's email and password; while no owner account exists, the admin
/// token instead (to create the first owner). Failed sign-ins are limited per client address and
/// per account, and password checks at once per address and in all (``SignInLimits``).
struct DashboardController: Sendable {
    typealias Context = ServerContext
    let administration: AppAdministration
    let authenticator: Authenticator
    let sessions: DashboardSessions
    let renderer: PageRenderer
    let limits: Limits
    let people: People
    /// The limits on guessing passwords and the admin token, shared with the password change.
    var signInLimits = SignInLimits()


    /// Adds the sign-in routes to `router` and the signed-in pages to `signedIn` (a group that
    /// refuses a request without a principal).
    func addRoutes(to router: Router<Context>, signedIn pages: RouterGroup<Context>) {
        router.get("/") { request, _ in
            PageRenderer.redirect(to: try await hasSession(request) ? "/apps" : "/login")
        }
        router.get("dashboard.css") { _, _ in DashboardStyle.response() }
        router.get("login", use: signInPage)
        router.post("login", use: signIn)
        // Signed-in visitors with the role each needs: ``AccessMiddleware`` checks that before these run.
        pages.post("logout", use: signOut)
        pages.get("apps", use: appsPage)
        pages.post("apps", use: createApp)
        pages.get("apps/:app", use: appPage)
        pages.post("apps/:app/revisions", use: uploadRevision)
        pages.get("apps/:app/revisions/:revision", use: revisionPage)
        pages.get("apps/:app/revisions/:revision/flows/:flow/steps/:step", use: stepEditorPage)
        pages.post("apps/:app/revisions/:revision/flows/:flow/steps/:step", use: saveStep)
        pages.get("apps/:app/revisions/:revision/walkthroughs/:walkthrough/steps/:step", use: hintEditorPage)
        pages.post("apps/:app/revisions/:revision/walkthroughs/:walkthrough/steps/:step", use: saveHint)
        pages.post("apps/:app/environments/:environment/publish", use: publish)
        pages.get("apps/:app/revisions/:revision/experiments/new", use: newExperimentPage)
        pages.post("apps/:app/revisions/:revision/experiments/new", use: addExperiment)
        pages.get("apps/:app/revisions/:revision/experiments/:experiment", use: experimentFormPage)
        pages.post("apps/:app/revisions/:revision/experiments/:experiment", use: updateExperiment)
        pages.post("apps/:app/environments/:environment/experiments/:experiment/ship", use: shipVariation)
        pages.post("apps/:app/environments/:environment/experiments/:experiment/stop", use: stopExperiment)
        pages.post("apps/:app/environments/:environment/keys", use: rotateKey)
        pages.post("apps/:app/environments/:environment/keys/:keyPrefix/revoke", use: revokeKey)
        pages.get("audit", use: auditPage)
    }

    /// The layout's view of a request: its CSRF token and what its principal may do (nothing
    /// signed out).
    func chrome(_ request: Request, _ context: ServerContext) -> PageRenderer.Chrome {
        PageRenderer.Chrome(
            csrf: sessions.session(of: request).map(sessions.csrfToken(for:)), may: Permissions(role: context.principal?.role))
    }

    /// The CSRF token the page's forms carry ("" signed out).
    func csrf(_ request: Request) -> String { sessions.session(of: request).map(sessions.csrfToken(for:)) ?? "" }

    /// Reads a form and checks its CSRF token; a page that explains what to do when it fails.
    func form<T: CSRFForm>(_ type: T.Type, from request: Request, limit: Int = 64 * 1024) async throws -> T {
        let form = try await FormText.decode(type, from: request, limit: limit)
        guard let session = sessions.session(of: request), sessions.isValidCSRF(form.csrf, for: session) else {
            throw DashboardError.forgedForm
        }
        return form
    }

    /// Runs a page handler, answering its errors with an error page.
    func rendering(_ request: Request, _ context: ServerContext, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as APIError {
            return renderer.error(error, chrome: chrome(request, context), back: Self.backToApps)
        } catch let error as DashboardError {
            return renderer.error(error.apiError, chrome: chrome(request, context), back: Self.backToApps)
        } catch {
            // A full disk or a lost database: a page that says so (503, `Retry-After`), not a JSON body.
            guard let answer = APIError.storageFailure(error) else { throw error }
            var response = renderer.error(answer, chrome: chrome(request, context), back: Self.backToApps)
            if let retryAfter = answer.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    private static var backToApps: ErrorPageContext.Link { ErrorPageContext.Link(href: "/apps", label: "Back to the apps") }

    // MARK: Signing in

    private struct SignInForm: Decodable {
        let email: String?
        let password: String?
        let token: String?
        let csrf: String?
        let next: String?
    }

    /// Whether the request carries a session that still signs someone in (one that was ended
    /// signs in again), as ``AccessMiddleware`` decides it.
    func hasSession(_ request: Request) async throws -> Bool {
        guard let session = sessions.session(of: request, now: People.sessionNow()) else { return false }
        return try await people.principal(of: session) != nil
    }

    @Sendable func signInPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            if try await hasSession(request) {
                return PageRenderer.redirect(to: FormText.safeNext(request.uri.queryParameters.get("next")))
            }
            return try await signInForm(next: request.uri.queryParameters.get("next"), message: nil, status: .ok)
        }
    }

    private func signInForm(next: String?, message: String?, status: HTTPResponse.Status) async throws -> Response {
        let signIn = sessions.newSignIn()
        let hasOwner = try await people.hasOwner()
        let retired = try await people.adminTokenRetiredAt() != nil
        let withAccount = hasOwner || retired
        return renderer.page(
            SignInPageContext(csrf: signIn.token, next: FormText.safeNext(next), message: message, withAccount: withAccount),
            title: "Sign in", chrome: .init(csrf: nil), status: status, cookies: [signIn.cookie])
    }

    /// The sign-in page after a refused attempt: 429, `Retry-After`, which limit and when to try again.
    private func tooManySignIns(_ refusal: SignInLimits.Refusal, usesToken: Bool, next: String?) async throws -> Response {
        var response = try await signInForm(
            next: next, message: refusal.message(tooMany: refusal.tooMany(usesToken: usesToken)), status: .tooManyRequests)
        response.headers[.retryAfter] = String(refusal.retryAfter)
        return response
    }

    @Sendable func signIn(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) { try await signingIn(request: request, context: context) }
    }

    private func signingIn(request: Request, context: Context) async throws -> Response {
        let client = authenticator.clientAddress.resolve(request, context: context)
        let form: SignInForm
        do {
            form = try await FormText.decode(SignInForm.self, from: request, limit: 16 * 1024)
        } catch {
            return try await signInForm(next: nil, message: "The form was incomplete; fill it in again.", status: .badRequest)
        }
        guard sessions.isValidSignIn(form.csrf, request: request) else {
            return try await signInForm(
                next: form.next, message: "This sign-in form expired or came from another site; fill it in again.", status: .forbidden)
        }
        let session = sessions.newSession(now: People.sessionNow())
        if let token = form.token {
            guard try await !people.hasOwner(), try await people.adminTokenRetiredAt() == nil else {
                return try await signInForm(
                    next: form.next,
                    message: "The admin token no longer signs in here, since an owner account exists: sign in with your email and password.",
                    status: .forbidden)
            }
            // Charged before the token is looked at: even the right token waits its turn.
            let attempt: SignInLimits.Attempt
            switch signInLimits.reserve(from: client, account: nil) {
            case .charged(let charged): attempt = charged
            case .refused(let refusal): return try await tooManySignIns(refusal, usesToken: true, next: form.next)
            }
            guard authenticator.isAdminToken(token) else {
                return try await signInForm(
                    next: form.next, message: "That is not this server's admin token (WAYPOINT_ADMIN_TOKEN); check it and try again.",
                    status: .unauthorized)
            }
            attempt.giveBack()
            try await people.openSession(idHash: DashboardSessions.idHash(of: session.session), accountID: nil, expiresAt: session.session.expires)
        } else {
            let email = form.email ?? ""
            let outcome = try await signInLimits.checkPassword(from: client, account: email) {
                try await people.verify(email: email, password: form.password ?? "")
            }
            let account: AccountRecord
            switch outcome {
            case .right(let verified): account = verified
            case .refused(let refusal): return try await tooManySignIns(refusal, usesToken: false, next: form.next)
            case .wrong:
                return try await signInForm(
                    next: form.next, message: "The email or the password is wrong; check both and try again.", status: .unauthorized)
            }
            try await people.openSession(
                idHash: DashboardSessions.idHash(of: session.session), accountID: account.id, expiresAt: session.session.expires)
        }
        return PageRenderer.redirect(to: FormText.safeNext(form.next), cookies: [session.cookie, DashboardSessions.expiredSignInCookie])
    }

    private struct CSRFOnly: CSRFForm {
        let csrf: String?
    }

    @Sendable func signOut(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            _ = try await form(CSRFOnly.self, from: request)
            if let session = sessions.session(of: request) {
                try await people.endSession(idHash: DashboardSessions.idHash(of: session))
            }
            return PageRenderer.redirect(to: "/login", cookies: [DashboardSessions.expiredSessionCookie])
        }
    }

    // MARK: Apps

    @Sendable func appsPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) { try await appsList(request, context, status: .ok) }
    }

    /// The apps page; after a refused create form, with why and the form's values.
    private func appsList(
        _ request: Request, _ context: ServerContext, status: HTTPResponse.Status, message: String? = nil, formID: String = "",
        formName: String = ""
    ) async throws -> Response {
        var rows: [AppsPageContext.Row] = []
        for app in try await administration.apps.apps() {
            let revisions = try await administration.revisions.revisions(appID: app.id).count
            for summary in try await administration.environmentSummaries(appID: app.id) {
                rows.append(AppsPageContext.Row(app: app, summary: summary, revisions: revisions))
            }
        }
        let page = AppsPageContext(
            csrf: csrf(request), rows: rows, message: message, formID: formID, formName: formName,
            may: Permissions(role: try context.requirePrincipal().role))
        return renderer.page(page, title: "Apps", chrome: chrome(request, context), status: status)
    }

    private struct CreateAppForm: CSRFForm {
        let csrf: String?
        let id: String?
        let name: String?
    }

    @Sendable func createApp(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let input = try await form(CreateAppForm.self, from: request)
            let created: AppAdministration.CreatedApp
            do {
                created = try await administration.createApp(
                    id: input.id ?? "", name: input.name ?? "", by: try administration.origin(of: request, context: context))
            } catch let error as APIError {
                return try await appsList(
                    request, context, status: error.status, message: error.message, formID: input.id ?? "", formName: input.name ?? "")
            }
            return renderer.page(
                CreatedAppPageContext(created), title: "App \(created.app.id) created", chrome: chrome(request, context), status: .created)
        }
    }

    @Sendable func appPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            var notice: String?
            let query = request.uri.queryParameters
            if let environment = query.get("published").flatMap(EnvironmentName.init(validating:)),
               let revision = query.get("revision").flatMap({ Int($0) }) {
                notice = "Revision \(revision) is published to \(environment): apps get it on their next refresh."
            }
            if let environment = query.get("revokedFrom").flatMap(EnvironmentName.init(validating:)),
               let prefix = query.get("revoked") {
                notice = "The \(environment) key \(prefix)… is revoked: requests with it are refused from now on."
            }
            return try await appOverview(request, context, app: app, status: .ok, notice: notice)
        }
    }

    /// The app page; after a refused upload, with why, the findings and the document sent.
    func appOverview(
        _ request: Request, _ context: ServerContext, app: AppRecord, status: HTTPResponse.Status, notice: String? = nil, message: String? = nil,
        diagnostics: DiagnosticTable? = nil, draft: String = ""
    ) async throws -> Response {
        var environments: [AppPageContext.Environment] = []
        let now = administration.now()
        for environment in EnvironmentName.all {
            let published = try await PublishedDocument.read(from: administration.revisions, appID: app.id, environment: environment)
            let keys = try await administration.keys(appID: app.id, environment: environment)
            environments.append(AppPageContext.Environment(
                environment.rawValue, appID: app.id.rawValue, published: published, keys: keys, now: now, csrf: csrf(request),
                experiments: try await ExperimentListing(administration: administration, appID: app.id, environment: environment).entries))
        }
        let revisions = try await administration.revisions.revisions(appID: app.id).reversed().map { AppPageContext.Revision($0, appID: app.id.rawValue) }
        let page = AppPageContext(
            csrf: csrf(request), app: app, environments: environments, revisions: revisions, notice: notice, message: message,
            diagnostics: diagnostics, draft: draft, may: Permissions(role: try context.requirePrincipal().role))
        return renderer.page(page, title: app.name, chrome: chrome(request, context), status: status)
    }

    private struct UploadForm: CSRFForm {
        let csrf: String?
        let document: String?
    }

    @Sendable func uploadRevision(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            // A form-encoded document takes up to three times its size.
            let input = try await form(UploadForm.self, from: request, limit: limits.maxDocumentBytes * 3)
            let text = input.document ?? ""
            do {
                let created = try await administration.addRevision(appID: app.id, body: Data(text.utf8), by: try administration.origin(of: request, context: context))
                var location = "/apps/\(app.id)/revisions/\(created.revision)"
                if created.revision > 1 { location += "?against=\(created.revision - 1)" }
                return PageRenderer.redirect(to: location)
            } catch let error as APIError {
                return try await appOverview(
                    request, context, app: app, status: error.status, message: error.message,
                    diagnostics: DiagnosticTable(error.diagnostics, caption: "Problems in the uploaded document"), draft: text)
            }
        }
    }
}

extension DashboardController {
    // MARK: Revisions and publishing

    @Sendable func revisionPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let number = try Self.revisionNumber(context.parameters.get("revision"))
            let environment = try request.uri.queryParameters.get("environment").map(AppAdministration.existingEnvironment) ?? .default
            let against = request.uri.queryParameters.get("against").flatMap { Int($0) }
            let notice = Self.experimentNotice(revision: number, environment: environment) { request.uri.queryParameters.get($0) }
            return try await revisionView(
                request, context, app: app, number: number, environment: environment, against: against, status: .ok, message: nil,
                notice: notice)
        }
    }

    /// The revision page: its warnings, its changes, and what publishing it to `environment` would
    /// do (`preview`, when the caller has it already).
    func revisionView(
        _ request: Request, _ context: ServerContext, app: AppRecord, number: Int, environment: EnvironmentName, against: Int?, status: HTTPResponse.Status,
        message: String?, preview known: PublishPreview? = nil, notice: String? = nil
    ) async throws -> Response {
        let summaries = try await administration.revisions.revisions(appID: app.id)
        guard let summary = summaries.first(where: { $0.revision == number }) else {
            throw APIError.notFound("The app \"\(app.id)\" has no revision \(number).")
        }
        let preview: PublishPreview
        if let known {
            preview = known
        } else {
            preview = try await administration.previews.preview(appID: app.id, revision: number, environment: environment)
        }
        let base = preview.comparedRevision(asked: against)
        // The revision's document, and what changed since `base` in words.
        let document = try await administration.revisions.revision(appID: app.id, number: number)
            .flatMap { WaypointDocument.validate(Data($0.body)).document }
        var changes: [RevisionChanges.Line] = []
        if let base, let document, let before = try await administration.revisions.revision(appID: app.id, number: base),
           let old = WaypointDocument.validate(Data(before.body)).document {
            changes = RevisionChanges.lines(from: old, to: document)
        }
        let may = Permissions(role: try context.requirePrincipal().role)
        var page = RevisionPageContext(
            csrf: csrf(request), app: app, summary: summary, summaries: summaries, preview: preview, against: base,
            changes: changes, document: document, message: message, may: may)
        addExperiments(to: &page, app: app, number: number, document: document, may: may, notice: notice)
        return renderer.page(page, title: "Revision \(number) of \(app.name)", chrome: chrome(request, context), status: status)
    }

    private struct PublishForm: CSRFForm {
        let csrf: String?
        let revision: String?
        let confirm: String?
    }

    @Sendable func publish(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
            let input = try await form(PublishForm.self, from: request)
            let number = try Self.revisionNumber(input.revision)
            do {
                _ = try await administration.publish(
                    appID: app.id, environment: environment, revision: number, confirmed: input.confirm == "yes",
                    by: try administration.origin(of: request, context: context))
                return PageRenderer.redirect(to: "/apps/\(app.id)?published=\(environment)&revision=\(number)")
            } catch let refusal as PublishNeedsConfirmation {
                return try await revisionView(
                    request, context, app: app, number: number, environment: environment, against: nil, status: .conflict,
                    message: "Nothing was published: \(refusal.preview.discardWarning) Tick the box to confirm, then publish again.",
                    preview: refusal.preview)
                // A 404 (no such revision) is answered by the error page, as `rendering` answers it.
            } catch let error as APIError where error.status != .notFound {
                return try await revisionView(
                    request, context, app: app, number: number, environment: environment, against: nil, status: error.status,
                    message: error.message)
            }
        }
    }

    static func revisionNumber(_ text: String?) throws -> Int {
        guard let text, let number = Int(text), number > 0 else {
            throw APIError.badRequest("\(String(reflecting: text ?? "")) is not a revision number; revisions are numbered 1, 2, …")
        }
        return number
    }
}
