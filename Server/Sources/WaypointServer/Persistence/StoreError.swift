/// A store operation that could not be done as asked; its ``description`` says what went wrong and
/// how to fix it, in the same words for every store.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case appExists(appID: AppID)
        case noEnvironment(appID: AppID, environment: EnvironmentName)
        case noRevision(appID: AppID, revision: Int)
        case cannotCreateFolder(path: String, reason: String)
        case cannotOpenDatabase(path: String, reason: String)
        case cannotWriteFolder(path: String, reason: String)
        case cannotReachDatabase(address: String, reason: String)
        case storageFull(String)
        case storageUnavailable(String)
        case noKey(appID: AppID, environment: EnvironmentName, prefix: String)
        case currentKey(appID: AppID, environment: EnvironmentName, prefix: String)
        case keyPrefixTaken(appID: AppID, environment: EnvironmentName, prefix: String)
        case reportsNotReady(String)
        case unexpectedValue(column: Int, expected: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// An app with this id exists already.
    public static func appExists(appID: AppID) -> StoreError {
        StoreError(.appExists(appID: appID))
    }

    /// The app has no environment of this name.
    public static func noEnvironment(appID: AppID, environment: EnvironmentName) -> StoreError {
        StoreError(.noEnvironment(appID: appID, environment: environment))
    }

    /// The app has no revision of this number.
    public static func noRevision(appID: AppID, revision: Int) -> StoreError {
        StoreError(.noRevision(appID: appID, revision: revision))
    }

    /// The folder that holds the database cannot be created; `reason` is what the system said.
    public static func cannotCreateFolder(path: String, reason: String) -> StoreError {
        StoreError(.cannotCreateFolder(path: path, reason: reason))
    }

    /// The database file cannot be opened or brought up to date; `reason` is what SQLite said.
    public static func cannotOpenDatabase(path: String, reason: String) -> StoreError {
        StoreError(.cannotOpenDatabase(path: path, reason: reason))
    }

    /// A file cannot be written in the folder that holds the database; `reason` is what the system said.
    public static func cannotWriteFolder(path: String, reason: String) -> StoreError {
        StoreError(.cannotWriteFolder(path: path, reason: reason))
    }

    /// The PostgreSQL server at `address` (host and port) cannot be reached or refuses the
    /// connection; `reason` says how it failed.
    public static func cannotReachDatabase(address: String, reason: String) -> StoreError {
        StoreError(.cannotReachDatabase(address: address, reason: reason))
    }

    /// Nothing more can be stored until room is made: the disk (or the database's size limit) is
    /// full. `message` says which and what to do; the API answers 503 with `Retry-After`.
    public static func storageFull(_ message: String) -> StoreError {
        StoreError(.storageFull(message))
    }

    /// Nothing can be stored now: the database cannot be written or reached. `message` says why and
    /// what to do; the API answers 503 with `Retry-After`.
    public static func storageUnavailable(_ message: String) -> StoreError {
        StoreError(.storageUnavailable(message))
    }

    /// The disk or the database is full (the API answers 503 `storage-full`).
    public var isStorageFull: Bool {
        if case .storageFull = reason { true } else { false }
    }

    /// The database cannot be written or reached now (the API answers 503 `storage-unavailable`).
    public var isStorageUnavailable: Bool {
        if case .storageUnavailable = reason { true } else { false }
    }

    /// The report ledger was built by other report rules than this server's and is being rebuilt,
    /// or waits for a server that can (``ReportLedger``): no report is answered and no event taken
    /// until it is done. `message` says why and how far it is; the API answers 503 `reports-rebuilding`.
    static func reportsNotReady(_ message: String) -> StoreError {
        StoreError(.reportsNotReady(message))
    }

    /// The report ledger is not ready (the API answers 503 `reports-rebuilding`).
    public var isReportsNotReady: Bool {
        if case .reportsNotReady = reason { true } else { false }
    }

    /// The environment has no key with this prefix.
    public static func noKey(appID: AppID, environment: EnvironmentName, prefix: String) -> StoreError {
        StoreError(.noKey(appID: appID, environment: environment, prefix: prefix))
    }

    /// The key with this prefix is the environment's current key, which a revocation does not end.
    public static func currentKey(appID: AppID, environment: EnvironmentName, prefix: String) -> StoreError {
        StoreError(.currentKey(appID: appID, environment: environment, prefix: prefix))
    }

    /// The environment has a key with this prefix already.
    public static func keyPrefixTaken(appID: AppID, environment: EnvironmentName, prefix: String) -> StoreError {
        StoreError(.keyPrefixTaken(appID: appID, environment: environment, prefix: prefix))
    }

    /// A stored value is not what the server reads there: a database whose schema is not this server's.
    static func unexpectedValue(column: Int, expected: String) -> StoreError {
        StoreError(.unexpectedValue(column: column, expected: expected))
    }

    /// Something with the same identity exists already, or the operation would break what exists
    /// (the API answers 409).
    public var isConflict: Bool {
        switch reason {
        case .appExists, .currentKey, .keyPrefixTaken: true
        default: false
        }
    }

    /// What the operation needs does not exist (the API answers 404).
    public var isNotFound: Bool {
        switch reason {
        case .noEnvironment, .noRevision, .noKey: true
        case .appExists, .cannotCreateFolder, .cannotOpenDatabase, .cannotWriteFolder, .cannotReachDatabase,
             .storageFull, .storageUnavailable, .currentKey, .keyPrefixTaken, .reportsNotReady, .unexpectedValue:
            false
        }
    }

    public var description: String {
        switch reason {
        case .appExists(let appID):
            "An app with the id \"\(appID)\" exists already; choose another id."
        case .noEnvironment(let appID, let environment):
            "The app \"\(appID)\" has no environment \"\(environment)\"; use production or staging."
        case .noRevision(let appID, let revision):
            "The app \"\(appID)\" has no revision \(revision); list them with GET /v1/apps/\(appID)/revisions."
        case .cannotCreateFolder(let path, let reason):
            "Cannot create the data folder \(path): \(reason). Pass a writable folder with --data."
        case .cannotOpenDatabase(let path, let reason):
            "Cannot open the SQLite database \(path): \(reason). Check that the folder is writable and the file is a Waypoint database."
        case .cannotWriteFolder(let path, let reason):
            "Cannot write in the data folder \(path): \(reason). Give this user write access to it, or pass a writable folder with --data."
        case .storageFull(let message), .storageUnavailable(let message), .reportsNotReady(let message):
            message
        case .noKey(let appID, let environment, let prefix):
            "The environment \"\(environment)\" of \"\(appID)\" has no key \"\(prefix)\"; "
                + "list its keys with GET /v1/apps/\(appID)/environments/\(environment)/keys."
        case .currentKey(let appID, let environment, let prefix):
            "\"\(prefix)\" is the current key of \"\(environment)\" and was not revoked, so apps can still connect; "
                + "rotate first with POST /v1/apps/\(appID)/environments/\(environment)/keys ({\"graceHours\":0} ends it at once)."
        case .keyPrefixTaken(let appID, let environment, let prefix):
            "The environment \"\(environment)\" of \"\(appID)\" has a key \"\(prefix)\" already; rotate again for a key with another prefix."
        case .unexpectedValue(let column, let expected):
            "A stored value is not what this server reads (column \(column + 1) of a row should hold \(expected)), so the database was "
                + "made or changed by something else. Check that --data or --database names this server's database, and restore it from a backup if it was changed by hand."
        case .cannotReachDatabase(let address, let reason):
            "Cannot connect to PostgreSQL at \(address): \(reason). Check that PostgreSQL runs there and accepts connections, and that --database names the right host, port, user and database."
        }
    }
}
