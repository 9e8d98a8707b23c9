import Waypoint

/// What to report on a flow (docs/ARCHITECTURE.md, "Reports"): without ``steps``, the flow report; with them, the
/// sequential funnel through those steps, within ``window``; either one split per experiment
/// variation or not.
public struct FunnelQuery: Sendable, Hashable {
    /// The flow whose events are read; events of other flows are ignored.
    public var flowID: String
    /// The ordered step ids of a sequential funnel (a subflow step as `subflowStep/innerStep`;
    /// `$complete` for the flow's `Flow Completed`); `nil` asks for the flow report.
    public var steps: [String]?
    /// How long after an attempt's first step its later steps still count (inclusive).
    public var window: FunnelWindow
    /// What splits the users (``ReportDimension``; `--by`): `variation` gives `byVariation`,
    /// `locale` and `platform` give `byLocale` and `byPlatform`; `appVersion` and `revision` name
    /// the groups the flow report always gives (`byAppVersion`, `byRevision`). `nil`: no split
    /// asked for. A sequential funnel splits by `variation` only.
    public var by: ReportDimension?
    /// Whether to report every figure per variation as well (``by`` is `variation`).
    public var groupByVariation: Bool {
        get { by == .variation }
        set { by = newValue ? .variation : (by == .variation ? nil : by) }
    }
    /// The flow's step ids as its document declares them, in document order with subflow steps
    /// expanded in place (``WaypointDocument/reportedStepIDs(ofFlow:)``); `nil` without a document.
    ///
    /// With them, the flow report lists every declared step (even at 0) in this order, then the
    /// 50 undeclared ids with the most viewers, and the others as one row, `(other steps)`
    /// (``ReportBounds``); a sequential funnel accepts these ids even when no event mentions them.
    public var declaredSteps: [String]?
    /// The variations the document declares for the flow's experiments
    /// (``WaypointDocument/reportedVariations(ofFlow:)``); `nil` without a document.
    ///
    /// With them, the users of any other variation are reported as one group, `(other)`
    /// (``ReportBounds``).
    public var declaredVariations: [String]?
    /// Which runs are counted: revision, date range, the experiment that splits users (``ReportScope``).
    public var scope: ReportScope

    /// Creates a query; the window defaults to 14 days, the scope to every run; `by` (when given)
    /// wins over `groupByVariation`.
    public init(
        flowID: String, steps: [String]? = nil, window: FunnelWindow = .days(14), groupByVariation: Bool = false,
        by: ReportDimension? = nil, declaredSteps: [String]? = nil, declaredVariations: [String]? = nil,
        scope: ReportScope = ReportScope()
    ) {
        self.flowID = flowID
        self.steps = steps
        self.window = window
        self.by = by ?? (groupByVariation ? .variation : nil)
        self.declaredSteps = declaredSteps
        self.declaredVariations = declaredVariations
        self.scope = scope
    }

    /// A query of `flowID` scoped by `document`: its steps and variations when it declares the
    /// flow (both `nil` when it does not, or without a document).
    public init(
        flowID: String, steps: [String]? = nil, window: FunnelWindow = .days(14), groupByVariation: Bool = false,
        by: ReportDimension? = nil, document: WaypointDocument?, scope: ReportScope = ReportScope()
    ) {
        self.init(
            flowID: flowID, steps: steps, window: window, groupByVariation: groupByVariation, by: by,
            declaredSteps: document?.reportedStepIDs(ofFlow: flowID), declaredVariations: document?.reportedVariations(ofFlow: flowID),
            scope: scope)
    }

    /// The attribute (``ReportDimension/locale`` or ``ReportDimension/platform``) whose groups the
    /// flow report gives besides those it always gives; `nil` for any other split and for a sequential funnel.
    var splitAttribute: ReportDimension? {
        guard steps == nil, let by, by == .locale || by == .platform else { return nil }
        return by
    }
}

/// A funnel's conversion window, written like `14d`, `36h`, `90m`, `30s`, `500ms` or `2w`.
public struct FunnelWindow: Sendable, Hashable, CustomStringConvertible {
    /// The window's length in milliseconds.
    public let milliseconds: Int64
    /// The window as written, e.g. `14d`.
    public let description: String

    /// Parses a window such as `14d`: a whole number followed by `ms`, `s`, `m`, `h`, `d` or `w`;
    /// `nil` for anything else.
    public init?(_ text: String) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count)
        guard !digits.isEmpty, let value = Int64(digits) else { return nil }
        let scale: Int64
        switch unit {
        case "ms": scale = 1
        case "s": scale = 1000
        case "m": scale = 60_000
        case "h": scale = 3_600_000
        case "d": scale = 86_400_000
        case "w": scale = 604_800_000
        default: return nil
        }
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        self.milliseconds = product
        self.description = text
    }

    /// A window of `days` days.
    public static func days(_ days: Int) -> FunnelWindow {
        FunnelWindow(milliseconds: Int64(days) * 86_400_000, description: "\(days)d")
    }

    private init(milliseconds: Int64, description: String) {
        self.milliseconds = milliseconds
        self.description = description
    }
}
