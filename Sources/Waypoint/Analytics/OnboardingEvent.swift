import Foundation

/// One onboarding analytics event: a flow or walkthrough step started, completed, skipped…
///
/// The JSON form is fixed (docs/ARCHITECTURE.md, "Events") and a file of events is JSON Lines:
///
/// ```json
/// { "messageId": "uuid", "userId": "u-123", "event": "Step Viewed",
///   "timestamp": "2026-11-21T10:00:00.000Z",
///   "flowId": "signup", "flowVersion": 1, "stepId": "registration", "stepIndex": 2,
///   "experiment": "short-signup", "variation": "short",
///   "outcome": "newUser", "durationMs": 5300 }
/// ```
///
/// An event may also carry the app's version (`"appVersion": "2.4.1"`, set once by the app through
/// ``EventAttribution/appVersion``), so that reports can split drop-off by release, and the server
/// revision of the document the flow or walkthrough ran from (`"revision": 7`, filled in by
/// ``EventAttribution/revision``), so that reports can separate the runs of two revisions, and the
/// locale the run's text was shown in and the platform it ran on (`"locale": "de"`,
/// `"platform": "iOS"`, filled in by ``EventAttribution/locale`` and ``EventAttribution/platform``),
/// so that reports can split by them.
///
/// Fields that do not apply are `nil` and omitted from the JSON. `messageId` is unique per event,
/// so a receiver drops duplicates (a durable queue may deliver an event twice, always with the
/// same `messageId`). Timestamps are kept to the millisecond, so an event survives a round trip
/// through JSON unchanged.
public struct OnboardingEvent: Hashable, Sendable, Codable {
    /// Unique per event; a duplicate delivery carries the same id.
    public var messageID: String
    /// The user the event is about.
    public var userID: String
    /// What happened.
    public var event: EventName
    /// When it happened, to the millisecond.
    public var timestamp: Date {
        didSet { timestamp = MillisecondTimestamp.rounded(timestamp) }
    }
    /// The flow (or state machine) id, for flow events.
    public var flowID: String?
    /// The flow's version, for flow events.
    public var flowVersion: Int?
    /// The step id; a step inside a subflow is written `subflowStep/innerStep`.
    public var stepID: String?
    /// The step's position in the visited path (0 for the first step shown).
    public var stepIndex: Int?
    /// The walkthrough id, for walkthrough events.
    public var walkthroughID: String?
    /// The walkthrough's version, for walkthrough events.
    public var walkthroughVersion: Int?
    /// What completed a hint: `tap`, `swipe`, `timer`, `event`, `button`.
    public var trigger: String?
    /// The experiment the user is in, when the flow or walkthrough is part of one.
    public var experiment: String?
    /// The user's variation of ``experiment``.
    public var variation: String?
    /// How a step was left: the outcome name, or a `$`-prefixed marker (`$jump`, `$push`, `$complete`).
    public var outcome: String?
    /// For completions: milliseconds from entering the step (or starting the flow) to leaving it.
    public var durationMs: Int64?
    /// The version of the app that sent the event, such as `2.4.1`; `nil` (and omitted from the
    /// JSON) when the app does not say. Reports split by it (`byAppVersion`).
    public var appVersion: String?
    /// The server revision of the document the flow or walkthrough ran from (the `Waypoint-Revision`
    /// it was served with); `nil` (and omitted from the JSON) for a bundled document or a flow
    /// declared in code. Reports split by it (`byRevision`).
    public var revision: Int?
    /// The BCP 47 locale the run's text was shown in (``TextLocalization``'s choice among the
    /// document's locales, such as `de` or `pt-BR`); `nil` (and omitted from the JSON) when the
    /// document has no localized text and the app does not say. Reports split by it (`byLocale`).
    public var locale: String?
    /// The platform the app ran on: `iOS`, `iPadOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`
    /// (``EventAttribution/currentPlatform``), or what another client sends; `nil` (and omitted
    /// from the JSON) when not known. Reports split by it (`byPlatform`).
    public var platform: String?

    /// Creates an event; `timestamp` is rounded to the millisecond.
    public init(
        messageID: String = UUID().uuidString.lowercased(), userID: String, event: EventName, timestamp: Date,
        flowID: String? = nil, flowVersion: Int? = nil, stepID: String? = nil, stepIndex: Int? = nil,
        walkthroughID: String? = nil, walkthroughVersion: Int? = nil, trigger: String? = nil,
        experiment: String? = nil, variation: String? = nil, outcome: String? = nil, durationMs: Int64? = nil,
        appVersion: String? = nil, revision: Int? = nil, locale: String? = nil, platform: String? = nil
    ) {
        self.messageID = messageID
        self.userID = userID
        self.event = event
        self.timestamp = MillisecondTimestamp.rounded(timestamp)
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.stepID = stepID
        self.stepIndex = stepIndex
        self.walkthroughID = walkthroughID
        self.walkthroughVersion = walkthroughVersion
        self.trigger = trigger
        self.experiment = experiment
        self.variation = variation
        self.outcome = outcome
        self.durationMs = durationMs
        self.appVersion = appVersion
        self.revision = revision
        self.locale = locale
        self.platform = platform
    }

