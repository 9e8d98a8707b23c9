import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Waypoint

/// One blocking request to a Waypoint server, for commands that talk to one (`publish`, `login`).
struct ServerCall {
    let server: URL
    /// The `Authorization` header's value: `Bearer <token>`, or `Basic …` for `login`.
    let authorization: String
    var timeout: Duration = .seconds(30)

    /// A call that sends `token` as a bearer token.
    init(server: URL, token: String) {
        self.server = server
        authorization = "Bearer \(token)"
    }

    /// A call that sends an account's email and password (HTTP Basic): only `POST /v1/tokens` takes it.
    init(server: URL, email: String, password: String) {
        self.server = server
        authorization = "Basic " + Data("\(email):\(password)".utf8).base64EncodedString()
    }

    /// Posts `body` (JSON) to `path` and waits for the answer.
    func post(_ path: String, body: Data) throws -> HTTPResponse {
        try send("POST", path, body: body)
    }

    /// Gets `path` and waits for the answer.
    func get(_ path: String) throws -> HTTPResponse {
        try send("GET", path, body: nil)
    }

    private func send(_ method: String, _ path: String, body: Data?) throws -> HTTPResponse {
        let url = server.appendingPathComponent(path)
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let client = HTTPClient(timeout: timeout)
        let sent = request
        do {
            return try AsyncWait.result { try await client.send(sent) }
        } catch let failure as HTTPClient.Failure {
            throw CLIError("Could not reach \(url.absoluteString): \(failure.message). Check --server and that the server is running.")
        }
    }
}
