/// The `apps` template: every app, what each of its environments serves and whether events are
/// arriving, and the form that creates an app.
struct AppsPageContext: PageContext {
    static var template: String { "apps" }

    /// One environment of one app.
    struct Row: Sendable {
        let id: String
        let name: String
        let environment: String
        /// "revision N" or "–".
        let published: String
        /// The time its last event arrived, or "none yet".
        let lastEvent: String
        /// Events received in the last 24 hours.
        let eventsLast24h: Int
        /// How many revisions the app has.
        let revisions: Int

        /// The row of an app's environment, from what the store summarised.
        init(app: AppRecord, summary: EnvironmentSummary, revisions: Int) {
            id = app.id.rawValue
            name = app.name
            environment = summary.name.rawValue
            published = summary.publishedRevision.map { "revision \($0)" } ?? "–"
            lastEvent = summary.lastEventAt.map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) } ?? "none yet"
            eventsLast24h = summary.recentEvents
            self.revisions = revisions
        }
    }

    let csrf: String
    /// Apps by id, each environment by name.
    let rows: [Row]
    let hasApps: Bool
    /// Why creating an app failed.
    let message: String?
    /// The create form's values, kept after a failure.
    let formID: String
    let formName: String
    /// Whether the reader may create apps (the form) and read the audit log (the link): owners.
    let mayCreateApps: Bool
    let mayReadAudit: Bool

    init(csrf: String, rows: [Row], message: String? = nil, formID: String = "", formName: String = "", may: Permissions) {
        self.csrf = csrf
        mayCreateApps = may.createApps
        mayReadAudit = may.readAudit
        self.rows = rows
        hasApps = !rows.isEmpty
        self.message = message
        self.formID = formID
        self.formName = formName
    }
}
