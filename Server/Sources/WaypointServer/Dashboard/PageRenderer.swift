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
        /// What the reader may do: the layout links only to pages they may open.
        var may = Permissions(role: nil)
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

    /// The page of `context`, inside the layout.
    func html(_ context: some PageContext, title: String, chrome: Chrome) -> String {
        let body = library.render(context, withTemplate: type(of: context).template) ?? ""
        let layout = LayoutContext(title: title, signedIn: chrome.csrf != nil, csrf: chrome.csrf ?? "", may: chrome.may, body: body)
        return library.render(layout, withTemplate: LayoutContext.template) ?? ""
    }

    /// A page response.
    func page(
        _ context: some PageContext, title: String, chrome: Chrome, status: HTTPResponse.Status = .ok, cookies: [Cookie] = []
    ) -> Response {
        var response = Response(
            status: status, headers: Self.headers,
            body: .init(byteBuffer: ByteBuffer(string: html(context, title: title, chrome: chrome))))
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    /// An error page: what went wrong and where to go from here.
    func error(_ error: APIError, chrome: Chrome, back: ErrorPageContext.Link? = nil) -> Response {
        let heading: String =
            switch error.status.code {
            case 403: "Not allowed"
            case 404: "Not found"
            case 400, 422: "That did not work"
            case 409: "Already exists"
            case 503: "The server cannot store now"
            default: "Something went wrong"
            }
        return page(
            ErrorPageContext(heading: heading, message: error.message, back: back), title: heading, chrome: chrome,
            status: error.status)
    }

    /// A `303 See Other` to `location` (after a form, or to the sign-in page).
    static func redirect(to location: String, cookies: [Cookie] = []) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }
}
