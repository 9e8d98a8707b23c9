/// The `reportScope` partial: what a report page shows (environment, revision, date range) in
/// words, and the links and form that change it, all plain GET requests.
struct ReportScopeContext: Sendable {
    /// A link of a selector; `current` marks the one the page shows.
    struct Link: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    /// A parameter of the page itself (not of the scope) that its selectors keep.
    struct Field: Sendable {
        let name: String
        let value: String
    }

    /// An option of the revision selector.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let environment: String
    /// The revision shown and whose runs are counted, in words.
    let revision: String
    /// The date range, in words.
    let range: String
    let environments: [Link]
    let revisionOptions: [Option]
    /// The range the revision form keeps, as the query wrote it.
    let hiddenSince: String?
    let hiddenUntil: String?
    let ranges: [Link]
    /// Why "since revision N was published" is not offered, when it is not.
    let publishNote: String?
    /// Which experiment splits the users when the events carry several, and how to choose another.
    let experimentNote: String?
    /// The page's own parameters the revision form keeps (its links keep them too).
    var pageFields: [Field] = []
}
