import Foundation

/// The `revision` field of a stored event line (docs/ARCHITECTURE.md, "Events"): the document
/// revision the app ran the flow or walkthrough from, absent for a bundled document.
enum EventLineRevision {
    private struct Field: Decodable {
        let revision: Int?
    }

    /// The line's `revision`, or `nil` when it has none (or it is not a whole number).
    static func of(_ line: String) -> Int? {
        (try? JSONDecoder().decode(Field.self, from: Data(line.utf8)))?.revision
    }
}
