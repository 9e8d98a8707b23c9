/// Why `waypoint-server backup` could not make a copy; its ``description`` says what went wrong
/// and how to fix it.
public struct BackupError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case noDatabase(path: String)
        case cannotRead(path: String, reason: String)
        case destinationIsFolder(path: String)
        case noDestinationFolder(path: String)
        case cannotWrite(folder: String, reason: String)
        case copyFailed(path: String, reason: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// There is no `waypoint.sqlite` in the data folder.
    static func noDatabase(path: String) -> BackupError { BackupError(.noDatabase(path: path)) }

    /// The database cannot be opened or read; `reason` is what SQLite said.
    static func cannotRead(path: String, reason: String) -> BackupError { BackupError(.cannotRead(path: path, reason: reason)) }

    /// The destination names a folder, not a file.
    static func destinationIsFolder(path: String) -> BackupError { BackupError(.destinationIsFolder(path: path)) }

    /// The folder the destination would be in does not exist.
    static func noDestinationFolder(path: String) -> BackupError { BackupError(.noDestinationFolder(path: path)) }

    /// No file can be written in the destination's folder; `reason` is what the system said.
    static func cannotWrite(folder: String, reason: String) -> BackupError { BackupError(.cannotWrite(folder: folder, reason: reason)) }

    /// The copy failed part way; nothing was left at the destination.
    static func copyFailed(path: String, reason: String) -> BackupError { BackupError(.copyFailed(path: path, reason: reason)) }

    public var description: String {
        switch reason {
        case .noDatabase(let path):
            "There is no database at \(path). Pass the folder the server runs with as --data (the one holding waypoint.sqlite)."
        case .cannotRead(let path, let reason):
            "Cannot read the database \(path): \(reason). Check that it is a Waypoint database and that this user may read it."
        case .destinationIsFolder(let path):
            "\(path) is a folder. Pass a file name with --to, such as \(path)/waypoint-backup.sqlite."
        case .noDestinationFolder(let path):
            "The folder \(path) does not exist. Create it, or pass --to a file in an existing folder."
        case .cannotWrite(let folder, let reason):
            "Cannot write in \(folder): \(reason). Pass --to a file in a folder this user may write."
        case .copyFailed(let path, let reason):
            "The backup to \(path) failed: \(reason). Nothing was written there; check the free space and try again."
        }
    }
}
