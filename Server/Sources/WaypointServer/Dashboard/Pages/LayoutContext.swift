/// The `layout` template: the page around every page's body.
struct LayoutContext: PageContext {
    static var template: String { "layout" }

    let title: String
    let signedIn: Bool
    /// The session's CSRF token, for the sign-out form ("" signed out).
    let csrf: String
    /// Whether the reader manages people (owners): the People link.
    let mayManagePeople: Bool

    init(title: String, signedIn: Bool, csrf: String, may: Permissions, body: String) {
        self.title = title
        self.signedIn = signedIn
        self.csrf = csrf
        mayManagePeople = may.managePeople
        self.body = body
    }
    /// The page's HTML, rendered by the server.
    let body: String
}
