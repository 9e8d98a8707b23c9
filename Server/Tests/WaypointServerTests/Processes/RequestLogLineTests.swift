import Foundation
import Testing
@testable import WaypointServer

/// `waypoint-server` writes one line per request on standard error, as swift-log's stream handler
/// wrote them (time, level, label, the request id, the module, method, path, status, duration),
/// through its own cheaper handler, which writes them together within ``ServerLogHandler/flushInterval``.
@Suite("Request log lines")
struct RequestLogLineTests {
    @Test func eachRequestWritesOneLineInTheStreamHandlersFormat() async throws {
        try await TemporaryFiles.with { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let log = directory.appendingPathComponent("server.log")
            let server = try await ServerProcess(["--data", directory.appendingPathComponent("data").path], log: log)
            let unknown = "wps_" + String(repeating: "x", count: 43)
            for _ in 0..<3 {
                #expect(try await HTTP.send(port: server.port, "/v1/document", headers: [("Waypoint-Key", unknown)]).status == 401)
            }
            // Lines wait at most the flush interval to be written, and the server keeps running.
            let read = { (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [] }
            try await Polling.until("the request lines are written", timeout: .seconds(5)) {
                read().filter { $0.contains("GET /v1/document ") }.count == 3
            }
            #expect(server.terminate() == 0)
            let lines = read()
            let requests = lines.filter { $0.contains("GET /v1/document ") }
            #expect(requests.count == 3, "\(lines)")
            let shape = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info waypoint-server: hb\.request\.id=\S+ \[WaypointServer\] GET \/v1\/document 401 \d+\.\dms$/
            for line in requests { #expect(line.wholeMatch(of: shape) != nil, "\(line)") }
            // Each request has its own id, and the key is never written.
            #expect(Set(requests.map { $0.split(separator: " ")[3] }).count == 3)
            #expect(!lines.contains { $0.contains(unknown) })
        }
    }

    @Test(arguments: [(0, 0, "0.0"), (0, 49_999_999_999_999, "0.0"), (0, 50_000_000_000_000, "0.1"), (0, 1_234_567_000_000_000, "1.2"), (0, 999_950_000_000_000_000, "1000.0"),
                      (2, 5_000_000_000_000_000, "2005.0")])
    func durationsHaveOneDecimal(seconds: Int64, attoseconds: Int64, text: String) {
        #expect(RequestLogMiddleware<ServerContext>.milliseconds(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)) == text)
    }
}
