import Waypoint

/// Why a walkthrough step's overlay preview could not be drawn.
public struct OverlayPreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case unknownStep(walkthroughId: String, stepId: String, known: [String])
        case invalidScreen(OverlaySize)
        case invalidTarget(OverlayRect)
        case invalidSafeArea(Insets, screen: OverlaySize)
        case noRoomForText(Insets, screen: OverlaySize, available: Double)
    }

    private let kind: Kind

    /// The walkthrough has no step with this id.
    static func unknownStep(walkthroughId: String, stepId: String, known: [String]) -> OverlayPreviewError {
        OverlayPreviewError(kind: .unknownStep(walkthroughId: walkthroughId, stepId: stepId, known: known))
    }

    /// The screen size is not a positive, finite width and height.
    static func invalidScreen(_ size: OverlaySize) -> OverlayPreviewError { OverlayPreviewError(kind: .invalidScreen(size)) }

    /// The target frame has a non-finite coordinate or a negative size.
    static func invalidTarget(_ rect: OverlayRect) -> OverlayPreviewError { OverlayPreviewError(kind: .invalidTarget(rect)) }

    /// The safe-area insets are negative or leave no room on the screen.
    static func invalidSafeArea(_ insets: Insets, screen: OverlaySize) -> OverlayPreviewError {
        OverlayPreviewError(kind: .invalidSafeArea(insets, screen: screen))
    }

    /// The safe area leaves too little height for one line of the step's text.
    static func noRoomForText(_ insets: Insets, screen: OverlaySize, available: Double) -> OverlayPreviewError {
        OverlayPreviewError(kind: .noRoomForText(insets, screen: screen, available: available))
    }

    /// Whether the problem is in the geometry given (screen, target, safe area) rather than in the walkthrough.
    public var isGeometry: Bool {
        if case .unknownStep = kind { return false }
        return true
    }

    /// What went wrong and how to fix it.
    public var description: String {
        switch kind {
        case .unknownStep(let walkthroughId, let stepId, let known):
            let list = known.isEmpty ? "it has no steps" : "its steps are \(known.joined(separator: ", "))"
            let hint = Spelling.suggestion(for: stepId, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return "Walkthrough '\(walkthroughId)' has no step '\(stepId)'\(hint); \(list)."
        case .invalidScreen(let size):
            return "The screen size \(NumberText.format(size.width))x\(NumberText.format(size.height)) is not usable; give a width and a height greater than 0, such as 390x844."
        case .invalidTarget(let rect):
            return "The target frame \(NumberText.format(rect.origin.x)),\(NumberText.format(rect.origin.y)),\(NumberText.format(rect.size.width)),\(NumberText.format(rect.size.height)) is not usable; give X,Y,W,H as finite numbers with W and H not negative, such as 320,60,44,44."
        case .invalidSafeArea(let insets, let screen):
            let text = [insets.top, insets.left, insets.bottom, insets.right].map(NumberText.format).joined(separator: ",")
            return "The safe area \(text) leaves no room on a \(NumberText.format(screen.width))x\(NumberText.format(screen.height)) screen; "
                + "give insets that are not negative, with top + bottom under the height and left + right under the width, such as 47,0,34,0."
        case .noRoomForText(let insets, let screen, let available):
            let text = [insets.top, insets.left, insets.bottom, insets.right].map(NumberText.format).joined(separator: ",")
            return "The safe area \(text) on a \(NumberText.format(screen.width))x\(NumberText.format(screen.height)) screen "
                + "(\(NumberText.format(available)) points between the insets, less beside the target) leaves the tooltip "
                + "not enough for one line of the step's text; give a smaller safe area or a taller screen."
        }
    }
}
