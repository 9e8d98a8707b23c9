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
/// - Throws: ``PreviewError`` when the walkthrough has no such step, the screen has no area, or the
///   target frame is not finite or has a negative size.
public func previewSVG<Context>(
    walkthrough: Walkthrough<Context>, stepId: String, screen: Size, target: Rect, safeArea: EdgeInsets = .zero
) throws(PreviewError) -> String {
    guard let index = walkthrough.index(ofStep: stepId) else {
        throw .unknownStep(walkthroughId: walkthrough.id, stepId: stepId, known: walkthrough.steps.map(\.id))
    }
    guard screen.isPositive else { throw .invalidScreen(screen) }
    guard target.isFinite, target.size.width >= 0, target.size.height >= 0 else { throw .invalidTarget(target) }
    return previewSVG(
        step: walkthrough.steps[index], index: index, of: walkthrough.steps.count,
        screen: screen, target: target, safeArea: safeArea)
}
