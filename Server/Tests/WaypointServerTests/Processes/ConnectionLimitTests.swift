import Foundation
import Testing

/// Connections that keep the server waiting are closed, and a flood of them leaves the server
/// answering the connections it has accepted, without burning CPU (docs/ARCHITECTURE.md,
/// "Operating the server").
@Suite("Connection limits")
struct ConnectionLimitTests {
    @Test func silentConnectionsAreClosedAfterTheHeaderTimeout() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path, "--header-timeout", "1", "--idle-timeout", "30"])
            var silent: [RawConnection] = []
            for _ in 0..<20 { silent.append(try await RawConnection(port: server.port)) }
            for connection in silent { try await connection.waitUntilClosed(timeout: .seconds(40)) }
            for connection in silent {
                let lifetime = try #require(connection.lifetime)
                #expect(lifetime >= .milliseconds(900) && lifetime < .seconds(5), "closed after \(lifetime)")
            }
            #expect(silent.allSatisfy { $0.text.isEmpty }, "a silent connection got an answer")
            #expect(server.terminate() == 0)
        }
    }

    @Test func headersSentAByteAtATimeAreCutOff() async throws {
        try await TemporaryFiles.with { directory in
            // 2 s: the first line must arrive before the timeout even when the test machine is busy.
            let server = try await ServerProcess(["--data", directory.path, "--header-timeout", "2", "--idle-timeout", "30"])
            let slow = try await RawConnection(port: server.port)
            try await slow.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let clock = ContinuousClock()
            let start = clock.now
            // One byte every 100 ms, far more often than the timeouts, for up to 7 seconds.
            for byte in String(repeating: "X-Slow: a\r\n", count: 7).prefix(70) where !slow.isClosed {
                try? await slow.send(String(byte))
                try await Task.sleep(for: .milliseconds(100))
            }
            try await slow.waitUntilClosed(timeout: .seconds(2))
            let elapsed = clock.now - start
            #expect(elapsed < .seconds(5), "cut off after \(elapsed)")
            #expect(!slow.text.contains("200"), "answered: \(slow.text)")
            #expect(server.terminate() == 0)
        }
    }

    @Test func aStalledBodyIsClosedAfterTheIdleTimeout() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path, "--header-timeout", "30", "--idle-timeout", "1"])
            _ = try await HTTP.createApp(port: server.port, "stalled")
            let clock = ContinuousClock()
            let start = clock.now
            let connection = try await RawConnection(port: server.port)
            try await connection.send(
                "POST /v1/apps/stalled/revisions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestServer.adminToken)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"waypoint\":")
            try await connection.waitUntilClosed(timeout: .seconds(5))
            let elapsed = clock.now - start
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(4), "closed after \(elapsed)")
            #expect(server.terminate() == 0)
        }
    }

    /// Over `--max-connections` the server accepts nothing more until a connection closes: the
    /// connections it holds are still answered at once, the one waiting is answered when slots
    /// free, and waiting costs no CPU. (One accept may take a few pending connections at once, so
    /// more silent connections than the limit are opened before the one that waits.)
    @Test func overTheLimitConnectionsWaitWhileAcceptedOnesAreAnswered() async throws {
        try await TemporaryFiles.with { directory in
            // Every connection comes from 127.0.0.1: a tenth of 4 per address would close them at once.
            let server = try await ServerProcess([
                "--data", directory.path, "--max-connections", "4", "--header-timeout", "20", "--idle-timeout", "30",
                "--max-connections-per-address", "100",
            ])
            let kept = try await RawConnection(port: server.port)
            try await kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await kept.waitFor("200 OK", timeout: .seconds(5))
            var silent: [RawConnection] = []
            for _ in 0..<8 { silent.append(try await RawConnection(port: server.port)) }
            let waiting = try await RawConnection(port: server.port)
            try await waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let cpuBefore = try ProcessCPU.total(pid: server.processIdentifier)
            try await Task.sleep(for: .seconds(1))
            #expect(waiting.text.isEmpty, "over the limit, yet answered: \(waiting.text)")
            let clock = ContinuousClock()
            let asked = clock.now
            try await kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await Polling.until("the kept connection's second answer", timeout: .seconds(5)) {
                kept.text.components(separatedBy: "200 OK").count == 3
            }
            // "At once" against the 20 s it would take if it waited for a slot: a loaded test
            // machine has answered in 0.54 s, so the bound leaves room for that and no more.
            let answeredIn = clock.now - asked
            #expect(answeredIn < .seconds(3), "/health took \(answeredIn) at the limit")
            // The silent connections time out, a slot frees, and the waiting request is answered.
            try await waiting.waitFor("200 OK", timeout: .seconds(60))
            let cpu = try ProcessCPU.total(pid: server.processIdentifier) - cpuBefore
            #expect(cpu < 0.5, "the server used \(cpu) s of CPU while connections waited")
            for connection in silent { try await connection.waitUntilClosed(timeout: .seconds(40)) }
            #expect(server.terminate() == 0)
        }
    }

    /// At an open-file limit of 128, 150 connections that say nothing neither make the server spin
    /// nor keep it from answering the connection it holds: `--max-connections` is lowered to fit
    /// the limit, and the rest wait to be accepted.
    @Test func aFloodAtTheOpenFileLimitLeavesHealthAnswered() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(
                // A header timeout longer than a loaded test run takes between two /health requests;
                // the flood comes from one address, which may here hold every connection.
                ["--data", directory.path, "--header-timeout", "10", "--idle-timeout", "30", "--max-connections-per-address", "1000"],
                openFileLimit: 128)
            let kept = try await RawConnection(port: server.port)
            var answers = 0
            var slowest = Duration.zero
            /// /health on the kept connection (which also restarts its header timeout).
            func health() async throws {
                let clock = ContinuousClock()
                let asked = clock.now
                try await kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                answers += 1
                try await Polling.until("/health answer \(answers) during the flood", timeout: .seconds(2)) {
                    kept.text.components(separatedBy: "200 OK").count == answers + 1
                }
                slowest = max(slowest, clock.now - asked)
            }
            try await health()
            let cpuBefore = try ProcessCPU.total(pid: server.processIdentifier)
            var flood: [RawConnection] = []
            for _ in 0..<15 {
                for _ in 0..<10 { flood.append(try await RawConnection(port: server.port)) }
                try await health()
            }
            try await Task.sleep(for: .milliseconds(500))
            try await health()
            let cpu = try ProcessCPU.total(pid: server.processIdentifier) - cpuBefore
            // Without the limit, /health timed out (over 8 s); a loaded 2-core machine may take a moment.
            #expect(slowest < .seconds(2), "/health took \(slowest) during the flood")
            #expect(cpu < 0.5, "the server used \(cpu) s of CPU during the flood")
            // The accepted flooding connections are closed for their silence.
            try await Polling.until("the server closes silent connections", timeout: .seconds(30)) {
                flood.filter(\.isClosed).count >= 50
            }
            #expect(server.terminate() == 0)
        }
    }
}

