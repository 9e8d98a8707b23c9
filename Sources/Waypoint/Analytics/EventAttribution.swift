/// Who onboarding events are about and where they come from: the user, the experiment variation
/// they are in, if any, and the app's version.
///
/// Set it once, when the analytics adapter is created, and every event of flows and walkthroughs
/// carries it:
///
/// ```swift
/// let attribution = EventAttribution(userID: user.id, appVersion: "2.4.1")
/// let analytics = FlowAnalytics(navigator, attribution: attribution, sink: queue)
/// ```
public struct EventAttribution: Sendable, Hashable, Codable {
    /// The user's id, written as `userId`.
    public var userID: String
    /// The experiment the flow or walkthrough belongs to, when the user is in one.
    public var experiment: String?
    /// The user's variation of ``experiment``.
    public var variation: String?
    /// The app's version, such as `2.4.1` (typically `CFBundleShortVersionString`), written as
    /// `appVersion` on every event; `nil` to leave it out. Reports split drop-off by it.
    public var appVersion: String?

    /// Creates an attribution; leave `experiment` and `variation` `nil` outside experiments, and
    /// `appVersion` `nil` to send events without the app's version.
    public init(userID: String, experiment: String? = nil, variation: String? = nil, appVersion: String? = nil) {
        self.userID = userID
        self.experiment = experiment
        self.variation = variation
        self.appVersion = appVersion
    }
}
