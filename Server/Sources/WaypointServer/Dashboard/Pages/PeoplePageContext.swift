import Foundation

/// The `people` template: every account with its role, and the forms to add one, change a role,
/// set a password and remove an account (owners only).
struct PeoplePageContext: PageContext {
    static var template: String { "people" }

    /// A choice of a role in a `<select>`.
    struct RoleOption: Sendable {
        let value: String
        let selected: Bool
    }

    /// An account's row, with its forms.
    struct Row: Sendable {
        let id: String
        let email: String
        let name: String
        let role: String
        let createdAt: String
        let roles: [RoleOption]
        let isYou: Bool
        let csrf: String

        init(_ account: AccountRecord, you: String?, csrf: String) {
            id = account.id
            email = account.email
            name = account.name
            role = account.role.rawValue
            createdAt = Timestamp.iso8601(account.createdAt)
            roles = Role.allCases.map { RoleOption(value: $0.rawValue, selected: $0 == account.role) }
            isYou = account.id == you
            self.csrf = csrf
        }
    }

    let csrf: String
    let rows: [Row]
    /// The roles of the form that adds an account (viewer first).
    let roles: [RoleOption]
    /// Shown while the visitor is signed in with the admin token: no owner account exists yet.
    let bootstrap: Bool
    let notice: String?
    let message: String?
    let formEmail: String
    let formName: String

    init(
        csrf: String, accounts: [AccountRecord], you: String?, bootstrap: Bool, notice: String?, message: String?, formEmail: String = "",
        formName: String = "", formRole: Role = .viewer
    ) {
        self.csrf = csrf
        rows = accounts.map { Row($0, you: you, csrf: csrf) }
        roles = Role.allCases.map { RoleOption(value: $0.rawValue, selected: $0 == (bootstrap ? .owner : formRole)) }
        self.bootstrap = bootstrap
        self.notice = notice
        self.message = message
        self.formEmail = formEmail
        self.formName = formName
    }
}
