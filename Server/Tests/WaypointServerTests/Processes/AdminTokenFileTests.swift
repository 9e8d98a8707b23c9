import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `waypoint-server serve --admin-token-file PATH`: the token from a file only its owner can read
/// (as systemd's `LoadCredential=` provides it), and one clear line when that file cannot serve.
@Suite("Admin token file")
struct AdminTokenFileTests {
    @Test func theTokenInTheFileIsTheAdminToken() async throws {
        try await TemporaryFiles.with { folder in
            let file = try Self.tokenFile(in: folder, TestServer.adminToken + "\n", mode: 0o600)
            let server = try await ServerProcess(
                ["--data", folder.appendingPathComponent("data").path, "--admin-token-file", file.path], token: nil)
            // HTTP.createApp signs with TestServer.adminToken: the file's line without its line break.
            let app = try await HTTP.createApp(port: server.port, "from-file")
            #expect(app.production.hasPrefix("wps_"))
            let wrong = try await HTTP.send(port: server.port, "/v1/apps", headers: [("Authorization", "Bearer \(String(repeating: "x", count: 40))")])
            #expect(wrong.status == 401)
            #expect(server.terminate() == 0)
        }
    }

    /// A token file that cannot serve, and the words its one line on standard error must hold.
    struct Unusable: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Makes the file (or not) in the folder and returns its path.
        let make: @Sendable (URL) throws -> String
        let words: @Sendable (String) -> [String]
        var environmentToken: String? = nil
    }

    static let unusable: [Unusable] = [
        Unusable(testDescription: "missing", make: { $0.appendingPathComponent("no-such-token").path },
                 words: { ["the admin token file \($0) does not exist", "openssl rand -hex 32 > \($0)", "--admin-token-file"] }),
        Unusable(testDescription: "readable by every user",
                 make: { try AdminTokenFileTests.tokenFile(in: $0, TestServer.adminToken, mode: 0o644).path },
                 words: { ["the admin token file \($0) can be read or written by every user", "mode 0644", "chmod 600 \($0)"] }),
        Unusable(testDescription: "a folder",
                 make: { folder in
                     let inner = folder.appendingPathComponent("token-folder")
                     try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
                     return inner.path
                 },
                 words: { ["the admin token file \($0) is not a regular file", "--admin-token-file"] }),
        Unusable(testDescription: "too short", make: { try AdminTokenFileTests.tokenFile(in: $0, "short\n", mode: 0o600).path },
                 words: { ["the admin token in \($0) has 5 characters", "at least 32", "openssl rand -hex 32"] }),
        Unusable(testDescription: "two lines",
                 make: { try AdminTokenFileTests.tokenFile(in: $0, TestServer.adminToken + "\n" + TestServer.adminToken + "\n", mode: 0o600).path },
                 words: { ["the admin token file \($0) holds more than one line"] }),
        Unusable(testDescription: "given twice", make: { try AdminTokenFileTests.tokenFile(in: $0, TestServer.adminToken, mode: 0o600).path },
                 words: { _ in ["both WAYPOINT_ADMIN_TOKEN and --admin-token-file"] }, environmentToken: TestServer.adminToken),
    ]

    @Test(arguments: unusable)
    func anUnusableTokenFileIsOneLine(_ case: Unusable) async throws {
        try await TemporaryFiles.with { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = try `case`.make(folder)
            let outcome = try await StartupRun.run(
                ["--data", folder.appendingPathComponent("data").path, "--admin-token-file", path], token: `case`.environmentToken)
            outcome.expectOneLine(containing: `case`.words(path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path), "started before checking the token")
        }
    }

    @Test func neitherFileNorVariableNamesBoth() async throws {
        try await TemporaryFiles.with { folder in
            let outcome = try await StartupRun.run(["--data", folder.path], token: nil)
            outcome.expectOneLine(containing: ["--admin-token-file", "WAYPOINT_ADMIN_TOKEN", "umask 077 && openssl rand -hex 32"])
        }
    }

    /// Writes `text` to a new file in `folder` (created when missing) with `mode`.
    static func tokenFile(in folder: URL, _ text: String, mode: mode_t) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("admin-token")
        try Data(text.utf8).write(to: file)
        guard chmod(file.path, mode) == 0 else { throw TestFailure("chmod \(file.path): \(String(cString: strerror(errno)))") }
        return file
    }
}
