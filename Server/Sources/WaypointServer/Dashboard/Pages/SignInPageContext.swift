/// The `signIn` template: the email and password form, or, while no owner account exists, the
/// admin token form.
struct SignInPageContext: PageContext {
    static var template: String { "signIn" }

    /// The sign-in form's own CSRF token (there is no session yet).
    let csrf: String
    /// Where to go once signed in.
    let next: String
    /// Why the last attempt failed.
    let message: String?
    /// Whether people sign in with an account (an owner exists, or the admin token is retired).
    let withAccount: Bool
}