/// A connection option that cannot work stops the server at start, saying which and how to fix it.
@Suite("Connection options")
struct ConnectionOptionTests {
    @Test(arguments: [
        (["--trusted-proxy", "10.0.0.0/33"], ["--trusted-proxy 10.0.0.0/33 is not an IP address or a CIDR range", "10.0.0.0/8"]),
        (["--trusted-proxy", "proxy.local"], ["--trusted-proxy proxy.local is not an IP address", "127.0.0.1"]),
        (["--header-timeout", "0"], ["--header-timeout 0.0 is not a number of seconds", "such as 10"]),
        (["--idle-timeout", "100000"], ["--idle-timeout 100000.0 is not a number of seconds between 0 and 86400", "such as 60"]),
        (["--max-connections", "0"], ["--max-connections 0 allows no connection", "such as 1000"]),
        (["--body-timeout", "0"], ["--body-timeout 0.0 is not a number of seconds", "such as 30"]),
        (["--max-connections-per-address", "0"], ["--max-connections-per-address 0 allows no connection", "such as 100"]),
    ])
    func aBadOptionIsNamed(arguments: [String], words: [String]) async throws {
        try await TemporaryFiles.with { directory in
            let outcome = try await StartupRun.run(["--data", directory.path] + arguments)
            outcome.expectOneLine(containing: words)
        }
    }
}
