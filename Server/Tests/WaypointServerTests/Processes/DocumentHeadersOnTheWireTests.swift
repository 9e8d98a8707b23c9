import Foundation
import NIOHTTP1
import Testing
@testable import WaypointServer

/// What `GET /v1/document` and `HEAD /v1/document` write on the connection, byte for byte but the
/// `Date`: the headers are built once per published revision and must be what they were when each
/// request built them (docs/ARCHITECTURE.md, "A document, from upload to app").
@Suite("Document headers on the wire")
struct DocumentHeadersOnTheWireTests {
    /// The answer to `request` on a connection of its own, which the request asks to close.
    private static func exchange(_ server: ServerProcess, _ request: String) async throws -> (head: [String], body: String) {
        let connection = try await RawConnection(port: server.port)
        try await connection.send(request)
        try await connection.waitUntilClosed(timeout: .seconds(10))
        let text = connection.text
        let parts = try #require(text.range(of: "\r\n\r\n"), "no end of headers in \(text)")
        let head = text[..<parts.lowerBound].components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("date: ") }
        return (head, String(text[parts.upperBound...]))
    }

    @Test func twoHundredThreeHundredFourAndHeadAnswerTheSameBytesAsBefore() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let app = try await HTTP.createApp(port: server.port, "wire")
            let document = try TestServer.example("waypoint.json")
            #expect(try await HTTP.send(port: server.port, "/v1/apps/wire/revisions", method: .POST, headers: HTTP.admin,
                                        body: document).status == 201)
            #expect(try await HTTP.send(port: server.port, "/v1/apps/wire/environments/production/publish", method: .POST,
                                        headers: HTTP.admin, body: Data(#"{"revision":1}"#.utf8)).status == 200)
            let etag = "\"\(SecretHash.sha256Hex([UInt8](document)))\""
            let request = { (method: String, extra: String) in
                "\(method) /v1/document HTTP/1.1\r\nHost: 127.0.0.1\r\nWaypoint-Key: \(app.production)\r\n\(extra)Connection: close\r\n\r\n"
            }
            let common = ["ETag: \(etag)", "Cache-Control: max-age=60", "Waypoint-Revision: 1"]
            let tail = ["Server: waypoint-server"]

            let ok = try await Self.exchange(server, request("GET", ""))
            #expect(ok.head == ["HTTP/1.1 200 OK"] + common + ["Content-Type: application/json", "Content-Length: \(document.count)"] + tail)
            #expect(Data(ok.body.utf8) == document)

            let notModified = try await Self.exchange(server, request("GET", "If-None-Match: \(etag)\r\n"))
            // NIO leaves a 304's Content-Length out.
            #expect(notModified.head == ["HTTP/1.1 304 Not Modified"] + common + tail)
            #expect(notModified.body.isEmpty)

            let head = try await Self.exchange(server, request("HEAD", ""))
            #expect(head.head == ok.head)
            #expect(head.body.isEmpty)
            let headNotModified = try await Self.exchange(server, request("HEAD", "If-None-Match: W/\(etag)\r\n"))
            #expect(headNotModified.head == notModified.head)
            let listed = try await Self.exchange(server, request("GET", "If-None-Match: \"other\", \(etag)\r\n"))
            #expect(listed.head == notModified.head)
            #expect(server.terminate() == 0)
        }
    }
}
