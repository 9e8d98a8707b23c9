/// Who onboarding events are about and where they come from: the user, the experiment variation
/// they are in, if any, the app's version, the document's server revision, the locale the text was
/// shown in and the platform.
///
/// Set it once, when the analytics adapter is created, and every event of flows and walkthroughs
/// carries it (the experiment and variation from the run's exposure on, see ``FlowAnalytics``):
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
    /// The server revision of the document the flow or walkthrough runs from (the `Waypoint-Revision`
    /// ``RemoteDocument`` kept with it), written as `revision` on every event; `nil` to leave it out.
    ///
    /// Leave it `nil` for a flow or walkthrough resolved from ``RemoteDocument/current``: the
    /// analytics adapters take the revision the resolved ``FlowDefinition/revision`` or
    /// `Walkthrough.revision` carries.
    public var revision: Int?
    /// The BCP 47 locale the text of the flow or walkthrough is shown in, written as `locale` on
    /// every event; `nil` to leave it out. Reports split drop-off by it.
    ///
    /// Leave it `nil` for a flow or walkthrough resolved from a document with localized text: the
    /// analytics adapters take the locale ``TextLocalization`` chose for the resolved
    /// ``FlowDefinition/locale`` or `Walkthrough.locale`.
    public var locale: String?
    /// The platform the app runs on, written as `platform` on every event: by default
    /// ``currentPlatform`` (`iOS`, `iPadOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`); `nil` to
    /// leave it out. Reports split drop-off by it.
    public var platform: String?

    /// Creates an attribution; leave `experiment` and `variation` `nil` outside experiments,
    /// `appVersion` `nil` to send events without the app's version, `revision` and `locale` `nil`
    /// to take those of the resolved document (none for a bundled document without localized
    /// text), and `platform` as it is to name the platform the app runs on.
    public init(
        userID: String, experiment: String? = nil, variation: String? = nil, appVersion: String? = nil, revision: Int? = nil,
        locale: String? = nil, platform: String? = EventAttribution.currentPlatform
    ) {
        self.userID = userID
        self.experiment = experiment
        self.variation = variation
        self.appVersion = appVersion
        self.revision = revision
        self.locale = locale
        self.platform = platform
    }
}
