import Hummingbird

extension AuditActor {
    /// The actor of a request that reached an administration route: the one place where whoever
    /// the request authenticated as becomes an audit actor.
    ///
    /// Every such request passed ``AdminAuthMiddleware`` (the admin token as a bearer token) or
    /// ``SignedInMiddleware`` (a dashboard session, which only the admin token opens), so today it
    /// is always ``adminToken``. When people sign in with their own accounts, their principal in
    /// `context` becomes a ``Kind/session`` or ``Kind/apiToken`` actor here.
    init(request: Request, context: some RequestContext) {
        self = .adminToken
    }
}
