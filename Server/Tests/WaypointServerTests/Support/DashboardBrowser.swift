import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A browser for page tests: keeps cookies, signs in through the form, reads form tokens from pages.
struct DashboardBrowser {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    /// Headers sent with every request, such as `X-Forwarded-For`.
    var extraHeaders: HTTPFields = [:]

    init(_ client: any TestClientProtocol) { self.client = client }

    var cookieHeader: HTTPFields {
        var headers = extraHeaders
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        return headers
    }

    /// GET a page, keeping the cookies it sets.
    mutating func get(_ uri: String) async throws -> TestResponse {
        let response = try await client.send(uri, headers: cookieHeader)
        keepCookies(response)
        return response
    }

    /// POST a form, keeping the cookies the answer sets.
    mutating func post(_ uri: String, form: [(String, String)]) async throws -> TestResponse {
        var headers = cookieHeader
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        let response = try await client.send(uri, .post, headers: headers, body: Data(body.utf8))
        keepCookies(response)
        return response
    }

    /// Signs in through the sign-in form with `token`.
    @discardableResult
    mutating func signIn(token: String = TestServer.adminToken, next: String = "/apps") async throws -> TestResponse {
        let page = try await get("/login?next=\(Self.encode(next))")
        let csrf = try #require(Self.hiddenValue("csrf", in: page.text), "no csrf field on the sign-in page")
        return try await post("/login", form: [("token", token), ("csrf", csrf), ("next", next)])
    }

    /// Signs in through the sign-in form with an account's email and password.
    @discardableResult
    mutating func signIn(email: String, password: String, next: String = "/apps") async throws -> TestResponse {
        let page = try await get("/login?next=\(Self.encode(next))")
        let csrf = try #require(Self.hiddenValue("csrf", in: page.text), "no csrf field on the sign-in page")
        return try await post("/login", form: [("email", email), ("password", password), ("csrf", csrf), ("next", next)])
    }

    /// Posts a form of the page at `page` to `action`, with the page's CSRF token.
    mutating func submit(_ action: String, on page: String, form: [(String, String)]) async throws -> TestResponse {
        let csrf = try #require(Self.csrf(in: try await get(page).text), "no csrf field on \(page)")
        return try await post(action, form: [("csrf", csrf)] + form)
    }

    /// The CSRF token of the forms on a page.
    static func csrf(in html: String) -> String? { hiddenValue("csrf", in: html) }

    static func hiddenValue(_ name: String, in html: String) -> String? {
        let marker = "name=\"\(name)\" value=\""
        guard let start = html.range(of: marker) else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The `Set-Cookie` headers of a response.
    static func setCookies(_ response: TestResponse) -> [String] {
        response.headers[values: .setCookie]
    }

    private mutating func keepCookies(_ response: TestResponse) {
        for header in Self.setCookies(response) {
            let pair = header.split(separator: ";", maxSplits: 1)[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = String(parts[0]).trimmingCharacters(in: .whitespaces)
            let value = String(parts[1])
            if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
    }
}
