/// What a conformance case checks: each kind is a folder of `spec/` with its own JSON Schema
/// (docs/CLIENTS.md, "The conformance cases").
enum ConformanceKind: String, Sendable, CaseIterable, Codable {
    /// The user's locales and a text's translations give the string shown.
    case text
    /// The server's answers to an event sink's requests give its requests, waits, pauses and drops.
    case delivery
}
