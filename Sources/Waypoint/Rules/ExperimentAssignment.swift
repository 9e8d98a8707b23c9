/// The experiment a flow or walkthrough was chosen by, and the user's variation of it.
///
/// ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)`` sets it on the ``FlowDefinition``s and
/// ``Walkthrough``s it builds for a user who takes part in an experiment, and the analytics
/// adapters attach it to every event, so `--by variation` reports see the variation without the
/// app copying anything.
public struct ExperimentAssignment: Sendable, Hashable, Codable {
    /// The experiment's key, written as `experiment` in events.
    public var experiment: String
    /// The user's variation, written as `variation` in events.
    public var variation: String

    /// Creates an assignment to `variation` of `experiment`.
    public init(experiment: String, variation: String) {
        self.experiment = experiment
        self.variation = variation
    }
}
