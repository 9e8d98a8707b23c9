/// One change an experiment variation makes to one step: `{"flow": "onboarding", "step": "paywall",
/// "set": {"screen": "PaywallAnnual"}}` or `{"walkthrough": "home-tour", "step": "streaks", "set":
/// {"tooltipPosition": "above"}}`.
///
/// `set` replaces whole fields of the step, except `content`, which is merged key by key (``ContentPatch``:
/// the keys given replace the step's, `null` removes one, the others stay); fields it does not name stay
/// as written. A subflow's step
/// is changed under the subflow's own flow id. ``WaypointDocument/applying(variation:of:)`` applies the
/// changes of a variation.
public enum ExperimentChange: Sendable, Hashable, Encodable {
    /// A change to step `step` of every entry of flow `flow`.
    case flowStep(flow: String, step: String, set: FlowStepChange)
    /// A change to step `step` of every entry of walkthrough `walkthrough`.
    case walkthroughStep(walkthrough: String, step: String, set: WalkthroughStepChange)

    /// The id of the step changed.
    public var step: String {
        switch self {
        case .flowStep(_, let step, _), .walkthroughStep(_, let step, _): step
        }
    }

    /// The flow changed, for a flow step change.
    public var flow: String? {
        if case .flowStep(let flow, _, _) = self { return flow }
        return nil
    }

    /// The walkthrough changed, for a walkthrough step change.
    public var walkthrough: String? {
        if case .walkthroughStep(let walkthrough, _, _) = self { return walkthrough }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case flow, walkthrough, step, set }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .flowStep(let flow, let step, let set):
            try container.encode(flow, forKey: .flow)
            try container.encode(step, forKey: .step)
            try container.encode(set, forKey: .set)
        case .walkthroughStep(let walkthrough, let step, let set):
            try container.encode(walkthrough, forKey: .walkthrough)
            try container.encode(step, forKey: .step)
            try container.encode(set, forKey: .set)
        }
    }
}

/// The fields an ``ExperimentChange`` sets on a flow step; `nil` leaves a field as written.
public struct FlowStepChange: Sendable, Hashable, Encodable {
    /// The screen that presents the step.
    public var screen: String?
    /// The keys of the step's `content` set and removed, merged into the step's own.
    public var content: ContentPatch?
    /// The step's condition.
    public var when: Condition?
    /// The step's outcomes.
    public var on: [FlowOutcome]?
    /// `true`: the step is skipped in this variation, as if its `when` were false.
    public var skip: Bool?

    /// Creates a change.
    public init(
        screen: String? = nil, content: ContentPatch? = nil, when: Condition? = nil, on: [FlowOutcome]? = nil,
        skip: Bool? = nil
    ) {
        self.screen = screen
        self.content = content
        self.when = when
        self.on = on
        self.skip = skip
    }

    /// The names of the fields set, in the format's order.
    package var fieldNames: [String] {
        [("screen", screen != nil), ("content", content != nil), ("when", when != nil), ("on", on != nil), ("skip", skip != nil)]
            .filter(\.1).map(\.0)
    }

    private enum CodingKeys: String, CodingKey { case screen, content, when, on, skip }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(screen, forKey: .screen)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeIfPresent(when, forKey: .when)
        if let on {
            // The same form as a step's `on`.
            try container.encode(FlowStepEntry(id: "-", on: on).outcomesObject, forKey: .on)
        }
        try container.encodeIfPresent(skip, forKey: .skip)
    }
}

/// The fields an ``ExperimentChange`` sets on a walkthrough step; `nil` leaves a field as written.
public struct WalkthroughStepChange: Sendable, Hashable, Encodable {
    /// The tooltip's text.
    public var tooltipText: LocalizedText?
    /// Where the tooltip sits.
    public var tooltipPosition: TooltipPosition?
    /// The cutout around the target.
    public var highlightShape: HighlightShape?
    /// What completes the step.
    public var completionTrigger: CompletionTrigger?
    /// Whether the tooltip offers "Skip".
    public var canSkip: Bool?
    /// The step's condition.
    public var when: Condition?
    /// The element the hint points at.
    public var targetElementId: String?

    /// Creates a change.
    public init(
        tooltipText: LocalizedText? = nil, tooltipPosition: TooltipPosition? = nil, highlightShape: HighlightShape? = nil,
        completionTrigger: CompletionTrigger? = nil, canSkip: Bool? = nil, when: Condition? = nil, targetElementId: String? = nil
    ) {
        self.tooltipText = tooltipText
        self.tooltipPosition = tooltipPosition
        self.highlightShape = highlightShape
        self.completionTrigger = completionTrigger
        self.canSkip = canSkip
        self.when = when
        self.targetElementId = targetElementId
    }

    /// The names of the fields set, in the format's order.
    package var fieldNames: [String] {
        [
            ("tooltipText", tooltipText != nil), ("tooltipPosition", tooltipPosition != nil),
            ("highlightShape", highlightShape != nil), ("completionTrigger", completionTrigger != nil),
            ("canSkip", canSkip != nil), ("when", when != nil), ("targetElementId", targetElementId != nil),
        ].filter(\.1).map(\.0)
    }

    private enum CodingKeys: String, CodingKey {
        case tooltipText, tooltipPosition, highlightShape, completionTrigger, canSkip, when, targetElementId
    }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(tooltipText, forKey: .tooltipText)
        try container.encodeIfPresent(tooltipPosition, forKey: .tooltipPosition)
        try container.encodeIfPresent(highlightShape, forKey: .highlightShape)
        try container.encodeIfPresent(completionTrigger, forKey: .completionTrigger)
        try container.encodeIfPresent(canSkip, forKey: .canSkip)
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(targetElementId, forKey: .targetElementId)
    }
}
