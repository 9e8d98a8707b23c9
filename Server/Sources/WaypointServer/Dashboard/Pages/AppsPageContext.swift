/// The `apps` template: every app and what its environments serve, and the form that creates one.
struct AppsPageContext: PageContext {
    static var template: String { "apps" }

    struct App: Sendable {
        let id: String
        let name: String
        /// "revision N" or "–".
        let production: String
        let staging: String
        let revisions: Int
    }

    let csrf: String
    let apps: [App]
    let hasApps: Bool
    /// Why creating an app failed.
    let message: String?
    /// The create form's values, kept after a failure.
    let formID: String
    let formName: String

    init(csrf: String, apps: [App], message: String? = nil, formID: String = "", formName: String = "") {
        self.csrf = csrf
        self.apps = apps
        hasApps = !apps.isEmpty
        self.message = message
        self.formID = formID
        self.formName = formName
    }
}
