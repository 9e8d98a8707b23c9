import Foundation

/// A button in a tooltip's footer.
public struct TooltipButton: Sendable, Hashable {
    /// What a button does.
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        /// Moves past the step without completing it (``HintCoordinator/skip()``).
        case skip
        /// Shows the previous step again (``HintCoordinator/back()``).
        case back
        /// Completes a step whose trigger is ``CompletionTrigger/button`` (``HintCoordinator/next()``).
        case next
    }

    /// What the button does.
    public var action: Action
    /// The button's title.
    public var title: String

    /// Creates a button.
    public init(_ action: Action, title: String) {
        self.action = action
        self.title = title
    }

    /// "Skip".
    public static let skip = TooltipButton(.skip, title: "Skip")
    /// "Back".
    public static let back = TooltipButton(.back, title: "Back")
    /// "Next".
    public static let next = TooltipButton(.next, title: "Next")
    /// "Done": the "Next" button of the last step.
    public static let done = TooltipButton(.next, title: "Done")
}
