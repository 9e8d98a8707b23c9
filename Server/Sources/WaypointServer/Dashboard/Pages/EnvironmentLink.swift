/// An environment in a page's environment switcher.
struct EnvironmentLink: Sendable {
    let name: String
    /// Whether the page shows this environment.
    let current: Bool

    /// Every environment, `current` marked.
    static func all(current: String) -> [EnvironmentLink] {
        EnvironmentName.all.map { EnvironmentLink(name: $0.rawValue, current: $0.rawValue == current) }
    }
}
