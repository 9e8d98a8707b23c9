import Foundation

/// One hint of a ``Walkthrough``: what it points at, what it says and what completes it.
///
/// ```swift
/// WalkthroughStep(
///     id: "intro", targetElementId: "editor.layersButton",
///     highlightShape: .circle(), tooltipText: "Your layers live here", tooltipPosition: .below,
///     completionTrigger: .tap(elementId: "editor.layersButton"), canSkip: true
/// )
/// ```
public struct WalkthroughStep<Context>: Sendable, Identifiable {
    /// The step's id, unique within its walkthrough and stable across releases (progress refers to it).
    public var id: String
    /// The id of the on-screen element (the anchor) the hint points at.
    public var targetElementId: String
    /// The cutout drawn around the target.
    public var highlightShape: HighlightShape
    /// The tooltip's text.
    public var tooltipText: String
    /// Where the tooltip sits relative to the target.
    public var tooltipPosition: TooltipPosition
    /// What completes the step.
    public var completionTrigger: CompletionTrigger
    /// Whether the tooltip offers a "Skip" that moves past this step without completing it.
    public var canSkip: Bool
    /// When set, the step is shown only if this is true for the context when the walkthrough reaches it;
    /// otherwise it is passed over and reported as skipped.
    public var condition: (@Sendable (Context) -> Bool)?
    /// How long to wait for the target to appear before the step is skipped and reported as
    /// `Target Not Found`; `nil` waits for ever (a step on another screen waits for that screen).
    public var targetTimeout: Duration?

    /// Creates a step; only the id, the target and the text are required.
    public init(
        id: String,
        targetElementId: String,
        highlightShape: HighlightShape = .rectangle(),
        tooltipText: String,
        tooltipPosition: TooltipPosition = .auto,
        completionTrigger: CompletionTrigger = .button,
        canSkip: Bool = true,
        condition: (@Sendable (Context) -> Bool)? = nil,
        targetTimeout: Duration? = nil
    ) {
        self.id = id
        self.targetElementId = targetElementId
        self.highlightShape = highlightShape
        self.tooltipText = tooltipText
        self.tooltipPosition = tooltipPosition
        self.completionTrigger = completionTrigger
        self.canSkip = canSkip
        self.condition = condition
        self.targetTimeout = targetTimeout
    }
}
