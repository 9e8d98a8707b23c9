import Foundation

/// What a tooltip shows: the step's text, how to complete it, "2 of 5" and its buttons.
public struct TooltipContent: Sendable, Hashable {
    /// The step's tooltip text.
    public var text: String
    /// How to complete the step when it has no "Next" button ("Tap the highlighted element"), or `nil`.
    public var instruction: String?
    /// The step's position, "2 of 5", or `nil`.
    public var progress: String?
    /// The footer's buttons, left to right.
    public var buttons: [TooltipButton]

    /// Creates content.
    public init(text: String, instruction: String? = nil, progress: String? = nil, buttons: [TooltipButton] = []) {
        self.text = text
        self.instruction = instruction
        self.progress = progress
        self.buttons = buttons
    }

    /// The content for a step at `number` (from 1) of `count`.
    ///
    /// "Skip" when `canSkip`; "Back" when `canGoBack`; "Next" (or "Done" on the last step) only for
    /// the ``CompletionTrigger/button`` trigger, and otherwise an instruction naming the trigger.
    public init(
        text: String, trigger: CompletionTrigger, canSkip: Bool, canGoBack: Bool, number: Int, count: Int
    ) {
        var buttons: [TooltipButton] = []
        if canSkip { buttons.append(.skip) }
        if canGoBack { buttons.append(.back) }
        if trigger == .button { buttons.append(number >= count ? .done : .next) }
        self.init(
            text: text, instruction: Self.instruction(for: trigger),
            progress: count > 1 ? "\(number) of \(count)" : nil, buttons: buttons)
    }

    /// The content of the hint the coordinator presents.
    public init(_ presentation: HintPresentation) {
        self.init(
            text: presentation.tooltipText, trigger: presentation.completionTrigger,
            canSkip: presentation.canSkip, canGoBack: presentation.canGoBack,
            number: presentation.stepNumber, count: presentation.stepCount)
    }

    /// The content of `step` shown at `index` (from 0) of a walkthrough of `count` steps; "Back"
    /// shows on every step but the first.
    public init<Context>(_ step: WalkthroughStep<Context>, index: Int, of count: Int) {
        self.init(
            text: step.tooltipText, trigger: step.completionTrigger, canSkip: step.canSkip,
            canGoBack: index > 0, number: index + 1, count: count)
    }

    /// What to tell the user to do for `trigger`; `nil` for ``CompletionTrigger/button`` ("Next" says it).
    ///
    /// "Tap the highlighted element", "Swipe left", "Continues in 4 s", "Waiting for “exported”".
    public static func instruction(for trigger: CompletionTrigger) -> String? {
        switch trigger {
        case .button: nil
        case .tap: "Tap the highlighted element"
        case .swipe(let direction): "Swipe \(direction.rawValue)"
        case .timer(let seconds): "Continues in \(NumberText.format(max(0, seconds))) s"
        case .event(let name): "Waiting for “\(name)”"
        }
    }

    /// What VoiceOver reads when the tooltip appears: the text, the instruction and the progress.
    public var accessibilityLabel: String {
        var parts = [text.trimmingCharacters(in: .whitespacesAndNewlines)]
        if let instruction { parts.append(instruction) }
        if let progress { parts.append("Step \(progress)") }
        return parts.filter { !$0.isEmpty }.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    }
}
