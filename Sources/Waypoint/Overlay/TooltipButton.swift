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
    package var action: Action
    /// The button's title, in the overlay's language (``OverlayLabels``).
    package var title: String

    /// Creates a button.
    package init(_ action: Action, title: String) {
        self.action = action
        self.title = title
    }

    /// "Skip", in the app's current locale (``OverlayLabels/standard``).
    package static var skip: TooltipButton { OverlayLabels.standard.button(.skip) }
    /// "Back", in the app's current locale.
    package static var back: TooltipButton { OverlayLabels.standard.button(.back) }
    /// "Next", in the app's current locale.
    package static var next: TooltipButton { OverlayLabels.standard.button(.next) }
    /// "Done": the "Next" button of the last step, in the app's current locale.
    package static var done: TooltipButton { OverlayLabels.standard.button(.next, isLast: true) }
}
