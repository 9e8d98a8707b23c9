import Foundation

/// Why a progress store could not read, write or decode saved progress, and what Waypoint did about it.
///
/// Its ``description`` is written for the developer reading a log: what went wrong, where (key, path),
/// and either how to fix it or, for saved progress that could not be loaded, what Waypoint did
/// ("Moved it aside to …; starting fresh.").
public struct ProgressStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem, stable across releases; compare it with the static members.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as a short kebab-case string, e.g. `corrupt-snapshot`.
        package let rawValue: String

        /// Creates a code from its string form.
        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The key cannot be used by this store (empty, or too long for a file name).
        package static let badKey = Code(rawValue: "bad-key")
        /// The store's directory is missing and cannot be created, or is not a directory.
        package static let directoryUnavailable = Code(rawValue: "directory-unavailable")
        /// The UserDefaults suite cannot be opened.
        package static let suiteUnavailable = Code(rawValue: "suite-unavailable")
        /// Something is saved under the key but cannot be read.
        package static let unreadable = Code(rawValue: "unreadable")
        /// The saved bytes are not a valid snapshot of the requested type.
        package static let corruptSnapshot = Code(rawValue: "corrupt-snapshot")
        /// The snapshot was written in a format this version of Waypoint does not read.
        package static let unsupportedFormatVersion = Code(rawValue: "unsupported-format-version")
        /// The value could not be encoded as JSON, so nothing was written.
        package static let encodingFailed = Code(rawValue: "encoding-failed")
        /// The bytes could not be written; the previous progress is unchanged.
        package static let writeFailed = Code(rawValue: "write-failed")
        /// The saved progress could not be removed.
        package static let removeFailed = Code(rawValue: "remove-failed")
        /// The saved progress could not be moved aside.
        package static let quarantineFailed = Code(rawValue: "quarantine-failed")

        /// The code's string form.
        package var description: String { rawValue }
    }

    private enum Reason: Sendable, Equatable {
        case badKey(key: String, problem: String, fix: String)
        case directoryUnavailable(path: String, problem: String)
        case suiteUnavailable(suiteName: String)
        case unreadable(key: String, location: String?, problem: String)
        case corruptSnapshot(key: String, problem: String)
        case unsupportedFormatVersion(key: String, found: Int, supported: Int)
        case encodingFailed(key: String, problem: String)
        case writeFailed(key: String, location: String, problem: String)
        case removeFailed(key: String, location: String, problem: String)
        case quarantineFailed(key: String, location: String, problem: String)
    }

    private enum Recovery: Sendable, Equatable {
        case movedAside(to: String)
        case nothingToMove
        case leftInPlace(problem: String)
    }

    private let reason: Reason
    private var recovery: Recovery?

    private init(_ reason: Reason) {
        self.reason = reason
    }

    // MARK: Inspecting

    /// The kind of problem.
    package var code: Code {
        switch reason {
        case .badKey: .badKey
        case .directoryUnavailable: .directoryUnavailable
        case .suiteUnavailable: .suiteUnavailable
        case .unreadable: .unreadable
        case .corruptSnapshot: .corruptSnapshot
        case .unsupportedFormatVersion: .unsupportedFormatVersion
        case .encodingFailed: .encodingFailed
        case .writeFailed: .writeFailed
        case .removeFailed: .removeFailed
        case .quarantineFailed: .quarantineFailed
        }
    }

    /// The progress key the problem is about, when there is one.
    package var key: String? {
        switch reason {
        case .badKey(let key, _, _), .unreadable(let key, _, _), .corruptSnapshot(let key, _),
             .unsupportedFormatVersion(let key, _, _), .encodingFailed(let key, _),
             .writeFailed(let key, _, _), .removeFailed(let key, _, _), .quarantineFailed(let key, _, _):
            key
        case .directoryUnavailable, .suiteUnavailable:
            nil
        }
    }

    /// Where the bad data was moved (a file path or a UserDefaults key), when Waypoint moved it aside.
    package var movedTo: String? {
        if case .movedAside(let destination) = recovery { return destination }
        return nil
    }

    /// The format version found in a snapshot this version of Waypoint cannot read.
    package var formatVersion: Int? {
        if case .unsupportedFormatVersion(_, let found, _) = reason { return found }
        return nil
    }

    // MARK: Describing

    /// What went wrong, where, and how to fix it or what Waypoint did about it.
    public var description: String {
        switch reason {
        case .badKey(let key, let problem, let fix):
            return "Cannot use progress key \(quoted(abbreviated(key))): \(problem). \(fix)"
        case .directoryUnavailable(let path, let problem):
            return "Cannot use \(quoted(path)) as the progress directory: \(problem). "
                + "Pass a directory the app can create and write to, such as one under Application Support."
        case .suiteUnavailable(let suiteName):
            return "Cannot open the UserDefaults suite \(quoted(suiteName)): UserDefaults(suiteName:) returned nil. "
                + "Use another suite name (not the app's bundle identifier or \"NSGlobalDomain\"), "
                + "or nil for UserDefaults.standard."
        case .unreadable(let key, let location, let problem):
            let place = location.map { " at \($0)" } ?? ""
            return "Cannot read progress for key \(quoted(key))\(place): \(problem)."
                + outcome(otherwise: "Make it readable or remove it; loadSnapshot(_:forKey:) moves it aside and starts fresh.")
        case .corruptSnapshot(let key, let problem):
            return "Progress for key \(quoted(key)) is not a valid snapshot: \(problem)."
                + outcome(otherwise: "Remove it, or save a new snapshot over it.")
        case .unsupportedFormatVersion(let key, let found, let supported):
            return "Progress for key \(quoted(key)) was saved in snapshot format \(found), "
                + "but this version of Waypoint reads only format \(supported) "
                + "(it was probably written by a newer version of the app)."
                + outcome(otherwise: "Update the app, or remove the key to start fresh.")
        case .encodingFailed(let key, let problem):
            return "Cannot save progress for key \(quoted(key)): the value cannot be encoded as JSON: \(problem). "
                + "Nothing was written; make the value encodable (for example, no NaN or infinite numbers)."
        case .writeFailed(let key, let location, let problem):
            return "Cannot save progress for key \(quoted(key)) to \(location): \(problem). "
                + "The previous progress is unchanged; check free space and permissions."
        case .removeFailed(let key, let location, let problem):
            return "Cannot remove progress for key \(quoted(key)) at \(location): \(problem). "
                + "Check permissions, or remove it by hand."
        case .quarantineFailed(let key, let location, let problem):
            return "Cannot move progress for key \(quoted(key)) aside from \(location): \(problem). "
                + "Check the permissions of the place it is stored in."
        }
    }

    private func outcome(otherwise fix: String) -> String {
        switch recovery {
        case .movedAside(let destination):
            " Moved it aside to \(destination); starting fresh."
        case .nothingToMove:
            " It was gone when Waypoint tried to move it aside; starting fresh."
        case .leftInPlace(let problem):
            " Could not move it aside (\(problem)); it was left in place, and Waypoint starts fresh."
        case nil:
            " " + fix
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    private func abbreviated(_ key: String) -> String {
        key.count > 60 ? String(key.prefix(60)) + "…" : key
    }
}

// MARK: - Making errors (internal: stores and the snapshot layer)

extension ProgressStoreError {
    static func emptyKey() -> Self {
        Self(.badKey(key: "", problem: "the key is empty", fix: "Use a non-empty key such as \"walkthrough.layering\"."))
    }

    static func keyTooLong(_ key: String, fileNameBytes: Int, limit: Int) -> Self {
        Self(.badKey(
            key: key,
            problem: "its file name would be \(fileNameBytes) bytes long, over the limit of \(limit)",
            fix: "Use a shorter key; a-z, 0-9, \"-\", \"_\" and \".\" take one byte, "
                + "any other character three bytes per UTF-8 byte."
        ))
    }

    static func directoryUnavailable(path: String, problem: String) -> Self {
        Self(.directoryUnavailable(path: path, problem: problem))
    }

    static func suiteUnavailable(_ suiteName: String) -> Self {
        Self(.suiteUnavailable(suiteName: suiteName))
    }

    static func unreadable(key: String, location: String?, problem: String) -> Self {
        Self(.unreadable(key: key, location: location, problem: problem))
    }

    static func corruptSnapshot(key: String, problem: String) -> Self {
        Self(.corruptSnapshot(key: key, problem: problem))
    }

    static func unsupportedFormatVersion(key: String, found: Int, supported: Int) -> Self {
        Self(.unsupportedFormatVersion(key: key, found: found, supported: supported))
    }

    static func encodingFailed(key: String, problem: String) -> Self {
        Self(.encodingFailed(key: key, problem: problem))
    }

    static func writeFailed(key: String, location: String, problem: String) -> Self {
        Self(.writeFailed(key: key, location: location, problem: problem))
    }

    static func removeFailed(key: String, location: String, problem: String) -> Self {
        Self(.removeFailed(key: key, location: location, problem: problem))
    }

    static func quarantineFailed(key: String, location: String, problem: String) -> Self {
        Self(.quarantineFailed(key: key, location: location, problem: problem))
    }

    /// The short "what went wrong" part of the message, without key, location or advice.
    var problem: String {
        switch reason {
        case .badKey(_, let problem, _), .directoryUnavailable(_, let problem), .unreadable(_, _, let problem),
             .corruptSnapshot(_, let problem), .encodingFailed(_, let problem), .writeFailed(_, _, let problem),
             .removeFailed(_, _, let problem), .quarantineFailed(_, _, let problem):
            problem
        case .suiteUnavailable:
            "UserDefaults(suiteName:) returned nil"
        case .unsupportedFormatVersion(_, let found, _):
            "unsupported snapshot format \(found)"
        }
    }

    /// This error, noting that the bad data was moved to `destination`.
    func movedAside(to destination: String) -> Self {
        var copy = self
        copy.recovery = .movedAside(to: destination)
        return copy
    }

    /// This error, noting that there was nothing left to move aside.
    func nothingToMove() -> Self {
        var copy = self
        copy.recovery = .nothingToMove
        return copy
    }

    /// This error, noting that moving the bad data aside failed.
    func leftInPlace(because problem: String) -> Self {
        var copy = self
        copy.recovery = .leftInPlace(problem: problem)
        return copy
    }
}

extension ProgressStoreError {
    /// The error to report for a failed save: a store's own error as it is, anything else wrapped.
    static func saving(_ error: any Error, key: String) -> Self {
        (error as? ProgressStoreError) ?? .writeFailed(key: key, location: "the progress store", problem: String(describing: error))
    }

    /// The error to report for a failed removal: a store's own error as it is, anything else wrapped.
    static func removing(_ error: any Error, key: String) -> Self {
        (error as? ProgressStoreError) ?? .removeFailed(key: key, location: "the progress store", problem: String(describing: error))
    }
}
