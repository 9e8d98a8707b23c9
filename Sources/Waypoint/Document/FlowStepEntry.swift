/// A step of a ``FlowEntry``: a screen (`{"id": "login", "screen": "Login", "on": {"next": "$complete"}}`)
/// or a subflow (`{"id": "shared-end", "subflow": "end-flow"}`), optionally shown only `when` a condition holds.
public struct FlowStepEntry: Sendable, Hashable, Encodable {
    /// The step's id, unique in its flow.
    public var id: String
    /// The screen that presents the step; `nil` means the id (and a subflow step has none).
    public var screen: String?
    /// Where each outcome leads, in document order; `nil` (or empty) means that `next` leads to the
    /// following step in document order, and from the last step completes the flow.
    public var on: [FlowOutcome]?
    /// The condition under which the step is entered; when false, the step is skipped.
    public var when: Condition?
    /// The id of the flow this step runs, for a subflow step.
    public var subflow: String?

    /// Creates a step entry.
    public init(id: String, screen: String? = nil, on: [FlowOutcome]? = nil, when: Condition? = nil, subflow: String? = nil) {
        self.id = id
        self.screen = screen
        self.on = on
        self.when = when
        self.subflow = subflow
    }

    private enum CodingKeys: String, CodingKey { case id, screen, on, when, subflow }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(screen, forKey: .screen)
        if let on {
            var outcomes = container.nestedContainer(keyedBy: OutcomeKey.self, forKey: .on)
            for outcome in on {
                try outcomes.encode(outcome.target.description, forKey: OutcomeKey(stringValue: outcome.name))
            }
        }
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(subflow, forKey: .subflow)
    }

    /// The declared outcomes, or `nil` when the step follows document order (no `on`, or an empty one).
    public var declaredOutcomes: [FlowOutcome]? {
        guard let on, !on.isEmpty else { return nil }
        return on
    }

    private struct OutcomeKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

/// An outcome of a flow step and where it leads: `"newUser": "personalization"` or `"next": "$complete"`.
public struct FlowOutcome: Sendable, Hashable {
    /// The outcome's name, as the screen reports it.
    public var name: String
    /// Where it leads.
    public var target: Destination

    /// Creates an outcome.
    public init(name: String, target: Destination) {
        self.name = name
        self.target = target
    }
}
