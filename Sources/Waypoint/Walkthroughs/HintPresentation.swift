import Foundation

/// Everything a component needs to present one hint on its anchor.
public struct HintPresentation: Sendable, Hashable {
    /// Which hint.
    public var hint: HintID
    /// The anchor to present it on (the step's target element).
    public var anchorId: String
    /// The tooltip's text.
    public var tooltipText: String
    /// Where the tooltip sits.
    public var tooltipPosition: TooltipPosition
    /// The cutout around the target.
    public var highlightShape: HighlightShape
    /// What completes the hint; the tooltip shows a "Next" button for ``CompletionTrigger/button``.
    public var completionTrigger: CompletionTrigger
    /// Whether the tooltip offers "Skip".
    public var canSkip: Bool
    /// Whether the tooltip offers "Back" (an earlier hint of this run can be shown again).
    public var canGoBack: Bool
    /// The step's position in its walkthrough, from 1 (for "2 of 5").
    public var stepNumber: Int
    /// The number of steps in the walkthrough.
    public var stepCount: Int

    /// Creates a presentation.
    package init(
        hint: HintID, anchorId: String, tooltipText: String, tooltipPosition: TooltipPosition,
        highlightShape: HighlightShape, completionTrigger: CompletionTrigger, canSkip: Bool,
        canGoBack: Bool, stepNumber: Int, stepCount: Int
    ) {
        self.hint = hint
        self.anchorId = anchorId
        self.tooltipText = tooltipText
        self.tooltipPosition = tooltipPosition
        self.highlightShape = highlightShape
        self.completionTrigger = completionTrigger
        self.canSkip = canSkip
        self.canGoBack = canGoBack
        self.stepNumber = stepNumber
        self.stepCount = stepCount
    }

    /// What the accessibility escape gesture (VoiceOver's two-finger scrub, or the Escape key)
    /// does: ``HintSignal/skip`` when the hint can be skipped, otherwise ``HintSignal/close``.
    package var escapeSignal: HintSignal { canSkip ? .skip : .close }

    /// "2 of 5", in the app's current locale.
    public var progressText: String { progressText(labels: .standard) }

    /// "2 of 5" in the language of `labels`, numbers formatted for its locale: "2 von 5".
    package func progressText(labels: OverlayLabels) -> String { labels.progress(stepNumber, of: stepCount) }
}
