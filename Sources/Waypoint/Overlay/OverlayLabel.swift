import Foundation

/// A built-in text of the walkthrough overlay: a button title, the step counter, an instruction
/// or an accessibility label.
///
/// The package ships each in English, German, French, Spanish, Brazilian Portuguese, Italian,
/// Dutch, Japanese, Korean and Simplified Chinese; an app can replace any of them with
/// ``OverlayLabels/overrides``. A label that takes arguments marks where
/// they go with `%@` (in order) or `%1$@`, `%2$@` (by position), and `%%` for a percent sign, as
/// in `Localizable.strings`.
public enum OverlayLabel: String, Sendable, Hashable, Codable, CaseIterable {
    /// "Next": the button that completes a step.
    case next
    /// "Done": the "Next" button of the last step.
    case done
    /// "Skip": moves past the step without completing it.
    case skip
    /// "Back": shows the previous step again.
    case back
    /// "%1$@ of %2$@": the step counter, "2 of 5" (the step's number, then the number of steps).
    case progress
    /// "Step %@": what VoiceOver reads for the counter, "Step 2 of 5" (the argument is the counter).
    case stepProgress
    /// "Tap the highlighted element": the instruction of a step that completes on a tap.
    case tapInstruction
    /// "Swipe left".
    case swipeLeftInstruction
    /// "Swipe right".
    case swipeRightInstruction
    /// "Swipe up".
    case swipeUpInstruction
    /// "Swipe down".
    case swipeDownInstruction
    /// "Continues in %@ s": the instruction of a step that completes after a time (the argument is
    /// the number of seconds).
    case timerInstruction
    /// "Waiting for “%@”": the instruction of a step that completes on an app event (the argument
    /// is the event's name).
    case eventInstruction
    /// "Highlighted element": what VoiceOver reads for the target when the app gives it no label.
    case highlightedElement

    /// The label's key in the bundled `Localizable.strings` tables: `overlay.` and the case's name.
    package var key: String { "overlay.\(rawValue)" }

    /// How many arguments the label's text takes.
    package var argumentCount: Int {
        switch self {
        case .progress: 2
        case .stepProgress, .timerInstruction, .eventInstruction: 1
        default: 0
        }
    }

    /// The instruction for a swipe in `direction`.
    package static func swipeInstruction(_ direction: SwipeDirection) -> OverlayLabel {
        switch direction {
        case .left: .swipeLeftInstruction
        case .right: .swipeRightInstruction
        case .up: .swipeUpInstruction
        case .down: .swipeDownInstruction
        }
    }
}
