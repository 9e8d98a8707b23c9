import Foundation

/// An SVG preview of `step` shown at `index` (from 0) of a walkthrough of `count` steps, on a
/// screen of size `screen` with the target at `target` (window coordinates).
///
/// The SVG is drawn with ``ApproximateTextMeasurer`` and ``OverlaySVG``; "Back" shows on every step
/// but the first, "Skip" when the step can be skipped, "Next" (or "Done") only for the button
/// trigger, and otherwise an instruction naming the trigger.
public func previewSVG<Context>(
    step: WalkthroughStep<Context>, index: Int, of count: Int, screen: Size, target: Rect,
    safeArea: EdgeInsets = .zero
) -> String {
    let measurer = ApproximateTextMeasurer()
    let layout = OverlayLayout(
        step: step, index: index, of: count, target: target, screen: screen, safeArea: safeArea, measurer: measurer)
    let title = "Step \(step.id) (\(index + 1) of \(count)): \(step.tooltipText)"
    return OverlaySVG(measurer: measurer).render(layout, title: title, targetLabel: step.targetElementId)
}

/// An SVG preview of the step `stepId` of `walkthrough` (see ``previewSVG(step:index:of:screen:target:safeArea:)``).
///
/// - Throws: ``PreviewError`` when the walkthrough has no such step, the screen has no area, the
///   target frame is not finite or has a negative size, or the safe area leaves no room on the screen
///   or too little for one line of the step's text (text that does not fit is cut, ending in "…").
public func previewSVG<Context>(
    walkthrough: Walkthrough<Context>, stepId: String, screen: Size, target: Rect, safeArea: EdgeInsets = .zero
) throws(PreviewError) -> String {
    guard let index = walkthrough.index(ofStep: stepId) else {
        throw .unknownStep(walkthroughId: walkthrough.id, stepId: stepId, known: walkthrough.steps.map(\.id))
    }
    guard screen.isPositive else { throw .invalidScreen(screen) }
    guard target.isFinite, target.size.width >= 0, target.size.height >= 0 else { throw .invalidTarget(target) }
    let insets = [safeArea.top, safeArea.left, safeArea.bottom, safeArea.right]
    guard insets.allSatisfy({ $0.isFinite && $0 >= 0 }),
          safeArea.top + safeArea.bottom < screen.height, safeArea.left + safeArea.right < screen.width else {
        throw .invalidSafeArea(safeArea, screen: screen)
    }
    let step = walkthrough.steps[index]
    let layout = OverlayLayout(
        step: step, index: index, of: walkthrough.steps.count, target: target, screen: screen, safeArea: safeArea,
        measurer: ApproximateTextMeasurer())
    // Text that does not fit is cut, ending in "…"; a tooltip with room for none of it is refused.
    if !step.tooltipText.isEmpty, layout.tooltip.textLines.isEmpty {
        throw .noRoomForText(safeArea, screen: screen, available: layout.tooltipArea.size.height)
    }
    return previewSVG(
        step: step, index: index, of: walkthrough.steps.count,
        screen: screen, target: target, safeArea: safeArea)
}

/// Why a step preview could not be drawn.
public struct PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case unknownStep(walkthroughId: String, stepId: String, known: [String])
        case invalidScreen(Size)
        case invalidTarget(Rect)
        case invalidSafeArea(EdgeInsets, screen: Size)
        case noRoomForText(EdgeInsets, screen: Size, available: Double)
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

    /// The safe-area insets are negative or leave no room on the screen.
    static func invalidSafeArea(_ insets: EdgeInsets, screen: Size) -> PreviewError {
        PreviewError(kind: .invalidSafeArea(insets, screen: screen))
    }

    /// The safe area leaves too little height for one line of the step's text.
    static func noRoomForText(_ insets: EdgeInsets, screen: Size, available: Double) -> PreviewError {
        PreviewError(kind: .noRoomForText(insets, screen: screen, available: available))
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
            return "Walkthrough '\(walkthroughId)' has no step '\(stepId)'; \(list)."
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
