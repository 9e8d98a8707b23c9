import Foundation
import NIOCore
import Testing
@testable import WaypointServer

/// A request's whole body must arrive within `--body-timeout` of its headers: a body sent a byte at
/// a time, each byte well within the idle timeout, is answered 408 and its connection closed, and
/// the server goes on answering others meanwhile (docs/ARCHITECTURE.md, "Operating the server").
@Suite("Request body deadline")
struct RequestBodyTimeoutTests {
    /// `POST /login` reads its body before any credential is checked, so anyone can hold it open.
    static let signInHead = "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"

    @Test func trickledBodiesAreAnswered408AndClosedWhileHealthAnswers() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess([
                "--data", directory.path, "--body-timeout", "2", "--header-timeout", "10", "--idle-timeout", "30",
            ])
            var trickling: [RawConnection] = []
            for _ in 0..<20 {
                let connection = try await RawConnection(port: server.port)
                try await connection.send(Self.signInHead + "e")
                trickling.append(connection)
            }
            let clock = ContinuousClock()
            let start = clock.now
            var healthAnswers = 0
            // One byte to each open connection every 200 ms, far within the 30-second idle timeout,
            // for at most 150 rounds (30 s on a loaded machine): without the deadline none of them would ever be closed.
            for _ in 0..<150 where trickling.contains(where: { !$0.isClosed }) {
                for connection in trickling where !connection.isClosed {
                    try? await connection.send("m")
                }
                let health = try await HTTP.send(port: server.port, "/health", timeout: .seconds(20))
                #expect(health.status == 200, "/health answered \(health.status) while bodies trickled")
                healthAnswers += 1
                try await Task.sleep(for: .milliseconds(200))
            }
            let elapsed = clock.now - start
            #expect(trickling.allSatisfy { $0.isClosed }, "\(trickling.filter { !$0.isClosed }.count) of 20 trickling connections still open after \(elapsed)")
            #expect(healthAnswers >= 1, "/health was asked \(healthAnswers) times while bodies trickled")
            for connection in trickling {
                // The deadline (2 s) plus slack for a loaded machine; the idle timeout (30 s) would be later.
                let lifetime = try #require(connection.lifetime)
                #expect(lifetime >= .milliseconds(1900) && lifetime < .seconds(20), "closed after \(lifetime)")
                let answer = connection.text
                #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
                #expect(answer.lowercased().contains("connection: close"), "\(answer)")
                #expect(answer.lowercased().contains("content-type: application/json"), "\(answer)")
                let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
                let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
                let error = try #require(object?["error"] as? [String: String], "\(answer)")
                #expect(error["code"] == "request-timeout")
                #expect(error["message"]?.contains("did not arrive within 2 seconds of its headers") == true, "\(error)")
            }
            #expect(server.terminate() == 0)
        }
    }

    /// A body cut off at the deadline is not acted on, even when what arrived is a whole batch:
    /// the route sees its body fail, not end early.
    @Test func aBodyCutOffAtTheDeadlineStoresNothing() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path, "--body-timeout", "1"])
            let app = try await HTTP.createApp(port: server.port, "partial")
            let batch = #"{"batch":[\#(TestEvents.line("partial-1"))]}"#
            let connection = try await RawConnection(port: server.port)
            // Ten bytes more than the batch are announced and never sent.
            try await connection.send(
                "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nWaypoint-Key: \(app.production)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(batch.utf8.count + 10)\r\n\r\n" + batch)
            try await connection.waitUntilClosed(timeout: .seconds(5))
            #expect(connection.text.hasPrefix("HTTP/1.1 408 "), "\(connection.text)")
            #expect(try await HTTP.exportedMessageIDs(port: server.port, app: "partial") == [])
            #expect(server.terminate() == 0)
        }
    }

    /// When the answer was sent before the body ended (here 404, for a route that reads no body),
    /// no second answer can follow: the connection is closed at the deadline without one.
    @Test func aBodyStillTrickledAfterTheAnswerIsClosedWithoutASecondAnswer() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess([
                "--data", directory.path, "--body-timeout", "1", "--header-timeout", "10", "--idle-timeout", "30",
            ])
            let connection = try await RawConnection(port: server.port)
            try await connection.send("POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nx")
            try await connection.waitFor("404", timeout: .seconds(5))
            for _ in 0..<30 where !connection.isClosed {
                try? await connection.send("x")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await connection.waitUntilClosed(timeout: .seconds(3))
            let lifetime = try #require(connection.lifetime)
            #expect(lifetime < .seconds(4), "closed after \(lifetime)")
            #expect(!connection.text.contains("408"), "\(connection.text)")
            #expect(server.terminate() == 0)
        }
    }

    /// A body that arrives in several reads within the deadline is answered as usual, and the
    /// connection serves the next request.
    @Test func aBodyInSeveralPartsWithinTheDeadlineIsAnswered() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path, "--body-timeout", "8"])
            let connection = try await RawConnection(port: server.port)
            let body = #"{"id":"parts","name":"Parts"}"#
            try await connection.send(
                "POST /v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestServer.adminToken)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
            for part in [body.prefix(10), body.dropFirst(10).prefix(10), body.dropFirst(20)] {
                try await Task.sleep(for: .milliseconds(300))
                try await connection.send(String(part))
            }
            try await connection.waitFor("201 Created", timeout: .seconds(20))
            // Past the deadline of the first request, the connection still serves requests.
            try await Task.sleep(for: .seconds(8))
            try await connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await connection.waitFor("200 OK", timeout: .seconds(5))
            #expect(!connection.text.contains("408"), "\(connection.text)")
            #expect(server.terminate() == 0)
        }
    }

    /// The default leaves a client that sends its headers at once and then trickles its body at
    /// most header timeout + body timeout: 20 such connections are closed within 75 seconds.
    @Test func theDefaultDeadlineClosesTricklingConnectionsWithin75Seconds() throws {
        let limits = ConnectionLimits()
        #expect(limits.bodyTimeout == .seconds(30))
        // A connection's worst case: its headers at the header timeout, its body at the body deadline.
        #expect(limits.headerTimeout + limits.bodyTimeout <= .seconds(60))
        #expect(limits.bodyTimeout < limits.idleTimeout, "the deadline must close a trickle before the idle timeout would")
    }

    /// `serve --help` shows the default that `serve` uses.
    @Test func serveHelpShowsTheDefaultDeadline() async throws {
        // The option's entry, from its name to the next option's, its lines joined.
        let help = try await Self.serveHelp().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let entry = try #require(help.range(of: "--body-timeout <body-timeout>").map { help[$0.upperBound...] })
        let description = String(entry[..<(entry.range(of: " --idle-timeout <")?.lowerBound ?? entry.endIndex)])
        #expect(description.contains("answered 408") && description.contains("(default: 30.0)"), "\(description)")
        #expect(help.contains("--max-connections-per-address <max-connections-per-address>"), "\(help)")
    }

    /// What `waypoint-server serve --help` prints.
    static func serveHelp() async throws -> String {
        let process = Process()
        process.executableURL = try ServerProcess.executable()
        process.arguments = ["serve", "--help"]
        let output = TemporaryFiles.path("help")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        try await Polling.until("waypoint-server serve --help exits", timeout: .seconds(20)) { !process.isRunning }
        process.waitUntilExit()
        return try String(contentsOf: output, encoding: .utf8)
    }
}
