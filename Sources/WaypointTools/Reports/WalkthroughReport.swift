import Foundation
import Waypoint

/// How users go through one walkthrough, hint by hint: who saw each hint, completed it (and with
/// which trigger), skipped it, never saw it because its target did not appear, or stopped at it.
///
/// Its figures count users, not events, and do not depend on the order events arrive in.
///
/// - `started`: users with a `Walkthrough Started`; `completed`: of them, users with a
///   `Walkthrough Completed`; `completionRate` = completed / started (0 when none started).
/// - Per step: `shown`, `completed`, `skipped`, `targetNotFound` = users with a `Hint Shown`,
///   `Hint Completed`, `Hint Skipped`, `Target Not Found` of it; `completedBy` and `skippedBy` =
///   for each `trigger`, the users with such an event of it with that trigger (a hint skipped
///   because its condition was false has the trigger `condition`); `droppedHere` = users without a
///   `Walkthrough Completed` whose last `Hint Shown` (by `timestamp`, then `stepIndex`, then input
///   order) is this step. Rates of a step are of the users it was shown to: `completionRate` =
///   completed / shown and `dropRate` = droppedHere / shown (`null` when it was shown to nobody).
/// - Step order: with the document's steps (``WalkthroughQuery/declaredSteps``), the walkthrough's
///   steps in document order, every one listed even at 0, then steps seen only in events, sorted
///   by id, marked `"inDocument": false`; without them, order of first appearance in time.
/// - `byVariation` (when asked for): a user's variation is the `variation` of their earliest event
///   of the walkthrough that has one. `byAppVersion` (when at least one event of the walkthrough
///   carries an `appVersion`): a user's app version is the `appVersion` of their last event of the
///   walkthrough that has one. Users with none are under `"(none)"`.
///
/// - Users: the report counts the users who have a `Walkthrough Started` of the walkthrough, with
///   all of their events of it, so that `completed` never exceeds `started`. A user with events of
///   it but no `Walkthrough Started` (its event lost) counts in no figure; ``withoutStart`` says
///   how many were left out.
/// - Scope (``WalkthroughQuery/scope``): a revision's report holds the users whose first
///   `Walkthrough Started` of the walkthrough carries that revision, with all of their events of it
///   (whatever revision those later events carry); a date range holds the users whose first
///   `Walkthrough Started` is in it; with both, both hold on that same first start. `experiment`
///   chooses whose `variation` splits users `--by variation` (the report is refused when the events
///   carry more than one experiment and none is chosen). `"scope"` echoes it.
///
/// ```json
/// {"kind":"walkthrough","walkthroughId":"layering","started":10,"completed":6,"completionRate":0.6,
///  "steps":[{"stepId":"intro","shown":10,"completed":8,"completionRate":0.8,"completedBy":{"tap":8},"skipped":1,
///  "skippedBy":{"skip":1},"targetNotFound":0,"droppedHere":1,"dropRate":0.1,"inDocument":true}, …],
///  "byVariation":{"control":{…}},"byAppVersion":{"2.4.1":{…}},"invalidLines":0,"events":52}
/// ```
public struct WalkthroughReport: Sendable, Hashable, Encodable {
    /// One step's figures.
    public struct Step: Sendable, Hashable, Encodable {
        /// The step id.
        public var stepID: String
        /// Users with a `Hint Shown` of it.
        public var shown: Int
        /// Users with a `Hint Completed` of it.
        public var completed: Int
        /// For each trigger (`tap`, `swipe`, `timer`, `event`, `button`), the users with a
        /// `Hint Completed` of it with that trigger.
        public var completedBy: [String: Int]
        /// Users with a `Hint Skipped` of it.
        public var skipped: Int
        /// For each trigger (`skip`, `close`, `condition`), the users with a `Hint Skipped` of it
        /// with that trigger; `condition` means its condition was false (not a drop-off).
        public var skippedBy: [String: Int]
        /// Users with a `Target Not Found` of it: its target did not appear in time.
        public var targetNotFound: Int
        /// Users without a `Walkthrough Completed` whose last `Hint Shown` is this step.
        public var droppedHere: Int
        /// Whether the document declares the step; `nil` when no document was given.
        public var inDocument: Bool?

        /// `completed` over `shown`: of the users the hint was shown to, the share who completed it;
        /// `nil` when it was shown to nobody.
        public var completionRate: Double? { shown == 0 ? nil : Double(completed) / Double(shown) }
        /// `droppedHere` over `shown`: of the users the hint was shown to, the share who stopped
        /// there; `nil` when it was shown to nobody.
        public var dropRate: Double? { ReportRates.dropRate(droppedHere: droppedHere, viewed: shown) }

        /// Creates a step's figures.
        public init(
            stepID: String, shown: Int = 0, completed: Int = 0, completedBy: [String: Int] = [:], skipped: Int = 0,
            skippedBy: [String: Int] = [:], targetNotFound: Int = 0, droppedHere: Int = 0, inDocument: Bool? = nil
        ) {
            self.stepID = stepID
            self.shown = shown
            self.completed = completed
            self.completedBy = completedBy
            self.skipped = skipped
            self.skippedBy = skippedBy
            self.targetNotFound = targetNotFound
            self.droppedHere = droppedHere
            self.inDocument = inDocument
        }

        enum CodingKeys: String, CodingKey {
            case stepID = "stepId", shown, completed, completionRate, completedBy, skipped, skippedBy, targetNotFound, droppedHere
            case dropRate, inDocument
        }

