/// The `rotatedKey` template: an environment's new SDK key, shown once, and until when the keys
/// it replaced keep working.
struct RotatedKeyPageContext: PageContext {
    static var template: String { "rotatedKey" }

    struct Previous: Sendable {
        let prefix: String
        let expiresAt: String
    }

    let appID: String
    let appName: String
    let environment: String
    let key: String
    let previous: [Previous]
    let hasPrevious: Bool

    init(app: AppRecord, rotated: AppAdministration.RotatedKey) {
        appID = app.id.rawValue
        appName = app.name
        environment = rotated.environment.rawValue
        key = rotated.key
        previous = rotated.previousKeys.map { summary in
            Previous(prefix: summary.prefix, expiresAt: summary.expiresAt.map(Timestamp.iso8601) ?? "–")
        }
        hasPrevious = !previous.isEmpty
    }
}
