import Foundation

extension OverlayLayout {
    /// The layout of the hint the coordinator presents, on a target at `target`; its built-in
    /// texts come from `style`'s ``OverlayStyle/labels``.
    public init(
        presentation: HintPresentation, target: OverlayRect, screen: OverlaySize, safeArea: Insets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) {
        self.init(
            screen: screen, safeArea: safeArea, target: target, shape: presentation.highlightShape,
            position: presentation.tooltipPosition, content: TooltipContent(presentation, labels: style.labels),
            style: style, measurer: measurer)
    }

    /// The layout of `step`, shown at `index` (from 0) of a walkthrough of `count` steps, on a target
    /// at `target`; its built-in texts come from `style`'s ``OverlayStyle/labels``.
    public init<Context>(
        step: WalkthroughStep<Context>, index: Int, of count: Int, target: OverlayRect, screen: OverlaySize,
        safeArea: Insets = .zero, style: OverlayStyle = .standard,
        measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) {
        self.init(
            screen: screen, safeArea: safeArea, target: target, shape: step.highlightShape,
            position: step.tooltipPosition, content: TooltipContent(step, index: index, of: count, labels: style.labels),
            style: style, measurer: measurer)
    }
}
