import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Waypoint

/// One blocking request to a Waypoint server, for commands that talk to one (`publish`).
struct ServerCall {
    let server: URL
    let token: String
    var timeout: Duration = .seconds(30)

    /// Posts `body` to `path` with the admin token and waits for the answer.
    func post(_ path: String, body: Data) throws -> HTTPResponse {
        let url = server.appendingPathComponent(path)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let client = HTTPClient(timeout: timeout)
        let sent = request
        do {
            return try AsyncWait.result { try await client.send(sent) }
        } catch let failure as HTTPClient.Failure {
            throw CLIError("Could not reach \(url.absoluteString): \(failure.message). Check --server and that the server is running.")
        }
    }
}
