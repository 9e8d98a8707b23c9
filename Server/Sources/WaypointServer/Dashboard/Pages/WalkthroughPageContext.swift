/// The `walkthrough` template: a walkthrough's report, all users then each variation and app version.
struct WalkthroughPageContext: PageContext {
    static var template: String { "walkthrough" }

    /// A section: all users, one variation or one app version.
    struct Group: Sendable {
        struct Step: Sendable {
            let id: String
            let inDocument: Bool
            let shown: Int
            /// `shown` as a share of the users who started.
            let shownRate: String
            let completed: Int
            /// `completed` as a share of the users it was shown to.
            let completedRate: String
            /// "trigger count" pairs, by trigger.
            let triggers: String
            let skipped: Int
            /// `skipped` as a share of the users it was shown to.
            let skippedRate: String
            let targetNotFound: Int
            let warnTargetNotFound: Bool
            let droppedHere: Int
            /// Of the users it was shown to, the share who stopped on it.
            let dropRate: String
        }

        let title: String
        let anchor: String
        let started: Int
        let completed: Int
        let completionRate: String
        /// The drop-off bars (SVG).
        let bars: String
        let steps: [Step]
        /// Who the section's users are, when its title cannot say it (the users not exposed).
        var note: String?
    }

    let appID: String
    let appName: String
    let walkthroughID: String
    /// The environment, revision and date range shown, and the selectors that change them.
    let scope: ReportScopeContext
    let groups: [Group]
    /// The users left out of every figure for having events but no start, in words; nil when none were.
    let withoutStart: String?
    /// Stored lines that were not valid events; nil when there were none.
    let invalidLines: Int?
    /// What the report folded to stay bounded, in words; nil when it folded nothing.
    let folded: String?
}
