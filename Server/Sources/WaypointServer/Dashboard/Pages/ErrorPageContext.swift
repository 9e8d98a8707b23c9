/// The `error` template: what went wrong and where to go from here.
struct ErrorPageContext: PageContext {
    static var template: String { "error" }

    struct Link: Sendable {
        let href: String
        let label: String
    }

    let heading: String
    let message: String
    let back: Link?
}
