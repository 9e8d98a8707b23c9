import Foundation

/// Why a step preview could not be drawn.
public struct PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case unknownStep(walkthroughId: String, stepId: String, known: [String])
        case invalidScreen(Size)
        case invalidTarget(Rect)
    }

    private let kind: Kind

    /// The walkthrough has no step with this id.
    static func unknownStep(walkthroughId: String, stepId: String, known: [String]) -> PreviewError {
        PreviewError(kind: .unknownStep(walkthroughId: walkthroughId, stepId: stepId, known: known))
    }

    /// The screen size is not a positive, finite width and height.
    static func invalidScreen(_ size: Size) -> PreviewError { PreviewError(kind: .invalidScreen(size)) }

    /// The target frame has a non-finite coordinate or a negative size.
    static func invalidTarget(_ rect: Rect) -> PreviewError { PreviewError(kind: .invalidTarget(rect)) }

    /// What went wrong and how to fix it.
    public var description: String {
        switch kind {
        case .unknownStep(let walkthroughId, let stepId, let known):
            let list = known.isEmpty ? "it has no steps" : "its steps are \(known.joined(separator: ", "))"
            return "Walkthrough '\(walkthroughId)' has no step '\(stepId)'; \(list)."
        case .invalidScreen(let size):
            return "The screen size \(NumberText.format(size.width))x\(NumberText.format(size.height)) is not usable; give a width and a height greater than 0, such as 390x844."
        case .invalidTarget(let rect):
            return "The target frame \(NumberText.format(rect.origin.x)),\(NumberText.format(rect.origin.y)),\(NumberText.format(rect.size.width)),\(NumberText.format(rect.size.height)) is not usable; give X,Y,W,H as finite numbers with W and H not negative, such as 320,60,44,44."
        }
    }
}
