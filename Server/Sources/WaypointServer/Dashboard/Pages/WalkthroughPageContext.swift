/// The `walkthrough` template: a walkthrough's report, all users then each variation and app version.
struct WalkthroughPageContext: PageContext {
    static var template: String { "walkthrough" }

    /// A section: all users, one variation or one app version.
    struct Group: Sendable {
        struct Step: Sendable {
            let id: String
            let inDocument: Bool
            let shown: Int
            let completed: Int
            /// "trigger count" pairs, by trigger.
            let triggers: String
            let skipped: Int
            let targetNotFound: Int
            let warnTargetNotFound: Bool
            let droppedHere: Int
        }

        let title: String
        let anchor: String
        let started: Int
        let completed: Int
        let steps: [Step]
    }

    let appID: String
    let appName: String
    let walkthroughID: String
    let environment: String
    let environments: [EnvironmentLink]
    let groups: [Group]
    /// Stored lines that were not valid events; nil when there were none.
    let invalidLines: Int?
    /// What the report folded to stay bounded, in words; nil when it folded nothing.
    let folded: String?
}
