import Waypoint

/// Why two documents could not be compared; the message says which one and how to fix it.
public struct DocumentDiffError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case notJSON(side: String, reason: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func notJSON(side: String, _ error: JSONParseError) -> DocumentDiffError {
        DocumentDiffError(.notJSON(side: side, reason: error.reason))
    }

    public var description: String {
        switch reason {
        case .notJSON(let side, let reason):
            return "The \(side) document is not valid JSON (\(reason)), so it cannot be compared. "
                + "Pass the document's bytes exactly as they were uploaded."
        }
    }
}
