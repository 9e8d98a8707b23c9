import Foundation
import Testing

/// A body whose chunked encoding is malformed is the client's mistake: 400 with the usual JSON
/// error, never 500.
@Suite("Malformed chunked bodies")
struct MalformedChunkTests {
    @Test(arguments: ["events", "revisions"])
    func aChunkSizeThatIsNotHexadecimalAnswers400(route: String) async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let app = try await HTTP.createApp(port: server.port, "chunks")
            let head = route == "events"
                ? "POST /v1/events HTTP/1.1\r\nWaypoint-Key: \(app.production)\r\n"
                : "POST /v1/apps/chunks/revisions HTTP/1.1\r\nAuthorization: Bearer \(TestServer.adminToken)\r\n"
            let connection = try await RawConnection(port: server.port)
            try await connection.send(
                head + "Host: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\nzz\r\n1}\r\n0\r\n\r\n")
            try await connection.waitFor("\"}}", timeout: .seconds(10))
            let answer = connection.text
            #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer)")
            #expect(answer.lowercased().contains("content-type: application/json"), "\(answer)")
            let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
            let error = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["error"] as? [String: String])
            #expect(error["code"] == "bad-request")
            #expect(error["message"]?.contains("The body's chunked encoding is malformed: a chunk size is not hexadecimal") == true, "\(error)")
            await connection.close()
            // The server goes on answering.
            #expect(try await HTTP.send(port: server.port, "/health").status == 200)
            #expect(server.terminate() == 0)
        }
    }
}
