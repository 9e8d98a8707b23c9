/// What a conformance case checks: each kind is a folder of `spec/` with its own JSON Schema
/// (docs/CLIENTS.md, "The conformance cases").
enum ConformanceKind: String, Sendable, CaseIterable, Codable {
    /// The user's locales and a text's translations give the string shown.
    case text
    /// A script of what a user does in a flow, over launches and revisions, gives the path, the screens and the events.
    case navigation
}
