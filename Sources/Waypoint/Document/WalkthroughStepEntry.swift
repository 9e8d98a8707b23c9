/// A hint of a ``WalkthroughEntry``, with the defaults of the format applied.
///
/// ```json
/// { "id": "intro", "targetElementId": "editor.layersButton",
///   "highlightShape": { "type": "circle" }, "tooltipText": "Your layers live here",
///   "tooltipPosition": "below", "completionTrigger": { "type": "tap", "elementId": "editor.layersButton" },
///   "canSkip": true }
/// ```
public struct WalkthroughStepEntry: Sendable, Hashable, Encodable {
    /// The step's id, unique in its walkthrough.
    public var id: String
    /// The id of the element the hint points at.
    public var targetElementId: String
    /// The cutout around the target (default: a rectangle with square corners and 8 points of padding).
    public var highlightShape: HighlightShape
    /// The tooltip's text: a string, or a localized text shown in the user's locale.
    public var tooltipText: LocalizedText
    /// Where the tooltip sits (default `auto`).
    public var tooltipPosition: TooltipPosition
    /// What completes the step (default: the tooltip's own button).
    public var completionTrigger: CompletionTrigger
    /// Whether the tooltip offers "Skip" (default `true`).
    public var canSkip: Bool
    /// The condition under which the step is shown; otherwise it is passed over.
    public var when: Condition?
    /// Seconds to wait for the target before the step is skipped as `Target Not Found`; `nil` waits for ever.
    public var targetTimeout: Double?

    /// Creates a step entry.
    package init(
        id: String, targetElementId: String, highlightShape: HighlightShape = .rectangle(), tooltipText: LocalizedText,
        tooltipPosition: TooltipPosition = .auto, completionTrigger: CompletionTrigger = .button, canSkip: Bool = true,
        when: Condition? = nil, targetTimeout: Double? = nil
    ) {
        self.id = id
        self.targetElementId = targetElementId
        self.highlightShape = highlightShape
        self.tooltipText = tooltipText
        self.tooltipPosition = tooltipPosition
        self.completionTrigger = completionTrigger
        self.canSkip = canSkip
        self.when = when
        self.targetTimeout = targetTimeout
    }

    private enum CodingKeys: String, CodingKey {
        case id, targetElementId, highlightShape, tooltipText, tooltipPosition, completionTrigger, canSkip, when, targetTimeout
    }

    /// Encodes the document form, defaults included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(targetElementId, forKey: .targetElementId)
        try container.encode(highlightShape, forKey: .highlightShape)
        try container.encode(tooltipText, forKey: .tooltipText)
        try container.encode(tooltipPosition, forKey: .tooltipPosition)
        try container.encode(completionTrigger, forKey: .completionTrigger)
        try container.encode(canSkip, forKey: .canSkip)
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(targetTimeout, forKey: .targetTimeout)
    }
}
