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
    /// What the step's screen shows (texts, numbers, booleans, arrays and objects of those); `nil` when
    /// the step has none. ``StepContent`` is the same for one user, in their locale.
    public var content: [String: ContentValue]?
    /// Whether an experiment variation skips the step, as if its `when` were false.
    ///
    /// Only ``ExperimentChange``s set it (`"set": {"skip": true}`); a document's steps do not have the
    /// key, and it is not encoded.
    public var skip: Bool

    /// Creates a step entry.
    package init(
        id: String, screen: String? = nil, on: [FlowOutcome]? = nil, when: Condition? = nil, subflow: String? = nil,
        content: [String: ContentValue]? = nil, skip: Bool = false
    ) {
        self.id = id
        self.screen = screen
        self.on = on
        self.when = when
        self.subflow = subflow
        self.content = content
        self.skip = skip
    }

    private enum CodingKeys: String, CodingKey { case id, screen, on, when, subflow, content }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(screen, forKey: .screen)
        if on != nil { try container.encode(outcomesObject, forKey: .on) }
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(subflow, forKey: .subflow)
        try container.encodeIfPresent(content, forKey: .content)
    }

    /// `on` in the document form, outcomes in their order.
    var outcomesObject: OutcomesObject { OutcomesObject(outcomes: on ?? []) }

    /// Encodes outcomes as `{"name": "target"}` in their order.
    struct OutcomesObject: Encodable {
        let outcomes: [FlowOutcome]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OutcomeKey.self)
            for outcome in outcomes {
                try container.encode(outcome.target.description, forKey: OutcomeKey(stringValue: outcome.name))
            }
        }
    }

    /// The declared outcomes, or `nil` when the step follows document order (no `on`, or an empty one).
    package var declaredOutcomes: [FlowOutcome]? {
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
    package init(name: String, target: Destination) {
        self.name = name
        self.target = target
    }
}
