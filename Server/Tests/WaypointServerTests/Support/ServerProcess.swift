import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `waypoint-server serve` as a child process on 127.0.0.1, for tests that kill or share servers.
final class ServerProcess: Sendable {
    let port: Int
    private let process: Process

    /// The process id, for reading `/proc/<pid>/…`.
    var pid: Int32 { process.processIdentifier }

    /// The executable, built next to the test bundle.
    static func executable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("waypoint-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TestFailure("waypoint-server is not next to \(CommandLine.arguments[0]); build it with `swift build`")
    }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts a server with `arguments` (such as `--data DIR`) and `WAYPOINT_ADMIN_TOKEN=token`
    /// (unset when nil), and waits until it answers `/health`; with `openFileLimit`, the server may
    /// open at most that many files (`ulimit -n`). Without `port`, a free port is chosen, and
    /// another one if something else took it before the server could listen there.
    convenience init(
        _ arguments: [String], port: Int? = nil, token: String? = TestServer.adminToken, openFileLimit: Int? = nil, log: URL? = nil
    ) async throws {
        try await self.init(
            commandLine: { ["serve", "--host", "127.0.0.1", "--port", "\($0)"] + arguments }, port: port, token: token,
            openFileLimit: openFileLimit, log: log)
    }

    /// Starts `waypoint-server` with exactly `arguments` (which make it listen on 127.0.0.1:`port`)
    /// and `WAYPOINT_ADMIN_TOKEN=token` (unset when nil), and waits until it answers `/health`; its
    /// standard error goes to the file `log` when there is one.
    convenience init(
        commandLine arguments: [String], port: Int, token: String? = TestServer.adminToken, openFileLimit: Int? = nil, log: URL? = nil
    ) async throws {
        try await self.init(commandLine: { _ in arguments }, port: port, token: token, openFileLimit: openFileLimit, log: log)
    }

    /// A free port is found by binding port 0 and letting it go, so another test's server or an
    /// outgoing connection may take it before this server listens; the server then exits, and the
    /// `/health` that answered was another process's. Ready means answering and holding the port.
    private init(
        commandLine arguments: (Int) -> [String], port fixed: Int?, token: String?, openFileLimit: Int?, log: URL?
    ) async throws {
        var attempt = 1
        while true {
            let port = try fixed ?? FreePort.find()
            let process = try Self.launch(arguments(port), token: token, openFileLimit: openFileLimit, log: log)
            do {
                try await Self.waitUntilServing(process, port: port, arguments: arguments(port), portWasFree: fixed == nil)
                self.port = port
                self.process = process
                return
            } catch is PortTaken where attempt < 3 {
                attempt += 1
            }
        }
    }

    /// Something else listened on the free port found for the server, which then exited.
    private struct PortTaken: Error, CustomStringConvertible {
        let port: Int
        var description: String { "port \(port) was taken by another process before waypoint-server could listen on it" }
    }

    private static func launch(_ arguments: [String], token: String?, openFileLimit: Int?, log: URL?) throws -> Process {
        let process = Process()
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", try executable().path] + arguments
        } else {
            process.executableURL = try executable()
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYPOINT_ADMIN_TOKEN"] = token
        // The key every server of a test's PostgreSQL database shares (with SQLite, the data folder's wins over none).
        if arguments.contains("--database") && environment["WAYPOINT_AUDIT_KEY"] == nil {
            environment["WAYPOINT_AUDIT_KEY"] = TestServer.auditKeyText
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try ProcessLaunch.run(process)
        return process
    }

    /// Waits until `process` answers `/health` on `port` and holds the port's listening socket.
    private static func waitUntilServing(_ process: Process, port: Int, arguments: [String], portWasFree: Bool) async throws {
        do {
            try await Polling.until("waypoint-server answers /health", timeout: .seconds(60), interval: .milliseconds(50)) {
                if !process.isRunning {
                    if portWasFree, listeners(of: port)?.isEmpty == false { throw PortTaken(port: port) }
                    throw TestFailure("waypoint-server \(arguments) exited with \(process.terminationStatus)")
                }
                let response = try? await HTTP.send(port: port, "/health", timeout: .seconds(1))
                return response?.status == 200 && holds(process.processIdentifier, port: port)
            }
        } catch {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw error
        }
    }

    /// The inodes of the sockets listening on 127.0.0.1:`port` (or on every address), from
    /// `/proc/net/tcp`; nil where there is no such file to read (not Linux).
    private static func listeners(of port: Int) -> [Substring]? {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return nil }
        let addresses: Set<Substring> = [Substring(String(format: "0100007F:%04X", port)), Substring(String(format: "00000000:%04X", port))]
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // sl, local address, remote address, state (0A: listening), …, inode (the tenth field).
            return fields.count > 9 && addresses.contains(fields[1]) && fields[3] == "0A" ? fields[9] : nil
        }
    }

    /// Whether process `pid` holds a socket listening on `port` (true where that cannot be read).
    private static func holds(_ pid: Int32, port: Int) -> Bool {
        guard let inodes = listeners(of: port) else { return true }
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let sockets = Set(descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") })
        return inodes.contains { sockets.contains("socket:[\($0)]") }
    }

    /// SIGKILL: no chance to flush or close anything.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, then waits for the graceful exit.
    func terminate() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Plain HTTP requests to a server on 127.0.0.1.
enum HTTP {
    struct Answer: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }

        func object() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw TestFailure("not an object: \(text)") }
            return object
        }
    }

    /// The tests' client. It drops a pooled connection once it has been idle 5 s, before the
    /// server's wait for a request head (10 s) closes it: a request sent on a connection the server
    /// is closing would fail with `remoteConnectionClosed` (`HTTPClient.shared` keeps them 60 s).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(5))
        return HTTPClient(configuration: configuration)
    }()

    static func send(
        port: Int, _ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: Data? = nil,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let collected = try await response.body.collect(upTo: 64 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(collected.readableBytesView))
    }

    static var admin: [(String, String)] { [("Authorization", "Bearer \(TestServer.adminToken)")] }

    static func createApp(port: Int, _ id: String) async throws -> TestApp {
        let answer = try await send(port: port, "/v1/apps", method: .POST, headers: admin, body: Data(#"{"id":"\#(id)","name":"Test"}"#.utf8))
        guard answer.status == 201 else { throw TestFailure("create app: \(answer.status) \(answer.text)") }
        let environments = try answer.object()["environments"] as? [[String: String]] ?? []
        let keys = Dictionary(uniqueKeysWithValues: environments.map { ($0["name"] ?? "", $0["sdkKey"] ?? "") })
        return TestApp(id: id, production: keys["production"] ?? "", staging: keys["staging"] ?? "")
    }

    static func postEvents(port: Int, key: String, lines: [String]) async throws -> Answer {
        try await send(port: port, "/v1/events", method: .POST, headers: [("Waypoint-Key", key)],
                       body: Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8))
    }

    /// The message ids of every environment's export, each in its order.
    static func exportedMessageIDs(port: Int, app: String) async throws -> [String] {
        var ids: [String] = []
        // An export holds one environment's events: production's, then staging's.
        for environment in ["production", "staging"] {
            let answer = try await send(
                port: port, "/v1/apps/\(app)/events?format=jsonl&environment=\(environment)", headers: admin, timeout: .seconds(60))
            guard answer.status == 200 else { throw TestFailure("export: \(answer.status) \(answer.text)") }
            ids += answer.text.split(separator: "\n").map { line in
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                return object?["messageId"] as? String ?? ""
            }
        }
        return ids
    }
}
