import Foundation

/// What a tooltip shows: the step's text, how to complete it, "2 of 5" and its buttons, in the
/// language of its ``OverlayLabels``.
package struct TooltipContent: Sendable, Hashable {
    /// The step's tooltip text.
    package var text: String
    /// How to complete the step when it has no "Next" button ("Tap the highlighted element"), or `nil`.
    package var instruction: String?
    /// The step's position, "2 of 5", or `nil`.
    package var progress: String?
    /// The footer's buttons, left to right.
    package var buttons: [TooltipButton]
    /// What VoiceOver reads for ``progress``, "Step 2 of 5", or `nil`.
    package var progressAccessibilityLabel: String?
    /// What VoiceOver reads for the target when the app gives it no label: "Highlighted element".
    package var targetAccessibilityLabel: String

    /// Creates content; `labels` gives the accessibility labels of the counter and the target.
    package init(
        text: String, instruction: String? = nil, progress: String? = nil, buttons: [TooltipButton] = [],
        labels: OverlayLabels = .standard
    ) {
        self.text = text
        self.instruction = instruction
        self.progress = progress
        self.buttons = buttons
        self.progressAccessibilityLabel = progress.map(labels.stepProgress)
        self.targetAccessibilityLabel = labels.text(.highlightedElement)
    }

    /// The content for a step at `number` (from 1) of `count`, its built-in texts from `labels`.
    ///
    /// "Skip" when `canSkip`; "Back" when `canGoBack`; "Next" (or "Done" on the last step) only for
    /// the ``CompletionTrigger/button`` trigger, and otherwise an instruction naming the trigger.
    package init(
        text: String, trigger: CompletionTrigger, canSkip: Bool, canGoBack: Bool, number: Int, count: Int,
        labels: OverlayLabels = .standard
    ) {
        var buttons: [TooltipButton] = []
        if canSkip { buttons.append(labels.button(.skip)) }
        if canGoBack { buttons.append(labels.button(.back)) }
        if trigger == .button { buttons.append(labels.button(.next, isLast: number >= count)) }
        self.init(
            text: text, instruction: labels.instruction(for: trigger),
            progress: count > 1 ? labels.progress(number, of: count) : nil, buttons: buttons, labels: labels)
    }

    /// The content of the hint the coordinator presents, its built-in texts from `labels`.
    package init(_ presentation: HintPresentation, labels: OverlayLabels = .standard) {
        self.init(
            text: presentation.tooltipText, trigger: presentation.completionTrigger,
            canSkip: presentation.canSkip, canGoBack: presentation.canGoBack,
            number: presentation.stepNumber, count: presentation.stepCount, labels: labels)
    }

    /// The content of `step` shown at `index` (from 0) of a walkthrough of `count` steps, its
    /// built-in texts from `labels`; "Back" shows on every step but the first.
    package init<Context>(_ step: WalkthroughStep<Context>, index: Int, of count: Int, labels: OverlayLabels = .standard) {
        self.init(
            text: step.tooltipText, trigger: step.completionTrigger, canSkip: step.canSkip,
            canGoBack: index > 0, number: index + 1, count: count, labels: labels)
    }

    /// What to tell the user to do for `trigger`, in the app's current locale; `nil` for
    /// ``CompletionTrigger/button`` ("Next" says it). See ``OverlayLabels/instruction(for:)``.
    ///
    /// "Tap the highlighted element", "Swipe left", "Continues in 4 s", "Waiting for “exported”".
    package static func instruction(for trigger: CompletionTrigger) -> String? {
        OverlayLabels.standard.instruction(for: trigger)
    }

    /// What VoiceOver reads when the tooltip appears: the text, the instruction and the progress.
    package var accessibilityLabel: String {
        var parts = [text.trimmingCharacters(in: .whitespacesAndNewlines)]
        if let instruction { parts.append(instruction) }
        if let progressAccessibilityLabel { parts.append(progressAccessibilityLabel) }
        return parts.filter { !$0.isEmpty }.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    }
}
