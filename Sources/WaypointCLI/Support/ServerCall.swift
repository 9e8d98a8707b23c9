import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Waypoint

/// One blocking request to a Waypoint server, for commands that talk to one (`publish`).
struct ServerCall {
    /// The status and body of an answer.
    struct Answer {
        let status: Int
        let body: Data

        /// The `message` of a `{"error":{…}}` body, or the start of the text.
        var errorMessage: String {
            struct Envelope: Decodable {
                struct Detail: Decodable { let message: String? }
                let error: Detail
            }
            if let message = (try? JSONDecoder().decode(Envelope.self, from: body))?.error.message { return message }
            let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? "no message" : text
        }
    }

    let server: URL
    let token: String
    var timeout: Duration = .seconds(30)

    /// Posts `body` to `path` with the admin token and waits for the answer.
    func post(_ path: String, body: Data) throws -> Answer {
        let url = server.appendingPathComponent(path)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let client = HTTPClient(timeout: timeout)
        let sent = request
        do {
            let response = try AsyncWait.result { try await client.send(sent) }
            return Answer(status: response.status, body: response.body)
        } catch let failure as HTTPClient.Failure {
            throw CLIError("Could not reach \(url.absoluteString): \(failure.message). Check --server and that the server is running.")
        }
    }
}
