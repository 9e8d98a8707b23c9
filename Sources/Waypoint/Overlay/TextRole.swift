import Foundation

/// The kinds of text in a tooltip; a ``TextMeasurer`` picks a font for each.
public enum TextRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// The step's tooltip text.
    case body
    /// What completes the step when it is not the "Next" button ("Tap the highlighted element").
    case instruction
    /// The step's position, "2 of 5".
    case progress
    /// A button title: "Skip", "Back", "Next".
    case button
}
