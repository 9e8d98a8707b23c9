import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the server: opens the store, then `buildApplication(configuration:store:)`.
public func buildApplication(_ configuration: ServerConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    let logger = logger ?? {
        var logger = Logger(label: "waypoint-server")
        logger.logLevel = configuration.logLevel
        return logger
    }()
    let opened = try await StoreFactory.open(configuration, logger: logger)
    var services = opened.services
    if let days = configuration.retentionDays {
        services.append(try RetentionService(store: opened.store, days: days, logger: logger))
    }
    return buildApplication(configuration, store: opened.store, services: services, beforeStart: opened.beforeStart, logger: logger)
}

/// Builds the server over a store that is already open; `services` run beside the HTTP server
/// (a PostgreSQL connection pool) and `beforeStart` runs before it listens (migrations); `now` is the
/// server's time and `signInClock` the clock of the sign-in limits (both moved by tests).
public func buildApplication(
    _ configuration: ServerConfiguration, store: any Store, services: [any Service] = [],
    beforeStart: (@Sendable () async throws -> Void)? = nil,
    metrics: ServerMetrics = ServerMetrics(), logger: Logger? = nil, now: @escaping @Sendable () -> Date = { Date() },
    signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
) -> some ApplicationProtocol {
    let logger = logger ?? {
        var logger = Logger(label: "waypoint-server")
        logger.logLevel = configuration.logLevel
        return logger
    }()
    let router = buildRouter(configuration, store: store, metrics: metrics, now: now, signInClock: signInClock)
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
    _ configuration: ServerConfiguration, store: any Store, metrics: ServerMetrics, now: @escaping @Sendable () -> Date = { Date() },
    signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
) -> Router<ServerContext> {
    // The templates are part of the program: one that does not parse is a bug, caught by every test.
    let renderer: PageRenderer
    do { renderer = try PageRenderer() } catch { fatalError("The dashboard's templates do not parse: \(error)") }
    let router = Router(context: ServerContext.self)
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    let authenticator = Authenticator(
        adminToken: configuration.adminToken, store: store,
        limiter: RateLimiter(rate: configuration.limits.requestsPerSecondPerKey, burst: configuration.limits.burstPerKey),
        trustedProxies: configuration.trustedProxies, now: now)
    // Both stores keep people; a store that does not (a test's stand-in) has no accounts.
    let people = People(
        sql: store as? any SQLRows, hasher: PasswordHasher(cost: configuration.passwordCost, checks: metrics.passwordChecks), now: now)
    let sessions = DashboardSessions(adminToken: configuration.adminToken)
    // Every route after this point is checked against ``AccessRules``.
    router.add(middleware: AccessMiddleware(authenticator: authenticator, people: people, sessions: sessions, renderer: renderer))
    let documents = PublishedDocumentCache(store: store)
    let administration = AppAdministration(
        store: store, documents: documents, metrics: metrics, now: now, keysChanged: { authenticator.forgetKeys() },
        clientAddress: authenticator.clientAddress)
    HealthController<ServerContext>(metrics: metrics, store: store).addRoutes(to: router)
    OpenAPIController<ServerContext>().addRoutes(to: router)
    DocumentController<ServerContext>(documents: documents, authenticator: authenticator).addRoutes(to: router)
    EventsController<ServerContext>(store: store, authenticator: authenticator, metrics: metrics, limits: configuration.limits)
        .addRoutes(to: router)
    let apps = router.group("v1/apps")
    AppsController<ServerContext>(administration: administration, limits: configuration.limits).addRoutes(to: apps)
    ReportsController<ServerContext>(administration: administration).addRoutes(to: apps)
    KeysController<ServerContext>(administration: administration).addRoutes(to: apps)
    UsersController<ServerContext>(erasure: UserErasure(store: store, now: now, clientAddress: authenticator.clientAddress)).addRoutes(to: apps)
    AuditController<ServerContext>(auditLog: administration.auditLog).addRoutes(to: router.group("v1/audit"))
    PeopleController(people: people, clientAddress: authenticator.clientAddress).addRoutes(to: router)
    let dashboard = DashboardController<ServerContext>(
        administration: administration, authenticator: authenticator, sessions: sessions, renderer: renderer,
        limits: configuration.limits, people: people, signInLimits: SignInLimits(clock: signInClock))
    dashboard.addRoutes(to: router)
    ReportPagesController<ServerContext>(administration: administration, pages: dashboard).addRoutes(to: router)
    PeoplePagesController(people: people, pages: dashboard).addRoutes(to: router)
    return router
}
