import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import WaypointServer

/// A server over a fresh SQLite store in a temporary folder, driven through HummingbirdTesting.
enum TestServer {
    static let adminToken = "test-admin-token-0123456789abcdef0123456789"
    static var admin: HTTPFields { [.authorization: "Bearer \(adminToken)"] }

    /// The audit key of the tests' PostgreSQL stores and servers (SQLite ones make their data folder's).
    static let auditKeyText = "test-audit-key-0123456789abcdef0123456789"
    static func auditKey() throws -> AuditKey { try AuditKey(auditKeyText, source: "the tests' audit key") }

    /// The repository's root (where Examples/ lives).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func example(_ name: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/Documents/\(name)"))
    }

    static func cliFixture(_ path: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/WaypointCLITests/\(path)"))
    }

    static func configuration(limits: Limits = Limits(), storage: ServerConfiguration.Storage? = nil) throws -> ServerConfiguration {
        var configuration = ServerConfiguration(
            storage: storage ?? .sqlite(directory: TemporaryFiles.path()), adminToken: try AdminToken(adminToken),
            limits: limits, logLevel: .warning)
        // The lowest bcrypt cost: the same code, sixteen times less work than a cost of 8.
        configuration.passwordCost = 4
        return configuration
    }

    /// Runs `body` against a server on a new SQLite store (or `store`), whose clock is `now`, through
    /// the router or, with `.live`, over a socket on 127.0.0.1 (requests then have a peer address);
    /// `configure` changes the configuration first, and `repositories` the database's repositories
    /// (a test's failing ones).
    static func run(
        limits: Limits = Limits(), store: TestDatabase? = nil, now: @escaping @Sendable () -> Date = { Date() },
        signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        _ testing: TestingSetup = .router,
        configure: (inout ServerConfiguration) throws -> Void = { _ in },
        repositories: @Sendable (Repositories) -> Repositories = { $0 },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await TemporaryFiles.with { directory in
            let store = try store ?? SQLiteStore(directory: directory)
            var logger = Logger(label: "waypoint-server-tests")
            logger.logLevel = .warning
            var configuration = try configuration(limits: limits)
            configuration.port = 0
            try configure(&configuration)
            let application = buildApplication(configuration, repositories: repositories(Repositories(store)), logger: logger, now: now, signInClock: signInClock)
            try await application.test(testing, body)
        }
    }
}

/// A created app's keys.
struct TestApp {
    let id: String
    let production: String
    let staging: String
}

extension TestClientProtocol {
    /// Sends a request and returns the response.
    func send(_ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: Data? = nil) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { $0 }
    }

    func send(_ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields = [:], json: String) async throws -> TestResponse {
        try await send(uri, method, headers: headers, body: Data(json.utf8))
    }

    func createApp(_ id: String, name: String = "Test") async throws -> TestApp {
        let response = try await send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"\#(id)","name":"\#(name)"}"#)
        try #require(response.status == .created, "creating \(id): \(response.text)")
        let object = try response.object()
        let environments = try #require(object["environments"] as? [[String: Any]])
        let keys = Dictionary(uniqueKeysWithValues: environments.map { ($0["name"] as? String ?? "", $0["sdkKey"] as? String ?? "") })
        return TestApp(id: id, production: try #require(keys["production"]), staging: try #require(keys["staging"]))
    }

    func upload(_ app: String, _ document: Data) async throws -> TestResponse {
        try await send("/v1/apps/\(app)/revisions", .post, headers: TestServer.admin, body: document)
    }

    func publish(_ app: String, revision: Int, to environment: String = "production") async throws -> TestResponse {
        try await send("/v1/apps/\(app)/environments/\(environment)/publish", .post, headers: TestServer.admin, json: #"{"revision":\#(revision)}"#)
    }

    func document(key: String, ifNoneMatch: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [HTTPField.Name("Waypoint-Key")!: key]
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await send("/v1/document", headers: headers)
    }

    func postEvents(key: String, body: Data) async throws -> TestResponse {
        try await send("/v1/events", .post, headers: [HTTPField.Name("Waypoint-Key")!: key], body: body)
    }

    func postEvents(key: String, lines: [String]) async throws -> TestResponse {
        try await postEvents(key: key, body: Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8))
    }
}

extension TestResponse {
    var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }
    var data: Data { Data(body.readableBytesView) }

    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object: \(text)")
    }

    /// The `error.code` of an error body.
    func errorCode() throws -> String? {
        (try object()["error"] as? [String: Any])?["code"] as? String
    }

    /// The `error.message` of an error body ("" when it has none).
    func errorMessage() throws -> String {
        (try object()["error"] as? [String: Any])?["message"] as? String ?? ""
    }
}

/// Events for tests.
enum TestEvents {
    static func line(_ messageID: String, user: String = "u1", event: String = "Step Viewed", step: String = "splash",
                     flow: String = "signup", at second: Int = 0) -> String {
        let time = String(format: "2026-01-01T00:%02d:%02d.000Z", second / 60, second % 60)
        return #"{"messageId":"\#(messageID)","userId":"\#(user)","event":"\#(event)","timestamp":"\#(time)","flowId":"\#(flow)","stepId":"\#(step)"}"#
    }
}
