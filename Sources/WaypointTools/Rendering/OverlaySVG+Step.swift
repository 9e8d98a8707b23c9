import Foundation
import Waypoint

extension OverlaySVG {
    /// An SVG preview of `step` shown at `index` (from 0) of a walkthrough of `count` steps, on a
    /// screen of size `screen` with the target at `target` (window coordinates).
    ///
    /// The SVG is drawn with ``ApproximateTextMeasurer`` and ``OverlaySVG``; "Back" shows on every step
    /// but the first, "Skip" when the step can be skipped, "Next" (or "Done") only for the button
    /// trigger, and otherwise an instruction naming the trigger; those built-in texts come from `labels`
    /// (`OverlayLabels(locale: Locale(identifier: "de"))` for German ones).
    public static func document<Context>(
        step: WalkthroughStep<Context>, index: Int, of count: Int, screen: OverlaySize, target: OverlayRect,
        safeArea: Insets = .zero, labels: OverlayLabels = .standard
    ) -> String {
        let measurer = ApproximateTextMeasurer()
        let layout = OverlayLayout(
            step: step, index: index, of: count, target: target, screen: screen, safeArea: safeArea,
            style: OverlayStyle(labels: labels), measurer: measurer)
        let title = "Step \(step.id) (\(index + 1) of \(count)): \(step.tooltipText)"
        return OverlaySVG(measurer: measurer).render(layout, title: title, targetLabel: step.targetElementId)
    }

    /// An SVG preview of the step `stepId` of `walkthrough` (see ``document(step:index:of:screen:target:safeArea:labels:)``).
    ///
    /// - Throws: ``OverlayPreviewError`` when the walkthrough has no such step, the screen has no area, the
    ///   target frame is not finite or has a negative size, or the safe area leaves no room on the screen
    ///   or too little for one line of the step's text (text that does not fit is cut, ending in "…").
    public static func document<Context>(
        walkthrough: Walkthrough<Context>, stepId: String, screen: OverlaySize, target: OverlayRect, safeArea: Insets = .zero,
        labels: OverlayLabels = .standard
    ) throws(OverlayPreviewError) -> String {
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
            style: OverlayStyle(labels: labels), measurer: ApproximateTextMeasurer())
        // Text that does not fit is cut, ending in "…"; a tooltip with room for none of it is refused.
        if !step.tooltipText.isEmpty, layout.tooltip.textLines.isEmpty {
            throw .noRoomForText(safeArea, screen: screen, available: layout.tooltipArea.size.height)
        }
        return document(
            step: step, index: index, of: walkthrough.steps.count,
            screen: screen, target: target, safeArea: safeArea, labels: labels)
    }
}
