import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the server: opens the database, then `buildApplication(configuration:repositories:)`.
public func buildApplication(_ configuration: ServerConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    let logger = logger ?? {
        var logger = Logger(label: "waypoint-server")
        logger.logLevel = configuration.logLevel
        return logger
    }()
    let opened = try await StoreFactory.open(configuration, logger: logger)
    var services = opened.services
    if let days = configuration.retentionDays {
        services.append(try RetentionService(events: opened.repositories.events, audit: opened.repositories.audit, days: days, logger: logger))
    }
    return buildApplication(configuration, repositories: opened.repositories, services: services, beforeStart: opened.beforeStart, logger: logger)
}

/// Builds the server over the repositories of a database that is already open; `services` run beside the HTTP server
/// (a PostgreSQL connection pool) and `beforeStart` runs before it listens (migrations); `now` is the
/// server's time and `signInClock` the clock of the sign-in limits (both moved by tests).
public func buildApplication(
    _ configuration: ServerConfiguration, repositories: Repositories, services: [any Service] = [],
    beforeStart: (@Sendable () async throws -> Void)? = nil,
    metrics: ServerMetrics = ServerMetrics(), logger: Logger? = nil, now: @escaping @Sendable () -> Date = { Date() },
    signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
) -> some ApplicationProtocol {
    let logger = logger ?? {
        var logger = Logger(label: "waypoint-server")
        logger.logLevel = configuration.logLevel
        return logger
    }()
    let router = buildRouter(configuration, repositories: repositories, metrics: metrics, now: now, signInClock: signInClock)
    let connections = configuration.connections
    let maxConnections = connections.maxConnectionsFittingOpenFileLimit(logger: logger)
    let perAddress = ConnectionsPerAddress(
        limit: connections.connectionsPerAddress(serving: maxConnections), trustedProxies: configuration.trustedProxies)
    var application = Application(
        router: router,
        // Made for each connection; the first sees the connection open before the others.
        server: .http1(configuration: .init(
            additionalChannelHandlers: [
                ConnectionsPerAddressHandler(table: perAddress, metrics: metrics, logger: logger),
                RequestHeadTimeoutHandler(timeout: connections.headerTimeout),
                RequestBodyTimeoutHandler(timeout: connections.bodyTimeout, metrics: metrics),
                MalformedRequestHandler(),
            ],
            idleTimeout: TimeAmount(connections.idleTimeout))),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "waypoint-server",
            availableConnectionsDelegate: MaximumAvailableConnections(maxConnections, logger: logger)),
        services: services,
        logger: logger)
    if let beforeStart {
        application.beforeServerStarts(perform: beforeStart)
    }
    return application
}

/// The routes, grouped by controller; `now` is the time SDK keys are made, ended and checked at,
/// and `signInClock` the clock of the sign-in limits.
func buildRouter(
    _ configuration: ServerConfiguration, repositories: Repositories, metrics: ServerMetrics, now: @escaping @Sendable () -> Date = { Date() },
    signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
) -> Router<ServerContext> {
    let router = Router(context: ServerContext.self)
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    let routes = ServerRoutes(configuration, repositories: repositories, metrics: metrics, now: now, signInClock: signInClock)
    // Every route after this point is checked against ``AccessRules``.
    router.add(middleware: routes.access)
    routes.add(to: router)
    return router
}

/// What the routes are made of, and the routes themselves, grouped by controller.
struct ServerRoutes {
    let configuration: ServerConfiguration
    let repositories: Repositories
    let metrics: ServerMetrics
    let now: @Sendable () -> Date
    let signInClock: @Sendable () -> ContinuousClock.Instant
    let renderer: PageRenderer
    let authenticator: Authenticator
    let people: People
    let sessions: DashboardSessions
    let documents: PublishedDocumentCache
    let administration: AppAdministration
    /// The limits on guessing passwords: the dashboard's sign-in and `POST /v1/tokens` share them.
    let signInLimits: SignInLimits

    init(
        _ configuration: ServerConfiguration, repositories: Repositories, metrics: ServerMetrics, now: @escaping @Sendable () -> Date,
        signInClock: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        // The templates are part of the program: one that does not parse is a bug, caught by every test.
        do { renderer = try PageRenderer() } catch { fatalError("The dashboard's templates do not parse: \(error)") }
        self.configuration = configuration
        self.repositories = repositories
        self.metrics = metrics
        self.now = now
        self.signInClock = signInClock
        signInLimits = SignInLimits(clock: signInClock)
        let authenticator = Authenticator(
            adminToken: configuration.adminToken, apps: repositories.apps,
            limiter: RateLimiter(rate: configuration.limits.requestsPerSecondPerKey, burst: configuration.limits.burstPerKey),
            trustedProxies: configuration.trustedProxies, now: now)
        self.authenticator = authenticator
        // Both databases keep people; repositories made by a test without their tables have no accounts.
        people = People(
            sql: repositories.peopleTables, hasher: PasswordHasher(cost: configuration.passwordCost, checks: metrics.passwordChecks), now: now)
        sessions = DashboardSessions(adminToken: configuration.adminToken)
        documents = PublishedDocumentCache(revisions: repositories.revisions)
        administration = AppAdministration(
            apps: repositories.apps, revisions: repositories.revisions, events: repositories.events, ledger: repositories.ledger,
            audit: repositories.audit, conclusions: repositories.conclusions,
            documents: documents, metrics: metrics, now: now, keysChanged: { authenticator.forgetKeys() },
            clientAddress: authenticator.clientAddress)
    }

    /// The middleware that checks every route against ``AccessRules`` and sets the principal.
    var access: AccessMiddleware {
        AccessMiddleware(authenticator: authenticator, people: people, sessions: sessions, renderer: renderer, signInLimits: signInLimits)
    }

    /// Adds every route to `router`. Routes that need a role go into a group that refuses a request
    /// without a principal (``PrincipalRequiredMiddleware``), so they fail closed even on a router
    /// without ``access``.
    func add(to router: Router<ServerContext>) {
        HealthController(metrics: metrics, readiness: repositories.readiness).addRoutes(to: router)
        OpenAPIController().addRoutes(to: router)
        DocumentController(documents: documents, authenticator: authenticator).addRoutes(to: router)
        EventsController(events: repositories.events, authenticator: authenticator, metrics: metrics, limits: configuration.limits)
            .addRoutes(to: router)
        let signedIn = router.group().add(middleware: PrincipalRequiredMiddleware())
        let apps = signedIn.group("v1/apps")
        AppsController(administration: administration, limits: configuration.limits).addRoutes(to: apps)
        ReportsController(administration: administration, ledger: repositories.ledger, events: repositories.events).addRoutes(to: apps)
        KeysController(administration: administration).addRoutes(to: apps)
        UsersController(erasure: UserErasure(
            apps: repositories.apps, events: repositories.events, audit: repositories.audit, now: now, clientAddress: authenticator.clientAddress)).addRoutes(to: apps)
        AuditController(auditLog: administration.auditLog).addRoutes(to: signedIn.group("v1/audit"))
        PeopleController(people: people, clientAddress: authenticator.clientAddress).addRoutes(to: signedIn)
        let dashboard = DashboardController(
            administration: administration, authenticator: authenticator, sessions: sessions, renderer: renderer,
            limits: configuration.limits, people: people, signInLimits: signInLimits)
        dashboard.addRoutes(to: router, signedIn: signedIn)
        ReportPagesController(administration: administration, pages: dashboard, ledger: repositories.ledger, events: repositories.events).addRoutes(to: signedIn)
        PeoplePagesController(people: people, pages: dashboard).addRoutes(to: signedIn)
    }
}
