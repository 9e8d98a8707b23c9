/// What a conformance case checks: each kind is a folder of `spec/` with its own JSON Schema
/// (docs/CLIENTS.md, "The conformance cases").
enum ConformanceKind: String, Sendable, CaseIterable, Codable {
    /// A downloaded document's text gives whether an app accepts it, and the diagnostics.
    case documents
    /// A document's experiments and a user's attributes give each experiment's variation and each flow's entry.
    case assignment
    /// A script of what a user does in a flow, over launches and revisions, gives the path, the screens and the events.
    case navigation
    /// A walkthrough document, saved progress and what the app reports give the hints and the events sent.
    case walkthroughs
    /// The user's locales and a text's translations give the string shown.
    case text
    /// The server's answers to an event sink's requests give its requests, waits, pauses and drops.
    case delivery
}
