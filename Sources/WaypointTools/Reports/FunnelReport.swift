import Waypoint

/// The result of a sequential funnel, in the JSON shape of `waypoint funnel --steps … --format json` (docs/ARCHITECTURE.md, "Reports").
///
/// ```json
/// {"kind":"funnel","flowId":"signup","window":"14d","steps":[{"stepId":"splash","users":1000,"conversionFromStart":1,
///  "conversionFromPrevious":1,"medianMsFromPrevious":null}, …],"byVariation":{"control":{"steps":[…]}},
///  "invalidLines":0,"events":52000}
/// ```
///
/// With a scope (``FunnelQuery/scope``), `"scope"` echoes it.
public struct FunnelReport: Codable, Sendable, Hashable {
    /// One step's figures.
    public struct Step: Codable, Sendable, Hashable {
        /// The step id.
        public var stepID: String
        /// Users whose furthest attempt reached this step.
        public var users: Int
        /// `users` over the users of the first step (0 when that is 0).
        public var conversionFromStart: Double
        /// `users` over the users of the previous step (0 when that is 0).
        public var conversionFromPrevious: Double
        /// The median milliseconds from the previous step to this one, over the users who reached
        /// it (in their furthest attempt, the earliest if tied); `nil` for the first step or when
        /// no user reached it.
        public var medianMsFromPrevious: Double?

        /// Creates a step's figures.
        public init(stepID: String, users: Int, conversionFromStart: Double, conversionFromPrevious: Double,
                    medianMsFromPrevious: Double?) {
            self.stepID = stepID
            self.users = users
            self.conversionFromStart = conversionFromStart
            self.conversionFromPrevious = conversionFromPrevious
            self.medianMsFromPrevious = medianMsFromPrevious
        }

        enum CodingKeys: String, CodingKey {
            case stepID = "stepId", users, conversionFromStart, conversionFromPrevious, medianMsFromPrevious
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            stepID = try container.decode(String.self, forKey: .stepID)
            users = try container.decode(Int.self, forKey: .users)
            conversionFromStart = try container.decode(Double.self, forKey: .conversionFromStart)
            conversionFromPrevious = try container.decode(Double.self, forKey: .conversionFromPrevious)
            medianMsFromPrevious = try container.decodeIfPresent(Double.self, forKey: .medianMsFromPrevious)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(stepID, forKey: .stepID)
            try container.encode(users, forKey: .users)
            try container.encode(conversionFromStart, forKey: .conversionFromStart)
            try container.encode(conversionFromPrevious, forKey: .conversionFromPrevious)
            // Written as `null` rather than omitted: readers rely on the key being there.
            try container.encode(medianMsFromPrevious, forKey: .medianMsFromPrevious)
        }
    }

    /// The figures of one variation.
    public struct Breakdown: Codable, Sendable, Hashable {
        /// The steps' figures, for the users of this variation only.
        public var steps: [Step]

        /// Creates a breakdown.
        public init(steps: [Step]) { self.steps = steps }
    }

    /// The name under which users without a `variation` field are grouped.
    public static let noVariation = "(none)"

    /// The flow.
    public var flowID: String
    /// The window as written, e.g. `14d`.
    public var window: String
    /// Every step's figures, in funnel order.
    public var steps: [Step]
    /// The figures per variation, when asked for; users without a variation are under `"(none)"`.
    public var byVariation: [String: Breakdown]?
    /// With the document's variations, how many others were reported under `(other)`
    /// (``ReportBounds``); `nil` when none were.
    public var folded: FoldedValues?
    /// The scope the report was computed for (``ReportScope``), echoed as `"scope"`; `nil` when no
    /// part of it was given.
    public var scope: ReportScope?
    /// Lines that were not valid events (ignored, and counted so that bad input is visible).
    public var invalidLines: Int
    /// Valid event lines read (of any flow and name).
    public var events: Int

    /// Creates a report.
    public init(flowID: String, window: String, steps: [Step], byVariation: [String: Breakdown]? = nil,
                folded: FoldedValues? = nil, scope: ReportScope? = nil, invalidLines: Int = 0, events: Int = 0) {
        self.flowID = flowID
        self.window = window
        self.steps = steps
        self.byVariation = byVariation
        self.folded = folded
        self.scope = scope
        self.invalidLines = invalidLines
        self.events = events
    }

    enum CodingKeys: String, CodingKey {
        case kind, flowID = "flowId", window, steps, byVariation, folded, scope, invalidLines, events
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flowID = try container.decode(String.self, forKey: .flowID)
        window = try container.decode(String.self, forKey: .window)
        steps = try container.decode([Step].self, forKey: .steps)
        byVariation = try container.decodeIfPresent([String: Breakdown].self, forKey: .byVariation)
        folded = try container.decodeIfPresent(FoldedValues.self, forKey: .folded)
        scope = try container.decodeIfPresent(ReportScope.self, forKey: .scope)
        invalidLines = try container.decodeIfPresent(Int.self, forKey: .invalidLines) ?? 0
        events = try container.decodeIfPresent(Int.self, forKey: .events) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("funnel", forKey: .kind)
        try container.encode(flowID, forKey: .flowID)
        try container.encode(window, forKey: .window)
        try container.encode(steps, forKey: .steps)
        if let byVariation {
            // Variations in name order, so the output is stable.
            var nested = container.nestedContainer(keyedBy: VariationKey.self, forKey: .byVariation)
            for name in byVariation.keys.sorted() {
                if let breakdown = byVariation[name] { try nested.encode(breakdown, forKey: VariationKey(stringValue: name)) }
            }
        }
        try container.encodeIfPresent(folded, forKey: .folded)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(events, forKey: .events)
    }
}
