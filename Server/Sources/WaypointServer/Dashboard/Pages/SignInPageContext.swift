/// The `signIn` template: the admin token form.
struct SignInPageContext: PageContext {
    static var template: String { "signIn" }

    /// The sign-in form's own CSRF token (there is no session yet).
    let csrf: String
    /// Where to go once signed in.
    let next: String
    /// Why the last attempt failed.
    let message: String?
}
