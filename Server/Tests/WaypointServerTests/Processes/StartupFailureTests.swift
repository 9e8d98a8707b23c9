import Foundation
import NIOCore
import NIOPosix
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `waypoint-server serve` that cannot start says why in one line on standard error, exits with
/// status 1, and does so within seconds.
@Suite("Start-up failures")
struct StartupFailureTests {
    @Test func aPortInUseIsNamed() async throws {
        // Another program holds a port on 127.0.0.1 that the system chose.
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        do {
            try await TemporaryFiles.with { directory in
                let outcome = try await StartupRun.run(["--data", directory.path, "--port", "\(port)"])
                outcome.expectOneLine(containing: ["port \(port)", "127.0.0.1", "in use", "--port"])
            }
        } catch {
            try? await listener.close()
            throw error
        }
        try await listener.close()
    }

    @Test func aFileWhereTheDataFolderShouldBeIsNamed() async throws {
        try await TemporaryFiles.with("file") { file in
            try Data("not a folder".utf8).write(to: file)
            let outcome = try await StartupRun.run(["--data", file.path])
            outcome.expectOneLine(containing: ["data folder", file.path, "not a folder", "--data"])
        }
    }

    @Test func aDataFolderUnderAFileIsNamed() async throws {
        try await TemporaryFiles.with("file") { file in
            try Data("not a folder".utf8).write(to: file)
            let outcome = try await StartupRun.run(["--data", file.appendingPathComponent("data").path])
            outcome.expectOneLine(containing: ["Cannot create the data folder", "is a file, not a folder", "--data"])
        }
    }

    @Test func aDataFolderThatCannotBeWrittenIsNamed() async throws {
        try await TemporaryFiles.with { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // A folder without write permission stops other users; root writes anyway, so as root the
            // folder is made immutable instead (as a read-only disk would be).
            let locked = getuid() == 0
                ? SQLiteStorageFailureTests.chattr("+i", [directory.path])
                : chmod(directory.path, 0o500) == 0
            guard locked else {
                print("note: an unwritable data folder is not exercised: `chattr +i` is not permitted here")
                return
            }
            defer {
                if getuid() == 0 { _ = SQLiteStorageFailureTests.chattr("-i", [directory.path]) } else { _ = chmod(directory.path, 0o700) }
            }
            let outcome = try await StartupRun.run(["--data", directory.path])
            outcome.expectOneLine(containing: ["Cannot write in the data folder \(directory.path)", "--data"])
        }
    }

    @Test func anUnreachableDatabaseFailsWithinSeconds() async throws {
        let outcome = try await StartupRun.run(["--database", "postgres://waypoint@127.0.0.1:1/waypoint"])
        outcome.expectOneLine(containing: ["Cannot connect to PostgreSQL at 127.0.0.1:1", "refused", "--database"])
    }

    /// Every server of a PostgreSQL database chains the audit log with the same key: none given, none starts.
    @Test func aDatabaseWithoutAnAuditKeyIsRefused() async throws {
        let outcome = try await StartupRun.run(["--database", "postgres://waypoint@127.0.0.1:1/waypoint"], auditKey: nil)
        outcome.expectOneLine(containing: ["with --database, pass --audit-key-file FILE or set WAYPOINT_AUDIT_KEY", "the same for every server"])
    }

    @Test func aDatabaseTimeoutOutOfRangeIsNamed() async throws {
        let outcome = try await StartupRun.run(["--database", "postgres://waypoint@127.0.0.1:1/waypoint", "--database-timeout", "0"])
        outcome.expectOneLine(containing: ["--database-timeout must be more than 0 and at most 600 seconds, such as 2; it is 0.0."])
    }

    @Test func aMalformedDatabaseURLIsNamed() async throws {
        let outcome = try await StartupRun.run(["--database", "mysql://127.0.0.1/waypoint"])
        outcome.expectOneLine(containing: ["--database", "postgres://"])
    }

    @Test func aMissingAdminTokenIsNamed() async throws {
        try await TemporaryFiles.with { directory in
            let outcome = try await StartupRun.run(["--data", directory.path], token: nil)
            outcome.expectOneLine(containing: ["WAYPOINT_ADMIN_TOKEN", "openssl rand -hex 32"])
        }
    }

    @Test func aShortAdminTokenIsNamed() async throws {
        try await TemporaryFiles.with { directory in
            let outcome = try await StartupRun.run(["--data", directory.path], token: "short")
            outcome.expectOneLine(containing: ["WAYPOINT_ADMIN_TOKEN has 5 characters", "openssl rand -hex 32"])
        }
    }
}

/// The database files and their folder are private to the server's user.
@Suite("File modes")
struct FileModeTests {
    @Test func theDatabaseFilesAre0600AndTheFolder0700() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let app = try await HTTP.createApp(port: server.port, "modes")
            let answer = try await HTTP.postEvents(port: server.port, key: app.production, lines: [TestEvents.line("m1", user: "u1", at: 0)])
            #expect(answer.status == 200)
            #expect(try Self.mode(directory.path) == 0o700)
            for name in ["waypoint.sqlite", "waypoint.sqlite-wal", "waypoint.sqlite-shm"] {
                #expect(try Self.mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)")
            }
            #expect(server.terminate() == 0)
        }
    }

    private static func mode(_ path: String) throws -> Int {
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        guard let permissions else { throw TestFailure("no permissions for \(path)") }
        return permissions & 0o777
    }
}

/// One run of `waypoint-server serve` that is expected to fail at start.
struct StartupRun {
    let status: Int32
    let standardError: String

    /// Runs the server with `arguments` and `WAYPOINT_ADMIN_TOKEN=token` (unset when nil); kills it
    /// and throws when it has not exited after 20 seconds: a server that fails to start must exit, not
    /// wait. (How soon is not timed here: under the whole suite's load, starting a process takes
    /// seconds.) `command` is what comes before `arguments`.
    static func run(
        _ arguments: [String], token: String? = TestServer.adminToken, auditKey: String? = TestServer.auditKeyText,
        command: [String] = ["serve", "--host", "127.0.0.1"]
    ) async throws -> StartupRun {
        let process = Process()
        process.executableURL = try ServerProcess.executable()
        process.arguments = command + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WAYPOINT_ADMIN_TOKEN"] = token
        // A PostgreSQL database needs the audit key (given here unless `auditKey` is nil).
        environment["WAYPOINT_AUDIT_KEY"] = arguments.contains("--database") ? auditKey : nil
        process.environment = environment
        // Standard error goes to a file, read once the server has exited: a pipe would need a
        // blocking read, and that would hold one of the few threads every test's tasks share.
        let errors = TemporaryFiles.path("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try ProcessLaunch.run(process)
        do {
            try await Polling.until("waypoint-server exits", timeout: .seconds(20), interval: .milliseconds(20)) { !process.isRunning }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return StartupRun(status: process.terminationStatus, standardError: text)
    }

    /// Checks status 1 and one line on standard error that holds every one of `words`.
    func expectOneLine(containing words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 1, "exit status", sourceLocation: sourceLocation)
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(standardError)", sourceLocation: sourceLocation)
        #expect(standardError.hasPrefix("waypoint-server: "), "\(standardError)", sourceLocation: sourceLocation)
        for word in words {
            #expect(standardError.contains(word), "\"\(word)\" is not in: \(standardError)", sourceLocation: sourceLocation)
        }
        for leak in ["Error", "error:", "errno", "Fatal"] {
            #expect(!standardError.contains(leak), "\(standardError)", sourceLocation: sourceLocation)
        }
    }
}
