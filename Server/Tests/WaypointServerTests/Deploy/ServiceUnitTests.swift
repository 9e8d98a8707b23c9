import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `deploy/waypoint-server.service`: a unit systemd accepts, whose command line starts the server
/// on 127.0.0.1 with the token from its credential and the data in its state folder.
@Suite("deploy/waypoint-server.service")
struct ServiceUnitTests {
    static let source = TestServer.repositoryRoot.appendingPathComponent("deploy/waypoint-server.service")
    static let installedExecutable = "/usr/local/bin/waypoint-server"

    /// The unit's `[Service]` settings, each key with its values in order.
    static func settings() throws -> [String: [String]] {
        var section = ""
        var settings: [String: [String]] = [:]
        for (number, raw) in try String(contentsOf: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line[..<equals].isEmpty else {
                throw TestFailure("deploy/waypoint-server.service:\(number + 1) is neither a section, a comment nor Key=Value: \(line)")
            }
            guard ["Unit", "Service", "Install"].contains(section) else {
                throw TestFailure("deploy/waypoint-server.service:\(number + 1) is outside [Unit], [Service] and [Install]")
            }
            if section == "Service" { settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...])) }
        }
        return settings
    }

    @Test func theUnitIsWellFormedAndHardened() throws {
        let settings = try Self.settings()
        #expect(settings["User"] == ["waypoint-server"])
        #expect(settings["LoadCredential"] == ["admin-token:/etc/waypoint-server/admin-token"])
        #expect(settings["Restart"] == ["on-failure"])
        #expect(settings["ReadWritePaths"] == ["/var/lib/waypoint-server"])
        for (key, value) in [("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"), ("PrivateTmp", "yes"), ("ProtectHome", "yes")] {
            #expect(settings[key] == [value], "\(key)")
        }
        #expect(settings["Environment"] == nil && settings["EnvironmentFile"] == nil, "the token comes as a credential, never from the environment")
    }

    @Test(.enabled(if: Program.find("systemd-analyze") != nil, "systemd-analyze is not installed: only the unit's form is checked"))
    func systemdAnalyzeVerifyFindsNothing() async throws {
        let systemdAnalyze = try #require(Program.find("systemd-analyze"))
        let executable = try ServerProcess.executable()
        try await TemporaryFiles.with("unit") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The one change: the program where this build put it, since verify checks that it exists.
            let text = try String(contentsOf: Self.source, encoding: .utf8)
            try #require(text.components(separatedBy: Self.installedExecutable).count == 2)
            let unit = folder.appendingPathComponent("waypoint-server.service")
            try Data(text.replacingOccurrences(of: Self.installedExecutable, with: executable.path).utf8).write(to: unit)
            let outcome = try await Program.run(systemdAnalyze, ["verify", unit.path], timeout: .seconds(60))
            #expect(outcome.status == 0, "\(outcome.output)")
            #expect(outcome.output.isEmpty, "systemd-analyze verify: \(outcome.output)")
        }
    }

    @Test func itTrustsNginxOnThisMachineForClientAddresses() throws {
        let command = try #require(try Self.settings()["ExecStart"]?.first).split(separator: " ").map(String.init)
        let option = try #require(command.firstIndex(of: "--trusted-proxy"), "without it every client behind nginx is 127.0.0.1")
        #expect(command.indices.contains(option + 1) && command[option + 1] == "127.0.0.1")
    }

    /// Server/README's advice on `X-Forwarded-For` is what the nginx site does.
    @Test func theReadmeAndTheNginxSiteAgreeOnXForwardedFor() throws {
        let root = TestServer.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("Server/README.md"), encoding: .utf8)
        let site = try String(contentsOf: root.appendingPathComponent("deploy/nginx/waypoint.conf"), encoding: .utf8)
        let directive = try #require(readme.firstMatch(of: /`(proxy_set_header X-Forwarded-For [^`;]+;)`/)?.output.1)
        let siteDirectives = site.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("proxy_set_header X-Forwarded-For") }
        #expect(siteDirectives == [String(directive)])
        #expect(directive.contains("$remote_addr"), "nginx is the first hop: the address it saw, never the client's claim")
    }

    @Test func itsCommandLineServesOnLoopbackWithTheCredential() async throws {
        let command = try #require(try Self.settings()["ExecStart"]?.first).split(separator: " ").map(String.init)
        #expect(command.first == Self.installedExecutable)
        #expect(command.contains("127.0.0.1"))
        try await TemporaryFiles.with("unit") { folder in
            // What systemd provides: the credential, a copy of the token file readable by the service
            // only, in $CREDENTIALS_DIRECTORY (%d); the state folder; and here a free port for 8080.
            let credentials = folder.appendingPathComponent("credentials")
            try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
            let token = credentials.appendingPathComponent("admin-token")
            try Data((TestServer.adminToken + "\n").utf8).write(to: token)
            #expect(chmod(token.path, 0o400) == 0)
            let data = folder.appendingPathComponent("state")
            let port = try FreePort.find()
            let substitutions = [
                "%d/admin-token": token.path, "/var/lib/waypoint-server": data.path, "8080": "\(port)",
            ]
            let arguments = command.dropFirst().map { substitutions[$0] ?? $0 }
            for original in substitutions.keys { #expect(command.contains(original), "ExecStart has no \(original)") }
            let server = try await ServerProcess(commandLine: arguments, port: port, token: nil)
            let app = try await HTTP.createApp(port: server.port, "fitness")
            #expect(app.production.hasPrefix("wps_"))
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("waypoint.sqlite").path))
            #expect(server.terminate() == 0)
        }
    }
}
