import Waypoint

/// Which runs a report counts (docs/ARCHITECTURE.md, "Reports": scope): one environment, one
/// document revision, the users who started in a date range, and the experiment that splits users.
///
/// The CLI takes it as `--revision N --since DATE --until DATE --experiment KEY`, the server as the
/// query parameters `environment`, `revision`, `since`, `until`, `experiment`, and the dashboard as
/// its selectors; a report echoes it as `"scope"` when any part is given.
///
/// - ``environment`` is the server's: its stores read one environment's events, so files of
///   events (an export) hold one environment already. It is echoed, never filtered here.
/// - ``revision``: a revision's report holds the users whose **first `Flow Started` of the flow
///   carries that revision** (the revision a run started on: a run resumed after a publish stays
///   with the revision it started on), **with all of their events of the flow** (whatever revision
///   those later events carry). "First" is in report order: `timestamp`, then `stepIndex`, then
///   input (storage) order — the order the report already uses. Users without a `Flow Started` of
///   the flow are in no revision's report, nor are users whose first one carries no `revision` (a
///   bundled document). For a walkthrough report: the revision of the user's first
///   `Walkthrough Started` of the walkthrough. For an experiment report: the revision of the event
///   the report takes as the user's first exposure (the same event its `since`/`until` read). So
///   the unscoped report is the sum of the revisions' reports and of the users whose start carries
///   no revision, and the report of revision R is the unscoped report's `byRevision` group R.
/// - ``since``/``until``: only users whose first `Flow Started` of the flow (first exposure, for an
///   experiment report; first `Walkthrough Started`, for a walkthrough) over all their events of it
///   lies in `[since, until)`; every event of those users counts, even after `until`. With both a
///   revision and a date range, both conditions hold on that same first start. A user without a
///   start is in no range, so the reports over disjoint ranges add up to the report over their union.
/// - ``experiment``: with `--by variation` (``FunnelQuery/groupByVariation``,
///   ``WalkthroughQuery/groupByVariation``; unused without it), the experiment whose `variation`
///   splits the users: a user's variation is that of their earliest event carrying it. Without
///   it, a report split by variation over events that carry more than one experiment is refused
///   (``ReportError``).
public struct ReportScope: Sendable, Hashable, Encodable {
    /// The server environment whose events are read (`production`, `staging`); echoed only.
    public var environment: String?
    /// Only the users whose first start (first `Flow Started`, `Walkthrough Started`, or exposure)
    /// carries this document revision, with all of their events.
    public var revision: Int?
    /// Only users who started at or after this time (milliseconds since 1970).
    public var since: Int64?
    /// Only users who started before this time (milliseconds since 1970).
    public var until: Int64?
    /// The experiment whose variations split the users with `--by variation`.
    public var experiment: String?

    /// Creates a scope; every part defaults to "all".
    public init(environment: String? = nil, revision: Int? = nil, since: Int64? = nil, until: Int64? = nil, experiment: String? = nil) {
        self.environment = environment
        self.revision = revision
        self.since = since
        self.until = until
        self.experiment = experiment
    }

    /// A scope from its written parts, as the CLI's flags and the server's query parameters give them.
    ///
    /// `since`/`until` are ISO 8601 dates (`2026-11-21`, midnight UTC) or times
    /// (`2026-11-21T10:00:00Z`, `…+01:00`); `revision` a whole number ≥ 1, or ``everyRevision``
    /// (`all`: every revision's runs, as when it is not given). The CLI, the report API and the
    /// dashboard's report pages all read `revision` here, so they take the same values. `spelling`
    /// names a part in messages the way the caller's user wrote it (`"--since"` for the CLI, `"since="` for the API).
    public static func parse(
        environment: String? = nil, revision: String? = nil, since: String? = nil, until: String? = nil, experiment: String? = nil,
        spelling: (String) -> String = { "--\($0)" }
    ) throws(ReportScopeError) -> ReportScope {
        var scope = ReportScope(environment: environment, experiment: experiment)
        if let revision, revision != everyRevision {
            guard let number = Int(revision), number >= 1 else {
                throw ReportScopeError.badRevision(revision, parameter: spelling("revision"))
            }
            scope.revision = number
        }
        if let since { scope.since = try milliseconds(since, parameter: spelling("since")) }
        if let until { scope.until = try milliseconds(until, parameter: spelling("until")) }
        if let start = scope.since, let end = scope.until, start >= end, let since, let until {
            throw ReportScopeError.emptyRange(since: since, until: until, parameters: (spelling("since"), spelling("until")))
        }
        if let experiment, experiment.isEmpty { throw ReportScopeError.emptyExperiment(parameter: spelling("experiment")) }
        return scope
    }

