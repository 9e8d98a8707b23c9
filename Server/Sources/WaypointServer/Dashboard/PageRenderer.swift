import HTTPTypes
import Hummingbird
import Mustache

/// Renders dashboard pages: a template inside the layout, answered with headers that keep the page
/// out of caches and frames and allow no script at all.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    init() throws { library = try Templates.library() }

    /// What the layout needs to know about the visitor.
    struct Chrome: Sendable {
        /// The session's CSRF token; nil on pages seen signed out.
        let csrf: String?
    }

    /// The headers of every page.
    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    /// The page `template` with `context`, inside the layout.
    func html(_ template: String, title: String, chrome: Chrome, context: [String: Any]) -> String {
        var context = context
        if let csrf = chrome.csrf, context["csrf"] == nil { context["csrf"] = csrf }
        let body = library.render(context, withTemplate: template) ?? ""
        let layout: [String: Any] = [
            "title": title, "signedIn": chrome.csrf != nil, "csrf": chrome.csrf ?? "", "body": body,
        ]
        return library.render(layout, withTemplate: "layout") ?? ""
    }

    /// A page response.
    func page(
        _ template: String, title: String, chrome: Chrome, status: HTTPResponse.Status = .ok, context: [String: Any],
        cookies: [Cookie] = []
    ) -> Response {
        var response = Response(
            status: status, headers: Self.headers,
            body: .init(byteBuffer: ByteBuffer(string: html(template, title: title, chrome: chrome, context: context))))
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    /// An error page: what went wrong and where to go from here.
    func error(_ error: APIError, chrome: Chrome, back: (href: String, label: String)? = nil) -> Response {
        let heading: String =
            switch error.status.code {
            case 404: "Not found"
            case 400, 422: "That did not work"
            case 409: "Already exists"
            default: "Something went wrong"
            }
        var context: [String: Any] = ["heading": heading, "message": error.message]
        if let back { context["back"] = ["href": back.href, "label": back.label] }
        return page("error", title: heading, chrome: chrome, status: error.status, context: context)
    }

    /// A `303 See Other` to `location` (after a form, or to the sign-in page).
    static func redirect(to location: String, cookies: [Cookie] = []) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}
