/// What the signed-in account may do on the dashboard's pages, read from ``AccessRules``: a page
/// shows a form only to someone whose role may send it, so nobody is shown a button that leads to
/// a 403 page.
struct Permissions: Sendable, Hashable {
    /// Create apps (owner).
    let createApps: Bool
    /// Upload a revision (editor).
    let upload: Bool
    /// Edit a revision without JSON: the step and hint editors, the experiment form, Ship and Stop
    /// (editor; the edits route's role), each making a new revision.
    let edit: Bool
    /// Publish a revision (publisher).
    let publish: Bool
    /// Rotate and revoke SDK keys (owner).
    let manageKeys: Bool
    /// Add, change and remove accounts (owner).
    let managePeople: Bool
    /// Read the audit log (owner).
    let readAudit: Bool

    /// What `role` may do; nothing without a role (signed out).
    init(role: Role?) {
        func may(_ route: String) -> Bool {
            guard let role, case .role(let needed)? = AccessRules.table[route] else { return false }
            return role >= needed
        }
        createApps = may("POST /apps")
        upload = may("POST /apps/{app}/revisions")
        edit = may("POST /v1/apps/{app}/revisions/{revision}/edits")
            && may("POST /apps/{app}/revisions/{revision}/flows/{flow}/steps/{step}")
        publish = may("POST /apps/{app}/environments/{environment}/publish")
        manageKeys = may("POST /apps/{app}/environments/{environment}/keys")
        managePeople = may("GET /people")
        readAudit = may("GET /audit")
    }
}
