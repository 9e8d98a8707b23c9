/// The `createdApp` template: a new app's SDK keys, shown once.
struct CreatedAppPageContext: PageContext {
    static var template: String { "createdApp" }

    struct Key: Sendable {
        let environment: String
        let key: String
    }

    let id: String
    let name: String
    let keys: [Key]

    init(_ created: AppAdministration.CreatedApp) {
        id = created.app.id.rawValue
        name = created.app.name
        keys = created.keys.map { Key(environment: $0.environment.rawValue, key: $0.key) }
    }
}