        /// Encodes the step's JSON form: every figure (rates as `null` when the hint was shown to
        /// nobody), and `inDocument` when a document was given.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(stepID, forKey: .stepID)
            try container.encode(shown, forKey: .shown)
            try container.encode(completed, forKey: .completed)
            try container.encode(completionRate, forKey: .completionRate)
            try container.encode(completedBy, forKey: .completedBy)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(skippedBy, forKey: .skippedBy)
            try container.encode(targetNotFound, forKey: .targetNotFound)
            try container.encode(droppedHere, forKey: .droppedHere)
            try container.encode(dropRate, forKey: .dropRate)
            try container.encodeIfPresent(inDocument, forKey: .inDocument)
        }
    }

    /// The figures of one group of users: everyone, one variation or one app version.
    public struct Figures: Sendable, Hashable {
        /// Users with a `Walkthrough Started` (every user the report counts).
        public var started: Int
        /// Of them, users with a `Walkthrough Completed`.
        public var completed: Int
        /// `completed` over `started` (0 when none started).
        public var completionRate: Double
        /// The steps, in report order (see ``WalkthroughReport``).
        public var steps: [Step]

        /// Creates a group's figures.
        public init(started: Int = 0, completed: Int = 0, completionRate: Double = 0, steps: [Step] = []) {
            self.started = started
            self.completed = completed
            self.completionRate = completionRate
            self.steps = steps
        }

        /// The step with `id`, if it is reported.
        public func step(_ id: String) -> Step? { steps.first { $0.stepID == id } }
    }

    /// The walkthrough.
    public var walkthroughID: String
    /// Everyone's figures.
    public var overall: Figures
    /// The figures per variation, when asked for (``WalkthroughQuery/groupByVariation``).
    public var byVariation: [String: Figures]?
    /// The figures per app version, when at least one event of the walkthrough carries an
    /// `appVersion`; `nil` otherwise.
    public var byAppVersion: [String: Figures]?
    /// The variations and app versions reported under `(other)` to keep the report bounded
    /// (``ReportBounds``); `nil` when none were.
    public var folded: FoldedValues?
    /// The scope the report was computed for (``ReportScope``), echoed as `"scope"`; `nil` when no
    /// part of it was given.
    public var scope: ReportScope?
    /// Users with events of the walkthrough but no `Walkthrough Started` of it: they count in no
    /// figure, so that `completed` never exceeds `started`; this says how many were left out.
    /// Encoded as `"withoutStart"` only when above 0. Only a report whose scope names no revision
    /// and no date range has them: a scoped report picks its users by their first start.
    public var withoutStart: Int
    /// Lines that were not valid events (ignored, and counted so that bad input is visible).
    public var invalidLines: Int
    /// Valid event lines read (of any walkthrough, flow and name).
    public var events: Int

    /// Creates a report.
    public init(
        walkthroughID: String, overall: Figures, byVariation: [String: Figures]? = nil,
        byAppVersion: [String: Figures]? = nil, folded: FoldedValues? = nil, scope: ReportScope? = nil, withoutStart: Int = 0,
        invalidLines: Int = 0, events: Int = 0
    ) {
        self.walkthroughID = walkthroughID
        self.overall = overall
        self.byVariation = byVariation
        self.byAppVersion = byAppVersion
        self.folded = folded
        self.scope = scope
        self.withoutStart = withoutStart
        self.invalidLines = invalidLines
        self.events = events
    }

    /// Users with a `Walkthrough Started`.
    public var started: Int { overall.started }
    /// Users with a `Walkthrough Completed`.
    public var completed: Int { overall.completed }
    /// The steps, in report order: the document's order when one was given, else first appearance in time.
    public var steps: [Step] { overall.steps }

    /// The report as `waypoint funnel --walkthrough … --format json` prints it (keys sorted, one
    /// line, no newline): what every tool that serves the report sends, byte for byte.
    public func jsonData() -> Data {
        ReportJSON.data(self)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, walkthroughID = "walkthroughId", started, completed, completionRate, steps
        case byVariation, byAppVersion, folded, scope, withoutStart, invalidLines, events
    }

    /// Encodes the JSON form shown above: `byVariation` and `byAppVersion` only when the report has
    /// them, `scope` only when one was given, `withoutStart` only when above 0.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encode(overall, into: &container)
        for (groups, key) in [(byVariation, CodingKeys.byVariation), (byAppVersion, .byAppVersion)] {
            guard let groups else { continue }
            var nested = container.nestedContainer(keyedBy: VariationKey.self, forKey: key)
            for name in groups.keys.sorted() {
                guard let figures = groups[name] else { continue }
                var inner = nested.nestedContainer(keyedBy: CodingKeys.self, forKey: VariationKey(stringValue: name))
                try encode(figures, into: &inner)
            }
        }
        try container.encodeIfPresent(folded, forKey: .folded)
        try container.encodeIfPresent(scope, forKey: .scope)
        if withoutStart > 0 { try container.encode(withoutStart, forKey: .withoutStart) }
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(events, forKey: .events)
    }

    private func encode(_ figures: Figures, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode("walkthrough", forKey: .kind)
        try container.encode(walkthroughID, forKey: .walkthroughID)
        try container.encode(figures.started, forKey: .started)
        try container.encode(figures.completed, forKey: .completed)
        try container.encode(figures.completionRate, forKey: .completionRate)
        try container.encode(figures.steps, forKey: .steps)
    }
}
