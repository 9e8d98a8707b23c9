import Foundation

/// Why ``RemoteDocument`` did not take a new document, or could not keep one: what went wrong, what
/// the app uses meanwhile, and what to do.
public struct RemoteDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case network(url: String, message: String)
        case timedOut(url: String, seconds: Double)
        case status(url: String, status: Int, message: String?)
        case invalid([Diagnostic])
        case unsupportedSchemaVersion(String)
        case emptyBody
        case storage(path: String, message: String)
        case unreadableStored(path: String, reason: String)
        case badRevisionHeader(url: String, value: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    static func network(url: URL, message: String) -> RemoteDocumentError {
        RemoteDocumentError(.network(url: url.absoluteString, message: message))
    }

    static func timedOut(url: URL, after timeout: Duration) -> RemoteDocumentError {
        RemoteDocumentError(.timedOut(url: url.absoluteString, seconds: timeout.seconds))
    }

    static func status(url: URL, _ status: Int, message: String?) -> RemoteDocumentError {
        RemoteDocumentError(.status(url: url.absoluteString, status: status, message: message))
    }

    static func invalid(_ diagnostics: [Diagnostic]) -> RemoteDocumentError {
        if let schema = diagnostics.first(where: { $0.code == .unsupportedSchemaVersion }) {
            return RemoteDocumentError(.unsupportedSchemaVersion(schema.message))
        }
        return RemoteDocumentError(.invalid(diagnostics.filter(\.isError)))
    }

    static let emptyBody = RemoteDocumentError(.emptyBody)

    static func storage(path: String, message: String) -> RemoteDocumentError {
        RemoteDocumentError(.storage(path: path, message: message))
    }

    static func badRevisionHeader(url: URL, value: String) -> RemoteDocumentError {
        RemoteDocumentError(.badRevisionHeader(url: url.absoluteString, value: value))
    }

    static func unreadableStored(path: String, reason: String) -> RemoteDocumentError {
        RemoteDocumentError(.unreadableStored(path: path, reason: reason))
    }

    /// The errors of a downloaded document that was refused (empty for other failures).
    package var diagnostics: [Diagnostic] {
        if case .invalid(let diagnostics) = kind { return diagnostics }
        return []
    }

    /// Whether the failure is the network's or the server's (worth trying again later), rather than the document's.
    package var isTransient: Bool {
        switch kind {
        case .network, .timedOut: return true
        case .status(_, let status, _): return status == 429 || status >= 500
        default: return false
        }
    }

    /// The HTTP status the server answered with, for a failure that had one.
    package var status: Int? {
        if case .status(_, let status, _) = kind { return status }
        return nil
    }

    public var description: String {
        let keeping = "the app keeps the document it has"
        switch kind {
        case .network(let url, let message):
            return "Could not reach \(url): \(message); \(keeping) and tries again later."
        case .timedOut(let url, let seconds):
            return "\(url) did not answer within \(Self.format(seconds)) s; \(keeping) and tries again later "
                + "(raise requestTimeout for slow networks)."
        case .status(let url, let status, let message):
            let detail = message.map { " (\($0))" } ?? ""
            let fix: String = switch status {
            case 401, 403: "check the SDK key (Waypoint-Key) of this environment"
            case 404: "publish a revision to this environment"
            case 429: "the server is busy; it is asked again later"
            case 500...: "the server failed; it is asked again later"
            default: "check the server's address"
            }
            return "\(url) answered \(status)\(detail); \(keeping): \(fix)."
        case .invalid(let diagnostics):
            let count = diagnostics.count
            let lines = diagnostics.prefix(5).map { "  " + $0.formatted(file: "document") }
            return "The downloaded document has \(count) error\(count == 1 ? "" : "s") and was refused; \(keeping). "
                + "Run `waypoint validate` on it and publish a fixed revision:\n" + lines.joined(separator: "\n")
        case .unsupportedSchemaVersion(let message):
            return "The downloaded document was refused: \(message). \(keeping.prefix(1).uppercased() + keeping.dropFirst()); "
                + "publish a document this app version reads, or update the app."
        case .emptyBody:
            return "The server answered 200 with an empty body; \(keeping). Check what the server publishes."
        case .storage(let path, let message):
            return "Could not save the downloaded document at \(path): \(message); it is not used, the last known good copy "
                + "on disk is unchanged, and the next refresh downloads it again. Check that the directory is writable and the disk is not full."
        case .badRevisionHeader(let url, let value):
            return "\(url) answered with the header Waypoint-Revision: \(value), which is not a revision number (a whole "
                + "number such as 7); the download was refused and \(keeping). Check the server, or the proxy in front of it, "
                + "that sets the header."
        case .unreadableStored(let path, let reason):
            return "The last known good document at \(path) could not be read (\(reason)); the bundled document is used "
                + "until the next download replaces the file."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.2f", seconds)
    }
}
