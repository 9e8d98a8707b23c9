import Hummingbird

/// Who asked for an action and from where: the actor and the client's address of one request
/// (docs/ARCHITECTURE.md, "The audit log").
///
/// The administration (``AppAdministration``, ``UserErasure``) takes one with every action it
/// records, so the API and the dashboard record the same entries.
struct AuditOrigin: Sendable, Hashable {
    let actor: AuditActor
    /// The client's address (``ClientAddress``), nil for the server's own work.
    let address: String?

    /// The origin of `request`: the actor of its principal (``AuditActor/init(principal:)``) and
    /// its client address by the trusted-proxy rule of `addresses`. A request without a principal
    /// is refused (401), so nothing is done or recorded for nobody.
    init(request: Request, context: ServerContext, addresses: ClientAddress) throws {
        actor = AuditActor(principal: try context.requirePrincipal())
        address = addresses.resolve(request, context: context)
    }

    init(actor: AuditActor, address: String?) {
        self.actor = actor
        self.address = address
    }

    /// Retention, which runs on its own, from no address.
    static let retention = AuditOrigin(actor: .retention, address: nil)
}
