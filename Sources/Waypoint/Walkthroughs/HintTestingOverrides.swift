import Foundation

/// Overrides for testing and previews: show or hide walkthroughs regardless of their rules.
///
/// A shown walkthrough ignores its condition, donation rules, display count, display frequency, group
/// turn and invalidation (a finished one starts over); it still waits for its targets and for the app
/// to be active, and step conditions still apply. Hiding wins over showing. To forget all progress,
/// call ``HintCoordinator/resetStore()``.
public struct HintTestingOverrides: Sendable, Hashable, Codable {
    /// Show every walkthrough.
    package var showsAll: Bool
    /// Hide every walkthrough.
    package var hidesAll: Bool
    /// Walkthroughs to show.
    package var shown: Set<String>
    /// Walkthroughs to hide.
    package var hidden: Set<String>

    /// Creates overrides; by default none.
    package init(showsAll: Bool = false, hidesAll: Bool = false, shown: Set<String> = [], hidden: Set<String> = []) {
        self.showsAll = showsAll
        self.hidesAll = hidesAll
        self.shown = shown
        self.hidden = hidden
    }

    /// No overrides: the rules decide.
    public static let none = HintTestingOverrides()
    /// Show every walkthrough.
    public static let showAll = HintTestingOverrides(showsAll: true)
    /// Hide every walkthrough.
    public static let hideAll = HintTestingOverrides(hidesAll: true)

    /// Show these walkthroughs.
    public static func show(_ ids: Set<String>) -> HintTestingOverrides { HintTestingOverrides(shown: ids) }
    /// Hide these walkthroughs.
    public static func hide(_ ids: Set<String>) -> HintTestingOverrides { HintTestingOverrides(hidden: ids) }

    /// Whether the walkthrough with `id` is hidden.
    package func hides(_ id: String) -> Bool { hidesAll || hidden.contains(id) }
    /// Whether the walkthrough with `id` is forced to show (and not hidden).
    package func forces(_ id: String) -> Bool { !hides(id) && (showsAll || shown.contains(id)) }
}
