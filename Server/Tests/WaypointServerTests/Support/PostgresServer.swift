import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization
import Testing
@testable import WaypointServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throw-away PostgreSQL server for the tests: `initdb` and `pg_ctl` from Debian's `postgresql`
/// package, in a temporary folder, listening on 127.0.0.1 only; stopped when the test process exits.
enum PostgresServer {
    /// The folder of `initdb`, `pg_ctl` and `createdb`, when PostgreSQL is installed.
    static let binDirectory: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        return nil
    }()

    static var isInstalled: Bool { binDirectory != nil }

    static let notInstalledMessage = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): `apt-get install postgresql` to run these tests"

    /// Whether the tests run in continuous integration, where a missing PostgreSQL is a failure.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    struct Running: Sendable {
        let port: Int
        let directory: URL
        let bin: URL
    }

    private static let state = Mutex<Result<Running, any Error>?>(nil)

    /// Starts the server once per test process.
    static func shared() throws -> Running {
        try state.withLock { state in
            if let state { return try state.get() }
            let result = Result { try start() }
            state = result
            if case .success(let running) = result {
                startedServer.withLock { $0 = running }
                atexit { PostgresServer.stopAtExit() }
            }
            return try result.get()
        }
    }

    private static let startedServer = Mutex<Running?>(nil)

    private static func stopAtExit() {
        guard let running = startedServer.withLock({ $0 }) else { return }
        _ = try? run(running.bin.appendingPathComponent("pg_ctl"), ["-D", running.directory.appendingPathComponent("data").path, "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: running.directory)
    }

    private static func start() throws -> Running {
        let (running, _) = try initializeAndLaunch()
        return running
    }

    /// A new folder with `initdb` run in it, and a server on a free port; returns it and its process.
    fileprivate static func initializeAndLaunch() throws -> (Running, Process) {
        guard let bin = binDirectory else { throw TestFailure(notInstalledMessage) }
        // Under /tmp, not `TemporaryFiles`: the server's socket lives in this folder, and a
        // socket's path may not exceed 107 bytes, which a long TMPDIR would.
        let directory = URL(fileURLWithPath: "/tmp/waypoint-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            // initdb refuses to run as root: the folder goes to the postgres user, which runs the server.
            _ = try run(URL(fileURLWithPath: "/bin/chown"), ["postgres:postgres", directory.path])
        }
        let data = directory.appendingPathComponent("data").path
        _ = try run(bin.appendingPathComponent("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"])
        var lastError: (any Error)?
        for _ in 0..<5 {
            let running = Running(port: try FreePort.find(), directory: directory, bin: bin)
            do {
                return (running, try launch(running))
            } catch {
                lastError = error
            }
        }
        throw lastError ?? TestFailure("PostgreSQL did not start")
    }

    /// Starts the server of `running` (initialized already) and waits until it accepts connections.
    fileprivate static func launch(_ running: Running) throws -> Process {
        let (bin, directory, port) = (running.bin, running.directory, running.port)
        let data = directory.appendingPathComponent("data").path
        // The server runs as a child of this process (pg_ctl would leave a daemon holding
        // descriptors Foundation waits on); it is stopped by `pg_ctl stop` at exit.
        let server = Process()
        let arguments = [bin.appendingPathComponent("postgres").path, "-D", data, "-p", "\(port)",
                         "-c", "listen_addresses=127.0.0.1", "-k", directory.path, "-c", "max_connections=200"]
        if getuid() == 0 {
            server.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            server.arguments = ["-u", "postgres", "--"] + arguments
        } else {
            server.executableURL = URL(fileURLWithPath: arguments[0])
            server.arguments = Array(arguments.dropFirst())
        }
        let log = directory.appendingPathComponent("log")
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        server.standardOutput = handle
        server.standardError = handle
        server.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(server)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && server.isRunning {
            if (try? run(bin.appendingPathComponent("pg_isready"), ["-h", "127.0.0.1", "-p", "\(port)", "-t", "1"])) != nil {
                return server
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        if server.isRunning { server.terminate() }
        throw TestFailure("PostgreSQL did not start on port \(port): " + ((try? String(contentsOf: log, encoding: .utf8)) ?? ""))
    }

    /// A new empty database on the shared server; returns its URL.
    static func createDatabase() throws -> String {
        try createDatabase(on: try shared())
    }

    /// A new empty database on the server of `running`; returns its URL.
    fileprivate static func createDatabase(on running: Running) throws -> String {
        let name = "waypoint_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "_"))"
        _ = try run(running.bin.appendingPathComponent("createdb"), ["-h", "127.0.0.1", "-p", "\(running.port)", "-U", "postgres", name])
        return "postgres://postgres@127.0.0.1:\(running.port)/\(name)"
    }

    /// Runs `body` with a migrated store on the database at `url` (nil: a new one); the pool runs
    /// while `body` does.
    static func withStore<T: Sendable>(
        url: String? = nil, connectionWait: Duration = .seconds(2), _ body: @Sendable (PostgresStore) async throws -> T
    ) async throws -> T {
        let url = try url ?? createDatabase()
        var logger = Logger(label: "waypoint-server-tests.postgres")
        logger.logLevel = .warning
        let store = try PostgresStore(url: url, connectionWait: connectionWait, auditKey: try TestServer.auditKey(), logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let service = store.service
            group.addTask { try await service.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Runs `psql` with `sql` (statements separated by semicolons) on the database at `url`; stops
    /// at the first error.
    @discardableResult
    static func psql(url: String, _ sql: String) throws -> String {
        let running = try shared()
        return try run(running.bin.appendingPathComponent("psql"), connection(url) + ["-v", "ON_ERROR_STOP=1", "-q", "-c", sql])
    }

    /// The schema of the database at `url` as `pg_dump --schema-only` writes it, without comments.
    static func schema(url: String) throws -> [String] {
        let running = try shared()
        let dump = try run(running.bin.appendingPathComponent("pg_dump"), connection(url) + ["--schema-only", "--no-owner"])
        // Recent versions fence the dump with a random key (`\restrict KEY`): not part of the schema.
        return dump.split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("--") && !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") && !$0.isEmpty }
    }

    /// The database at `url` as `pg_dump --inserts` writes it (schema and rows), without owners or
    /// privileges, for ``load(url:sql:)``.
    static func dump(url: String) throws -> String {
        let running = try shared()
        return try run(running.bin.appendingPathComponent("pg_dump"), connection(url) + ["--inserts", "--no-owner", "--no-privileges"])
    }

    /// Runs a dump made by ``dump(url:)`` on the database at `url`; stops at the first error.
    static func load(url: String, sql: String) throws {
        let running = try shared()
        let file = TemporaryFiles.path("dump.sql")
        try Data(sql.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // The server's user reads it when this process is root.
        _ = chmod(file.path, 0o644)
        try run(running.bin.appendingPathComponent("psql"), connection(url) + ["-v", "ON_ERROR_STOP=1", "-q", "-f", file.path])
    }

    /// `psql`'s connection arguments for a URL made by ``createDatabase()``.
    private static func connection(_ url: String) throws -> [String] {
        guard let components = URLComponents(string: url), let port = components.port else { throw TestFailure("not a database URL: \(url)") }
        return ["-h", components.host ?? "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-d", String(components.path.dropFirst())]
    }

    /// Runs a program as the postgres user when this process is root; throws with its output when it fails.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        if getuid() == 0 && executable.lastPathComponent != "chown" {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        // A file, not a pipe: the server pg_ctl starts inherits the descriptors and would keep a pipe open.
        let outputFile = TemporaryFiles.path("pg-output")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        try? output.close()
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw TestFailure("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}

/// A PostgreSQL server of its own, for a test that stops it and starts it again while a store uses
/// it (the shared server stays up for the other tests); stopped and removed at deinit.
final class DedicatedPostgres: Sendable {
    let running: PostgresServer.Running
    private let process: Mutex<Process?>

    init() throws {
        let (running, process) = try PostgresServer.initializeAndLaunch()
        self.running = running
        self.process = Mutex(process)
    }

    /// A new empty database on this server; returns its URL.
    func createDatabase() throws -> String {
        try PostgresServer.createDatabase(on: running)
    }

    /// Stops the server (`pg_ctl stop -m fast`: connections are ended, as when it is shut down) and
    /// waits until it has exited.
    func stop() throws {
        try PostgresServer.run(running.bin.appendingPathComponent("pg_ctl"),
                               ["-D", running.directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
        process.withLock { process in
            process?.waitUntilExit()
            process = nil
        }
    }

    /// Starts the server again on the same port and waits until it accepts connections.
    func start() throws {
        let launched = try PostgresServer.launch(running)
        process.withLock { $0 = launched }
    }

    deinit {
        let server = process.withLock { $0 }
        if let server, server.isRunning {
            _ = try? PostgresServer.run(running.bin.appendingPathComponent("pg_ctl"),
                                        ["-D", running.directory.appendingPathComponent("data").path, "-m", "immediate", "stop"])
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: running.directory)
    }
}

/// A setup step that failed, with what it printed.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A TCP port nothing listens on right now.
enum FreePort {
    static func find() throws -> Int {
        let channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).wait()
        defer { try? channel.close().wait() }
        guard let port = channel.localAddress?.port else { throw TestFailure("the bound socket has no port") }
        return port
    }
}
