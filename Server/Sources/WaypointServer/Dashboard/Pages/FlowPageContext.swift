/// The `flow` template: a flow's report, all users then each variation, and drop-off by app version
/// (or revision, locale or platform: the page's `by`).
struct FlowPageContext: PageContext {
    static var template: String { "flow" }

    /// A section: all users, or one variation.
    struct Group: Sendable {
        struct Step: Sendable {
            let id: String
            let inDocument: Bool
            let viewed: Int
            let skipped: Int
            let droppedHere: Int
            /// Of the users who viewed the step, the share who stopped on it (`–` when nobody viewed it).
            let dropRate: String
            let median: String
            /// "outcome count" pairs, by outcome.
            let outcomes: String
        }

        /// An edge of the designed graph and the users who took it.
        struct Edge: Sendable {
            let from: String
            let outcome: String
            let to: String
            let users: Int
            let untaken: Bool
        }

        let title: String
        let anchor: String
        let started: Int
        let completed: Int
        let abandoned: Int
        /// Users who started and neither completed nor abandoned.
        let inProgress: Int
        let completionRate: String
        let medianToComplete: String
        /// The funnel bars (SVG).
        let bars: String
        let steps: [Step]
        let hasGraph: Bool
        /// Whose runs and which document the graph is drawn from, in words.
        let graphNote: String
        /// The designed graph with traffic (SVG); nil when no graph is drawn.
        let graph: String?
        let edges: [Edge]
        let hasUntaken: Bool
        /// Who the section's users are, when its title cannot say it (the users not exposed).
        var note: String?
    }

    /// An experiment the flow runs, linking to its page.
    struct ExperimentLink: Sendable {
        let key: String
        let href: String
    }

    /// A step's row of the drop-off by app version (revision, locale, platform) table.
    struct SplitRow: Sendable {
        let step: String
        /// Users who stopped on the step, per value (in ``FlowPageContext/splitValues`` order).
        let cells: [Int]
    }

    let appID: String
    let appName: String
    let flowID: String
    /// The environment, revision and date range shown, and the selectors that change them.
    let scope: ReportScopeContext
    let groups: [Group]
    /// Whether there is more than the "All users" section.
    let hasGroups: Bool
    /// What the drop-off table splits by, in words (`app version`), and the links that choose it.
    let splitTitle: String
    let splitLinks: [ReportScopeContext.Link]
    /// The table's caption: what a user's value is.
    let splitCaption: String
    let hasSplitValues: Bool
    let splitValues: [String]
    let splitRows: [SplitRow]
    /// Why the table is empty, when it is.
    let splitNote: String?
    /// The users left out of every figure for having events but no start, in words; nil when none were.
    let withoutStart: String?
    /// Stored lines that were not valid events; nil when there were none.
    let invalidLines: Int?
    /// What the report folded to stay bounded, in words; nil when it folded nothing.
    let folded: String?
    /// The experiments measured in this flow (``ExperimentReport/reportableSubjects(of:in:)``), each linking to its page.
    var experiments: [ExperimentLink] = []
}
