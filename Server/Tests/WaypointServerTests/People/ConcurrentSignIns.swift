import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Posts the dashboard's sign-in form to a live server on 127.0.0.1, many at once, each over its
/// own connection and from the client address it names (`X-Forwarded-For`, for a server that trusts
/// the loopback as a proxy). One sign-in form (its cookie and CSRF token) serves every post.
struct ConcurrentSignIns: Sendable {
    /// One answer to a sign-in.
    struct Answer: Sendable {
        let status: Int
        let retryAfter: Int?
        let text: String
        /// Whether it opened a session.
        let signedIn: Bool
    }

    /// A sign-in to send: who, with which password, from which address.
    struct Attempt: Sendable {
        let email: String
        let password: String
        let address: String
    }

    let port: Int
    private let http: HTTPClient
    private let cookie: String
    private let csrf: String

    /// Runs `body` with a client of its own (up to 64 connections at once), shut down after it.
    static func with<T: Sendable>(port: Int, _ body: (ConcurrentSignIns) async throws -> T) async throws -> T {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool = .init(idleTimeout: .seconds(5), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let form = try await HTTP.send(port: port, "/login?next=%2Fapps")
            guard let csrf = DashboardBrowser.csrf(in: form.text),
                  let cookie = form.headers["Set-Cookie"].first?.split(separator: ";", maxSplits: 1).first.map(String.init)
            else { throw TestFailure("no sign-in form: \(form.status) \(form.text.prefix(200))") }
            let value = try await body(ConcurrentSignIns(port: port, http: http, cookie: cookie, csrf: csrf))
            try await http.shutdown()
            return value
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Sends one sign-in.
    func signIn(_ attempt: Attempt) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/login")
        request.method = .POST
        request.headers.add(name: "Cookie", value: cookie)
        request.headers.add(name: "X-Forwarded-For", value: attempt.address)
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let form = [("email", attempt.email), ("password", attempt.password), ("csrf", csrf), ("next", "/apps")]
        request.body = .bytes(ByteBuffer(string: form.map { "\($0.0)=\(DashboardBrowser.encode($0.1))" }.joined(separator: "&")))
        let response = try await http.execute(request, timeout: .seconds(20))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(
            status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After").flatMap { Int($0) },
            text: String(buffer: body), signedIn: response.headers["Set-Cookie"].contains { $0.hasPrefix("waypoint_session=") })
    }

    /// Sends every attempt at once; the answers in the attempts' order.
    func signIn(_ attempts: [Attempt]) async throws -> [Answer] {
        try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
            for (index, attempt) in attempts.enumerated() {
                group.addTask { (index, try await signIn(attempt)) }
            }
            var answers = [Answer?](repeating: nil, count: attempts.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers.compactMap { $0 }
        }
    }

    /// The passwords the server has checked with bcrypt so far (`waypoint_password_checks_total`).
    func passwordChecks() async throws -> Int {
        let metrics = try await HTTP.send(port: port, "/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("waypoint_password_checks_total ") }
        guard let value = line?.split(separator: " ").last.flatMap({ Double($0) }) else {
            throw TestFailure("no waypoint_password_checks_total in /metrics")
        }
        return Int(value)
    }
}
