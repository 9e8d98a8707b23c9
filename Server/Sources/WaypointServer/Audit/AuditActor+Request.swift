import Hummingbird

extension AuditActor {
    /// The actor of a request that reached an administration route: the one place where whoever
    /// the request authenticated as becomes an audit actor.
    ///
    /// ``AccessMiddleware`` sets ``ServerContext/principal`` on every such route: an account that
    /// signed in to the dashboard is a ``Kind/session`` actor, one using a personal API token an
    /// ``Kind/apiToken`` actor (both with the account's id and name); the admin token, through the
    /// API or a session opened with it, is ``adminToken``. A context with no principal (a test that
    /// drives a controller with another context) is the admin token, the only credential without one.
    init(request: Request, context: some RequestContext) {
        // Only ``ServerContext`` carries a principal; the controllers are generic over the context.
        guard let principal = (context as? ServerContext)?.principal else {
            self = .adminToken
            return
        }
        self.init(principal: principal)
    }

    /// The actor of `principal`.
    init(principal: Principal) {
        guard let accountID = principal.accountID else {
            self = .adminToken
            return
        }
        switch principal.credential {
        case .apiToken:
            self.init(kind: .apiToken, id: accountID, name: principal.displayName)
        case .session, .adminToken:
            self.init(kind: .session, id: accountID, name: principal.displayName)
        }
    }
}
