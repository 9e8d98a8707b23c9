import Hummingbird

extension AuditActor {
    /// The actor of `principal`: the one place where whoever a request authenticated as becomes an
    /// audit actor. An account that signed in to the dashboard is a ``Kind/session`` actor, one
    /// using a personal API token an ``Kind/apiToken`` actor (both with the account's id and name);
    /// the admin token, through the API or a session opened with it, is ``adminToken``. There is no
    /// actor without a principal: ``ServerContext/requirePrincipal()`` refuses such a request.
    init(principal: Principal) {
        guard let accountID = principal.accountID else {
            self = .adminToken
            return
        }
        switch principal.credential {
        case .apiToken:
            self.init(kind: .apiToken, id: accountID, name: principal.displayName)
        case .session, .adminToken, .password:
            self.init(kind: .session, id: accountID, name: principal.displayName)
        }
    }
}
