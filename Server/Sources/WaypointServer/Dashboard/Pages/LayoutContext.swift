/// The `layout` template: the page around every page's body.
struct LayoutContext: PageContext {
    static var template: String { "layout" }

    let title: String
    let signedIn: Bool
    /// The session's CSRF token, for the sign-out form ("" signed out).
    let csrf: String
    /// The page's HTML, rendered by the server.
    let body: String
}
