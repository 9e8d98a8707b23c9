import Foundation
import Logging

/// Everything `buildApplication(_:)` needs: where to listen, where to store, the admin token and the limits.
public struct ServerConfiguration: Sendable {
    /// Where the data lives.
    public enum Storage: Sendable {
        /// SQLite at `DIRECTORY/waypoint.sqlite`.
        case sqlite(directory: URL)
        /// A PostgreSQL database, `postgres://user:password@host:port/database`.
        case postgres(url: String)
    }

    public var host: String
    public var port: Int
    public var storage: Storage
    public var adminToken: AdminToken
    /// The key that chains the audit log (``AuditKey``): required with PostgreSQL, where every
    /// server of the database has the same; with SQLite, nil takes `DIRECTORY/audit.key`.
    public var auditKey: AuditKey?
    public var limits: Limits
    public var logLevel: Logger.Level
    /// How long connections may stay silent and how many may be open.
    public var connections: ConnectionLimits = ConnectionLimits()
    /// Proxies whose `X-Forwarded-For` names the client (docs/ARCHITECTURE.md, "Operating the server").
    public var trustedProxies: [TrustedProxy] = []
    /// How long a request waits for a PostgreSQL connection before it answers 503 (a lost database
    /// fails fast instead of holding requests; docs/ARCHITECTURE.md, "Operating the server").
    public var databaseConnectionWait: Duration = .seconds(2)
    /// Events older than this many days are deleted hourly (``RetentionService``); nil keeps them.
    public var retentionDays: Int?
    /// The bcrypt cost of account passwords (2^cost rounds; 4…31). 12 unless changed: see
    /// docs/ARCHITECTURE.md, "People". Tests lower it to keep hashing fast.
    public var passwordCost: UInt8 = 12

    public init(
        host: String = "127.0.0.1", port: Int = 8080, storage: Storage, adminToken: AdminToken,
        limits: Limits = Limits(), logLevel: Logger.Level = .info, retentionDays: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.storage = storage
        self.adminToken = adminToken
        self.limits = limits
        self.logLevel = logLevel
        self.retentionDays = retentionDays
    }
}

/// Request limits (docs/ARCHITECTURE.md, "The HTTP API").
public struct Limits: Sendable {
    /// The largest request body accepted by `POST /v1/events`.
    public var maxEventBodyBytes: Int
    /// The most events one batch may hold.
    public var maxEventsPerBatch: Int
    /// The largest document accepted as a revision.
    public var maxDocumentBytes: Int
    /// Requests per second each SDK key may make, sustained.
    public var requestsPerSecondPerKey: Double
    /// Requests an SDK key may make at once after being idle.
    public var burstPerKey: Double

    public init(
        maxEventBodyBytes: Int = 512 * 1024, maxEventsPerBatch: Int = 1000, maxDocumentBytes: Int = 8 << 20,
        requestsPerSecondPerKey: Double = 1000, burstPerKey: Double = 2000
    ) {
        self.maxEventBodyBytes = maxEventBodyBytes
        self.maxEventsPerBatch = maxEventsPerBatch
        self.maxDocumentBytes = maxDocumentBytes
        self.requestsPerSecondPerKey = requestsPerSecondPerKey
        self.burstPerKey = burstPerKey
    }
}
