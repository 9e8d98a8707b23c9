import Foundation
import Testing

/// A request the HTTP decoder cannot read gets a status its operation documents: 400 with the usual
/// JSON error, on every route, and the connection is closed (Server/openapi.json lists 400 on every
/// operation). Bytes that HTTP allows in a header value (obs-text, such as é in Latin-1 or UTF-8)
/// are read as usual.
@Suite("Malformed requests")
struct MalformedRequestTests {
    /// The statuses Server/openapi.json documents for `method` on `path`.
    static func documentedStatuses(_ method: String, _ path: String) throws -> Set<Int> {
        let paths = try #require(try OpenAPIContractTests.description()["paths"] as? [String: [String: Any]])
        let operation = try #require(paths[path]?[method.lowercased()] as? [String: Any], "\(method) \(path) is not described")
        let responses = try #require(operation["responses"] as? [String: Any])
        return Set(responses.keys.compactMap(Int.init))
    }

    /// Every case on one server: starting a server per case loaded the whole suite's machine.
    @Test func anIfNoneMatchOutsideVisibleASCIIGetsADocumentedStatus() async throws {
        let cases: [[UInt8]] = [
            // DEL, NUL, a control character: not allowed in a header value.
            [0x7F], [0x00], [0x01],
            // Latin-1 é, UTF-8 é, and a byte over 0x7F alone: allowed (obs-text).
            [0xE9], [0xC3, 0xA9], [0x80],
        ]
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let app = try await HTTP.createApp(port: server.port, "fitness")
            for method in ["GET", "HEAD"] {
                for bytes in cases {
                    try await Self.check(method: method, bytes: bytes, port: server.port, key: app.production)
                }
            }
            #expect(server.terminate() == 0)
        }
    }

    /// One malformed (or merely unusual) `If-None-Match` on a connection of its own.
    private static func check(method: String, bytes: [UInt8], port: Int, key: String) async throws {
        let connection = try await RawConnection(port: port)
        let head = "\(method) /v1/document HTTP/1.1\r\nHost: 127.0.0.1\r\nWaypoint-Key: \(key)\r\nIf-None-Match: \"a"
        try await connection.send(bytes: Array(head.utf8) + bytes + Array("b\"\r\n\r\n".utf8))
        try await connection.waitFor("\r\n\r\n", timeout: .seconds(20))
        let answer = connection.text
        let status = try #require(Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3)), "\(method) \(bytes): \(answer)")
        #expect(try documentedStatuses(method, "/v1/document").contains(status), "\(method) \(bytes) answered \(status), undocumented: \(answer)")
        if bytes.allSatisfy({ $0 >= 0x80 }) {
            // Read as usual: nothing is published to the key's environment yet.
            #expect(status == 404, "\(method) \(bytes): \(answer)")
            await connection.close()
        } else {
            #expect(status == 400, "\(method) \(bytes): \(answer)")
            #expect(answer.lowercased().contains("content-type: application/json"), "\(answer)")
            #expect(answer.lowercased().contains("connection: close"), "\(answer)")
            try await connection.waitUntilClosed(timeout: .seconds(20))
            let body = try #require(connection.text.components(separatedBy: "\r\n\r\n").last)
            let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            let error = try #require(object?["error"] as? [String: String], "\(connection.text)")
            #expect(error["code"] == "bad-request")
            #expect(error["message"]?.contains("a header holds a character HTTP does not allow") == true, "\(error)")
        }
        // The server goes on answering.
        #expect(try await HTTP.send(port: port, "/health").status == 200)
    }

    /// A malformed request sent behind another on the same connection is answered once the first
    /// one's answer has ended, never in the middle of it.
    @Test func aMalformedRequestBehindAnotherIsAnsweredAfterIt() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let connection = try await RawConnection(port: server.port)
            try await connection.send(bytes: Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /health HTTP/1.1\r\nX-Bad: a".utf8) + [0x7F] + Array("\r\n\r\n".utf8))
            try await connection.waitUntilClosed(timeout: .seconds(5))
            let answers = connection.text.components(separatedBy: "HTTP/1.1 ")
            #expect(answers.count == 3, "\(connection.text)")
            #expect(answers.dropFirst().first?.hasPrefix("200 ") == true, "\(connection.text)")
            #expect(answers.last?.hasPrefix("400 ") == true, "\(connection.text)")
            #expect(answers.last?.contains("\"code\":\"bad-request\"") == true, "\(connection.text)")
            #expect(server.terminate() == 0)
        }
    }
}
