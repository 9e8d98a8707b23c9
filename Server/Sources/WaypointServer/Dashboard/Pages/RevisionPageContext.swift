import WaypointTools

/// The `revision` template: a revision's findings, its changes, and what publishing it would do.
struct RevisionPageContext: PageContext {
    static var template: String { "revision" }

    /// A revision to compare with.
    struct Choice: Sendable {
        let value: Int
        let selected: Bool
    }

    /// A changed JSON path.
    struct Change: Sendable {
        let kind: String
        let path: String
        let before: String
        let after: String

        init(_ change: DocumentChange) {
            kind = change.kind.rawValue
            path = change.path
            before = change.before ?? ""
            after = change.after ?? ""
        }
    }

    /// A flow's row of the preview table.
    struct FlowRow: Sendable {
        let id: String
        let pathsPublished: String
        let pathsCandidate: String
        let inFlight: Int
        let resumed: [InFlightUsers.Resumed]
        let truncated: [InFlightUsers.Truncated]
        let discarded: Int
        /// Whether users of the flow would be moved back or discarded.
        let hasDiscarded: Bool

        init(_ flow: FlowPreview) {
            id = flow.id
            pathsPublished = Self.text(flow.pathCount.published)
            pathsCandidate = Self.text(flow.pathCount.candidate)
            inFlight = flow.inFlight.users
            resumed = flow.inFlight.resumed
            truncated = flow.inFlight.truncated
            discarded = flow.inFlight.discarded
            hasDiscarded = flow.inFlight.discarded > 0 || !flow.inFlight.truncated.isEmpty
        }

        private static func text(_ total: FlowPreview.PathTotal?) -> String {
            switch total {
            case nil: "–"
            case .counted(let count): "\(count)"
            case .uncountable: "not countable"
            }
        }
    }

    let csrf: String
    let appID: String
    let appName: String
    let revision: Int
    let createdAt: String
    let sha256: String
    /// The environments that serve it; nil when none does.
    let publishedTo: String?
    /// Why the last publish was refused.
    let message: String?
    let diagnostics: DiagnosticTable?
    /// The revision the changes are against; nil for the first revision.
    let against: Int?
    let againstChoices: [Choice]
    let hasAgainstChoices: Bool
    let changes: [Change]
    let hasChanges: Bool
    /// The environment the preview is for.
    let environment: String
    let environments: [EnvironmentLink]
    let publishedRevision: Int?
    let flows: [FlowRow]
    let isPublished: Bool
    /// Whether publishing needs the "I understand" box ticked.
    let wouldDiscard: Bool
    let discardWarning: String
    let discardSummary: String
    let publishLabel: String

    /// Whether the reader may publish (publishers): the form, or a note that it needs the role.
    let mayPublish: Bool

    /// An experiment of the revision, with its form for those who may edit.
    struct Experiment: Sendable {
        let key: String
        /// `control 50%, annual-first 50% · goal purchase`.
        let summary: String
        /// The experiment form; nil for those who may not edit.
        let editHref: String?
    }

    /// What the experiment form, Ship or Stop just made (``DashboardController/experimentNotice(revision:environment:_:)``).
    var notice: String?
    /// The revision's experiments.
    var experiments: [Experiment] = []
    var hasExperiments = false
    /// The form of a new experiment in this revision; nil for those who may not edit.
    var newExperimentHref: String?

    /// The page of `summary`, one of the app's `summaries`.
    ///
    /// `preview` is what publishing it would do; `changes` are those since revision `against`.
    init(
        csrf: String, app: AppRecord, summary: RevisionSummary, summaries: [RevisionSummary], preview: PublishPreview,
        against: Int?, changes: [DocumentChange], message: String?, may: Permissions
    ) {
        self.csrf = csrf
        mayPublish = may.publish
        appID = app.id.rawValue
        appName = app.name
        revision = summary.revision
        createdAt = Timestamp.iso8601(summary.createdAt)
        sha256 = summary.sha256
        publishedTo = summary.publishedTo.isEmpty ? nil : summary.publishedTo.map(\.rawValue).joined(separator: ", ")
        self.message = message
        diagnostics = DiagnosticTable(preview.diagnostics, caption: "Findings of validation and lint")
        self.against = against
        againstChoices = summaries.map(\.revision).filter { $0 != summary.revision }.map { Choice(value: $0, selected: $0 == against) }
        hasAgainstChoices = summaries.count > 1
        self.changes = changes.map(Change.init)
        hasChanges = !changes.isEmpty
        environment = preview.environment.rawValue
        environments = EnvironmentLink.all(current: preview.environment.rawValue)
        publishedRevision = preview.publishedRevision
        flows = preview.flows.map(FlowRow.init)
        isPublished = preview.isPublished
        wouldDiscard = preview.needsConfirmation
        discardWarning = preview.discardWarning
        discardSummary = preview.discardSummary
        publishLabel = preview.action
    }
}