    enum CodingKeys: String, CodingKey {
        case messageID = "messageId", userID = "userId", event, timestamp
        case flowID = "flowId", flowVersion, stepID = "stepId", stepIndex
        case walkthroughID = "walkthroughId", walkthroughVersion, trigger
        case experiment, variation, outcome, durationMs, appVersion, revision, locale, platform
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        messageID = try container.decode(String.self, forKey: .messageID)
        userID = try container.decode(String.self, forKey: .userID)
        event = try container.decode(EventName.self, forKey: .event)
        let text = try container.decode(String.self, forKey: .timestamp)
        guard let milliseconds = MillisecondTimestamp.parseISO8601(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timestamp, in: container,
                debugDescription: "\"\(text)\" is not an ISO 8601 date such as 2026-11-21T10:00:00.000Z.")
        }
        timestamp = MillisecondTimestamp.date(milliseconds: milliseconds)
        flowID = try container.decodeIfPresent(String.self, forKey: .flowID)
        flowVersion = try container.decodeIfPresent(Int.self, forKey: .flowVersion)
        stepID = try container.decodeIfPresent(String.self, forKey: .stepID)
        stepIndex = try container.decodeIfPresent(Int.self, forKey: .stepIndex)
        walkthroughID = try container.decodeIfPresent(String.self, forKey: .walkthroughID)
        walkthroughVersion = try container.decodeIfPresent(Int.self, forKey: .walkthroughVersion)
        trigger = try container.decodeIfPresent(String.self, forKey: .trigger)
        experiment = try container.decodeIfPresent(String.self, forKey: .experiment)
        variation = try container.decodeIfPresent(String.self, forKey: .variation)
        outcome = try container.decodeIfPresent(String.self, forKey: .outcome)
        durationMs = try container.decodeIfPresent(Int64.self, forKey: .durationMs)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        revision = try container.decodeIfPresent(Int.self, forKey: .revision)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(messageID, forKey: .messageID)
        try container.encode(userID, forKey: .userID)
        try container.encode(event, forKey: .event)
        try container.encode(timestampText, forKey: .timestamp)
        try container.encodeIfPresent(flowID, forKey: .flowID)
        try container.encodeIfPresent(flowVersion, forKey: .flowVersion)
        try container.encodeIfPresent(stepID, forKey: .stepID)
        try container.encodeIfPresent(stepIndex, forKey: .stepIndex)
        try container.encodeIfPresent(walkthroughID, forKey: .walkthroughID)
        try container.encodeIfPresent(walkthroughVersion, forKey: .walkthroughVersion)
        try container.encodeIfPresent(trigger, forKey: .trigger)
        try container.encodeIfPresent(experiment, forKey: .experiment)
        try container.encodeIfPresent(variation, forKey: .variation)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(durationMs, forKey: .durationMs)
        try container.encodeIfPresent(appVersion, forKey: .appVersion)
        try container.encodeIfPresent(revision, forKey: .revision)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encodeIfPresent(platform, forKey: .platform)
    }

    /// The timestamp as written in JSON: UTC with milliseconds, e.g. `2026-11-21T10:00:00.000Z`.
    package var timestampText: String {
        MillisecondTimestamp.iso8601(milliseconds: MillisecondTimestamp.milliseconds(timestamp) ?? 0)
    }

    /// The event as one line of JSON (without the newline), fields in the order of docs/ARCHITECTURE.md, "Events", then
    /// `appVersion`, `revision`, `locale` and `platform` when there are.
    ///
    /// The same object `JSONEncoder` would produce, written directly: stable field order and
    /// no `Foundation` encoder in the path of every event an app sends.
    package var jsonLine: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``jsonLine`` to `bytes`.
    func appendJSON(to bytes: inout [UInt8]) {
        var writer = JSONObjectWriter(bytes: bytes)
        bytes = []
        writer.string("messageId", messageID)
        writer.string("userId", userID)
        writer.string("event", event.rawValue)
        writer.string("timestamp", timestampText)
        writer.string("flowId", flowID)
        writer.integer("flowVersion", flowVersion.map(Int64.init))
        writer.string("stepId", stepID)
        writer.integer("stepIndex", stepIndex.map(Int64.init))
        writer.string("walkthroughId", walkthroughID)
        writer.integer("walkthroughVersion", walkthroughVersion.map(Int64.init))
        writer.string("trigger", trigger)
        writer.string("experiment", experiment)
        writer.string("variation", variation)
        writer.string("outcome", outcome)
        writer.integer("durationMs", durationMs)
        writer.string("appVersion", appVersion)
        writer.integer("revision", revision.map(Int64.init))
        writer.string("locale", locale)
        writer.string("platform", platform)
        bytes = writer.finish()
    }
}

/// Writes one flat JSON object, skipping `nil` values.
struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var empty = true

    init(bytes: [UInt8] = []) {
        self.bytes = bytes
        self.bytes.append(UInt8(ascii: "{"))
    }

    mutating func string(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        JSONString.append(value, to: &bytes)
    }

    mutating func integer(_ key: String, _ value: Int64?) {
        guard let value else { return }
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func key(_ key: String) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        JSONString.append(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
