/// Who did something the audit log records: the admin token, a person signed in to the dashboard,
/// a personal API token, or the server itself (retention).
///
/// `id` is what the log is filtered by (`GET /v1/audit?actor=`); `name` is what people read.
public struct AuditActor: Sendable, Hashable {
    /// What kind of credential acted, as a stable code.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public let rawValue: String

        /// A kind by its code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The admin token of `WAYPOINT_ADMIN_TOKEN`, through the API or a dashboard session opened with it.
        public static let adminToken = Kind(rawValue: "admin-token")
        /// A person's dashboard session.
        public static let session = Kind(rawValue: "session")
        /// A person's API token.
        public static let apiToken = Kind(rawValue: "api-token")
        /// The server itself, such as retention deleting old events.
        public static let system = Kind(rawValue: "system")
    }

    public let kind: Kind
    /// A stable id: `admin` for the admin token, `retention` for retention, a person's id.
    public let id: String
    /// The name people read in the log.
    public let name: String

    /// Creates an actor.
    public init(kind: Kind, id: String, name: String) {
        self.kind = kind
        self.id = id
        self.name = name
    }

    /// The admin token.
    public static let adminToken = AuditActor(kind: .adminToken, id: "admin", name: "Admin token")

    /// The server's retention of events (`--retention-days`).
    public static let retention = AuditActor(kind: .system, id: "retention", name: "Retention")
}
