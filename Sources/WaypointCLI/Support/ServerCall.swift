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
    var timeout: TimeInterval = 30

    /// Posts `body` to `path` with the admin token and waits for the answer.
    func post(_ path: String, body: Data) throws -> Answer {
        let url = server.appendingPathComponent(path)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.set(.failure(CLIError("Could not reach \(url.absoluteString): \(error.localizedDescription). Check --server and that the server is running.")))
            } else if let http = response as? HTTPURLResponse {
                box.set(.success(Answer(status: http.statusCode, body: data ?? Data())))
            } else {
                box.set(.failure(CLIError("\(url.absoluteString) did not answer with HTTP. Check --server.")))
            }
            done.signal()
        }.resume()
        done.wait()
        return try box.get()
    }

    /// The result of the request, handed from URLSession's queue to the waiting thread.
    private final class AnswerBox: @unchecked Sendable {
        // @unchecked Sendable: `result` is written once on URLSession's queue before the semaphore is
        // signalled, and read only after the waiting thread returned from `wait()`; the lock orders both.
        private let lock = NSLock()
        private var result: Result<Answer, CLIError>?

        func set(_ result: Result<Answer, CLIError>) { lock.withLock { self.result = result } }
        func get() throws -> Answer {
            guard let result = lock.withLock({ result }) else { throw CLIError("The request ended without an answer.") }
            return try result.get()
        }
    }
}