    /// The `revision` that stands for every revision's runs: `all`.
    public static let everyRevision = "all"

    /// Whether no part is given: the report counts every run and echoes no scope.
    public var isEmpty: Bool { self == ReportScope() }

    /// Whether a user whose first start is at `milliseconds` is in the date range.
    public func includesStart(atMilliseconds milliseconds: Int64) -> Bool {
        if let since, milliseconds < since { return false }
        if let until, milliseconds >= until { return false }
        return true
    }

    /// `text` as milliseconds since 1970: a bare date is its midnight in UTC; `nil` for anything else.
    public static func milliseconds(_ text: String) -> Int64? {
        let isDate = text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { position in
            let byte = position.element
            return position.offset == 4 || position.offset == 7
                ? byte == UInt8(ascii: "-") : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        return MillisecondTimestamp.parseISO8601(isDate ? text + "T00:00:00Z" : text)
    }

    /// The forms `since` and `until` accept, for messages.
    public static let acceptedForms = "a date such as 2026-11-21 (midnight UTC) or a time such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00"

    private static func milliseconds(_ text: String, parameter: String) throws(ReportScopeError) -> Int64 {
        guard let value = milliseconds(text) else { throw ReportScopeError.badTime(text, parameter: parameter) }
        return value
    }

    enum CodingKeys: String, CodingKey { case environment, revision, since, until, experiment }

    /// Encodes the parts given; times as ISO 8601 UTC with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encodeIfPresent(revision, forKey: .revision)
        try container.encodeIfPresent(since.map(MillisecondTimestamp.iso8601(milliseconds:)), forKey: .since)
        try container.encodeIfPresent(until.map(MillisecondTimestamp.iso8601(milliseconds:)), forKey: .until)
        try container.encodeIfPresent(experiment, forKey: .experiment)
    }
}

extension ReportScope: Decodable {
    /// Reads the JSON form ``encode(to:)`` writes (a report's echoed `"scope"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> Int64? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let value = ReportScope.milliseconds(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(text) is not a date or a time")
            }
            return value
        }
        self.init(
            environment: try container.decodeIfPresent(String.self, forKey: .environment),
            revision: try container.decodeIfPresent(Int.self, forKey: .revision),
            since: try time(.since), until: try time(.until),
            experiment: try container.decodeIfPresent(String.self, forKey: .experiment))
    }
}

/// Why a report's scope could not be read; the message names the part and says what it accepts.
public struct ReportScopeError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case badRevision(String, parameter: String)
        case badTime(String, parameter: String)
        case emptyRange(since: String, until: String, sinceParameter: String, untilParameter: String)
        case emptyExperiment(parameter: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func badRevision(_ text: String, parameter: String) -> ReportScopeError { ReportScopeError(.badRevision(text, parameter: parameter)) }
    static func badTime(_ text: String, parameter: String) -> ReportScopeError { ReportScopeError(.badTime(text, parameter: parameter)) }
    static func emptyRange(since: String, until: String, parameters: (String, String)) -> ReportScopeError {
        ReportScopeError(.emptyRange(since: since, until: until, sinceParameter: parameters.0, untilParameter: parameters.1))
    }
    static func emptyExperiment(parameter: String) -> ReportScopeError { ReportScopeError(.emptyExperiment(parameter: parameter)) }

    public var description: String {
        switch reason {
        case .badRevision(let text, let parameter):
            return "\(Self.join(parameter, text)) is not a revision; use the whole number of a revision, such as \(Self.join(parameter, "3")), "
                + "or \(Self.join(parameter, ReportScope.everyRevision)) for every revision's runs."
        case .badTime(let text, let parameter):
            return "\(Self.join(parameter, text)) is not a date or a time; use \(ReportScope.acceptedForms)."
        case .emptyRange(let since, let until, let sinceParameter, let untilParameter):
            return "\(Self.join(sinceParameter, since)) is not before \(Self.join(untilParameter, until)); "
                + "users are counted from since (included) to until (excluded)."
        case .emptyExperiment(let parameter):
            return "\(parameter) is empty; name the experiment whose variations split the users."
        }
    }

    /// `--since 2026-11-21` or `since=2026-11-21`.
    private static func join(_ parameter: String, _ value: String) -> String {
        parameter.hasSuffix("=") ? parameter + value : parameter + " " + value
    }
}
