/// A problem reading or writing saved progress, with what Waypoint did about it.
public struct ProgressStoreError: Error, Sendable, CustomStringConvertible {
    private enum Kind: Sendable {
        case corrupt(key: String, reason: String, movedTo: String?)
        case other(key: String, message: String)
    }
    private let kind: Kind

    static func corrupt(key: String, reason: String, movedTo: String?) -> ProgressStoreError {
        ProgressStoreError(kind: .corrupt(key: key, reason: reason, movedTo: movedTo))
    }

    /// Wraps any error thrown by a store.
    public static func wrapping(_ error: any Error, key: String) -> ProgressStoreError {
        if let error = error as? ProgressStoreError { return error }
        return ProgressStoreError(kind: .other(key: key, message: String(describing: error)))
    }

    public var description: String {
        switch kind {
        case .corrupt(let key, let reason, let movedTo):
            "Saved progress '\(key)' is unreadable (\(reason)); moved aside to \(movedTo ?? "nowhere"); starting fresh."
        case .other(let key, let message):
            "Saved progress '\(key)' could not be accessed: \(message)"
        }
    }
}
