/// Who onboarding events are about: the user, and the experiment variation they are in, if any.
public struct EventAttribution: Sendable, Hashable, Codable {
    /// The user's id, written as `userId`.
    public var userID: String
    /// The experiment the flow or walkthrough belongs to, when the user is in one.
    public var experiment: String?
    /// The user's variation of ``experiment``.
    public var variation: String?

    /// Creates an attribution; leave `experiment` and `variation` `nil` outside experiments.
    public init(userID: String, experiment: String? = nil, variation: String? = nil) {
        self.userID = userID
        self.experiment = experiment
        self.variation = variation
    }
}
