import Waypoint
import WaypointTools

/// The `revision` template: a revision's findings, its changes, and what publishing it would do.
struct RevisionPageContext: PageContext {
    static var template: String { "revision" }

    /// A revision to compare with.
    struct Choice: Sendable {
        let value: Int
        let selected: Bool
    }

    /// A change in words (``RevisionChanges``).
    struct Change: Sendable {
        let kind: String
        let text: String

        init(_ line: RevisionChanges.Line) {
            kind = line.kind.rawValue
            text = line.text
        }
    }

    /// A flow's or walkthrough's steps, each with its editor.
    struct StepList: Sendable {
        let title: String
        let steps: [StepLink]
    }

    /// A step and its editor's address.
    struct StepLink: Sendable {
        let id: String
        let detail: String
        let href: String
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
    /// Whether the reader may edit (editors): the steps' links say "Edit" rather than "View".
    let mayEdit: Bool
    let flowSteps: [StepList]
    let hintSteps: [StepList]
    let hasSteps: Bool

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
    /// `preview` is what publishing it would do; `changes` are those since revision `against`;
    /// `document` is the revision's, whose steps the page links to their editors.
    init(
        csrf: String, app: AppRecord, summary: RevisionSummary, summaries: [RevisionSummary], preview: PublishPreview,
        against: Int?, changes: [RevisionChanges.Line], document: WaypointDocument?, message: String?, may: Permissions
    ) {
        self.csrf = csrf
        mayPublish = may.publish
        mayEdit = may.edit
        let base = "/apps/\(app.id)/revisions/\(summary.revision)"
        var flowSteps: [StepList] = []
        var seenFlows: Set<String> = []
        for flow in document?.flows ?? [] where seenFlows.insert(flow.id).inserted {
            let steps = (document?.flows ?? []).filter { $0.id == flow.id }.flatMap(\.steps)
            var seen: Set<String> = []
            let links = steps.filter { $0.subflow == nil && seen.insert($0.id).inserted }.map { step in
                StepLink(
                    id: step.id, detail: step.screen.map { "screen \($0)" } ?? "",
                    href: base + "/flows/\(FormText.percentEncoded(flow.id))/steps/\(FormText.percentEncoded(step.id))")
            }
            if !links.isEmpty { flowSteps.append(StepList(title: "Flow \(flow.id)", steps: links)) }
        }
        var hintSteps: [StepList] = []
        var seenWalkthroughs: Set<String> = []
        for walkthrough in document?.walkthroughs ?? [] where seenWalkthroughs.insert(walkthrough.id).inserted {
            hintSteps.append(StepList(title: "Walkthrough \(walkthrough.id)", steps: walkthrough.steps.map { step in
                StepLink(
                    id: step.id, detail: "on \(step.targetElementId)",
                    href: base + "/walkthroughs/\(FormText.percentEncoded(walkthrough.id))/steps/\(FormText.percentEncoded(step.id))")
            }))
        }
        self.flowSteps = flowSteps
        self.hintSteps = hintSteps
        hasSteps = !flowSteps.isEmpty || !hintSteps.isEmpty
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
