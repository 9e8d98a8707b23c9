import Foundation
import Waypoint

/// The `app` template: what an app's environments serve, their SDK keys, its revisions, and the upload form.
struct AppPageContext: PageContext {
    static var template: String { "app" }

    struct Environment: Sendable {
        /// A report page of the document the environment serves.
        struct ReportLink: Sendable {
            let id: String
            let environment: String
            let appID: String
        }

        /// An SDK key of the environment, named by its prefix, with the form that revokes it
        /// while it is retiring (the current key is replaced by rotating).
        struct Key: Sendable {
            let appID: String
            let environment: String
            let prefix: String
            let createdAt: String
            /// "–" for the current key.
            let expiresAt: String
            /// `current`, `retiring` or `ended`.
            let status: String
            let isRetiring: Bool
            let csrf: String
        }

        /// An experiment of the environment, running or concluded, linking to its page.
        struct ExperimentRow: Sendable {
            let key: String
            /// `running` or `concluded`.
            let status: String
            let goal: String
            /// `since 2026-12-01` (running) or `2026-11-02 – 2026-12-01` (concluded); "–" when not recorded.
            let period: String
            /// `shipped annual-first`, `stopped`, or "–" while running.
            let decision: String
            let href: String

            init(_ entry: ExperimentListing.Entry, appID: String, environment: String) {
                key = entry.key
                status = entry.status
                goal = entry.goal
                func day(_ date: Date?) -> String { date.map { String(Timestamp.iso8601($0).prefix(10)) } ?? "–" }
                if let conclusion = entry.conclusion {
                    period = "\(day(conclusion.firstPublished)) – \(day(conclusion.concludedAt))"
                    decision = conclusion.decisionInWords
                } else {
                    period = entry.since.map { "since \(day($0))" } ?? "–"
                    decision = "–"
                }
                href = "/apps/\(FormText.percentEncoded(appID))/experiments/\(FormText.percentEncoded(entry.key))?environment=\(environment)"
            }
        }

        let name: String
        let appID: String
        /// The published revision; nil when nothing is published.
        let revision: Int?
        let flows: [ReportLink]
        let walkthroughs: [ReportLink]
        /// The experiments of the published document, each linking to its page.
        let experiments: [ReportLink]
        /// Its running experiments, then those it concluded, newest first.
        let experimentRows: [ExperimentRow]
        let hasExperimentRows: Bool
        /// Its keys, oldest first.
        let keys: [Key]
        /// The CSRF token of the rotate and revoke forms.
        let csrf: String

        /// The row of `environment`, which serves `published` (nil: nothing), has `keys` at `now`
        /// and lists `experiments` (``ExperimentListing``).
        ///
        /// A document that no longer validates shows as nothing published.
        init(
            _ environment: String, appID: String, published: PublishedDocument?, keys: [SDKKeySummary], now: Date, csrf: String,
            experiments listed: [ExperimentListing.Entry] = []
        ) {
            name = environment
            self.appID = appID
            self.csrf = csrf
            experimentRows = listed.map { ExperimentRow($0, appID: appID, environment: environment) }
            hasExperimentRows = !listed.isEmpty
            self.keys = keys.map { key in
                let status = key.status(at: now)
                return Key(
                    appID: appID, environment: environment, prefix: key.prefix, createdAt: Timestamp.iso8601(key.createdAt),
                    expiresAt: key.expiresAt.map(Timestamp.iso8601) ?? "–", status: status.rawValue, isRetiring: status == .retiring,
                    csrf: csrf)
            }
            guard let published, let document = published.document() else {
                (revision, flows, walkthroughs, experiments) = (nil, [], [], [])
                return
            }
            revision = published.revision
            func links(_ ids: [String]) -> [ReportLink] {
                ids.uniqued().map { ReportLink(id: $0, environment: environment, appID: appID) }
            }
            flows = links(document.flows.map(\.id))
            walkthroughs = links(document.walkthroughs.map(\.id))
            experiments = links(document.experiments.map(\.key))
        }
    }

    struct Revision: Sendable {
        let appID: String
        let revision: Int
        let createdAt: String
        let shortHash: String
        /// The environments that serve it, or "–".
        let publishedTo: String
        /// The revision before it, to diff with; nil for the first.
        let previous: Int?
        /// How it was made: "uploaded", or the revision it was edited from and the edits in words.
        let madeFrom: Int?
        let edits: [String]

        init(_ summary: RevisionSummary, appID: String) {
            self.appID = appID
            revision = summary.revision
            createdAt = Timestamp.iso8601(summary.createdAt)
            shortHash = String(summary.sha256.prefix(12))
            publishedTo = summary.publishedTo.isEmpty ? "–" : summary.publishedTo.map(\.rawValue).joined(separator: ", ")
            previous = summary.revision > 1 ? summary.revision - 1 : nil
            madeFrom = summary.base
            edits = summary.editWords ?? []
        }
    }

    let csrf: String
    let id: String
    let name: String
    /// What just happened (a publish).
    let notice: String?
    /// Why an upload was refused.
    let message: String?
    /// The findings of a refused upload.
    let diagnostics: DiagnosticTable?
    let environments: [Environment]
    /// Newest first.
    let revisions: [Revision]
    let hasRevisions: Bool
    /// The upload form's document, kept after a refusal.
    let draft: String
    /// Whether the reader may upload (editors) and rotate or revoke keys (owners).
    let mayUpload: Bool
    let mayManageKeys: Bool

    init(
        csrf: String, app: AppRecord, environments: [Environment], revisions: [Revision], notice: String? = nil,
        message: String? = nil, diagnostics: DiagnosticTable? = nil, draft: String = "", may: Permissions
    ) {
        self.csrf = csrf
        mayUpload = may.upload
        mayManageKeys = may.manageKeys
        id = app.id.rawValue
        name = app.name
        self.notice = notice
        self.message = message
        self.diagnostics = diagnostics
        self.environments = environments
        self.revisions = revisions
        hasRevisions = !revisions.isEmpty
        self.draft = draft
    }
}
