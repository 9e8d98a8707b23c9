import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only code that touches the network (the CLI's server commands use it too): sends one request with `URLSession` and returns the
/// response, or throws ``HTTPClient/Failure``. Every decision about the response is made elsewhere.
package final class HTTPClient: Sendable {
    /// Why no response arrived.
    package struct Failure: Error, Sendable, Hashable {
        /// Whether the request ran out of time.
        package let timedOut: Bool
        /// What the system said.
        package let message: String

        /// Creates a failure.
        package init(timedOut: Bool, message: String) {
            self.timedOut = timedOut
            self.message = message
        }
    }

    private let session: URLSession
    package let timeout: Duration

    /// Creates a client whose requests fail after `timeout` without an answer.
    package init(timeout: Duration) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.seconds
        configuration.timeoutIntervalForResource = timeout.seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the complete response.
    package func send(_ request: URLRequest) async throws(Failure) -> HTTPResponse {
        var request = request
        request.timeoutInterval = timeout.seconds
        let session = self.session
        let result: Result<HTTPResponse, Failure> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    let timedOut = (error as? URLError)?.code == .timedOut
                    continuation.resume(returning: .failure(Failure(timedOut: timedOut, message: error.localizedDescription)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    continuation.resume(returning: .failure(Failure(timedOut: false, message: "the answer was not HTTP")))
                    return
                }
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields {
                    if let key = key as? String, let value = value as? String { headers[key] = value }
                }
                continuation.resume(returning: .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())))
            }
            task.resume()
        }
        return try result.get()
    }
}
