import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Builds the events and the document of the experiment report's tests; times are seconds after
/// 2026-01-01T00:00:00Z.
enum ExperimentLines {
    static let document: WaypointDocument = {
        let json = #"""
        {"schemaVersion": 1,
         "flows": [
          {"id": "onboarding", "experiment": "paywall-copy", "variation": "control", "steps": [
            {"id": "welcome", "screen": "Welcome"},
            {"id": "paywall", "screen": "Paywall", "on": {"subscribe": "$complete", "skip": "$complete"}}]},
          {"id": "onboarding", "experiment": "paywall-copy", "variation": "annual-first", "steps": [
            {"id": "welcome", "screen": "Welcome"},
            {"id": "paywall", "screen": "PaywallAnnual", "on": {"subscribe": "$complete", "skip": "$complete"}}]},
          {"id": "other", "steps": [{"id": "x", "screen": "X"}]}],
         "walkthroughs": [
          {"id": "tour", "experiment": "tour-test", "variation": "a", "steps": [
            {"id": "intro", "targetElementId": "editor.button", "highlightShape": {"type": "circle"}, "tooltipText": "Here",
             "tooltipPosition": "below", "completionTrigger": {"type": "tap", "elementId": "editor.button"}, "canSkip": true}]},
          {"id": "tour", "experiment": "tour-test", "variation": "b", "steps": [
            {"id": "intro", "targetElementId": "editor.button", "highlightShape": {"type": "circle"}, "tooltipText": "Look",
             "tooltipPosition": "below", "completionTrigger": {"type": "tap", "elementId": "editor.button"}, "canSkip": true}]}],
         "experiments": [
          {"key": "paywall-copy", "variations": ["control", "annual-first"], "weights": [0.5, 0.5]},
          {"key": "tour-test", "variations": ["a", "b"]}]}
        """#
        // swiftlint:disable:next force_try
        return try! WaypointDocument(validating: Data(json.utf8))
    }()

    /// An event of `onboarding` (or `flow`); with a variation it carries the experiment `paywall-copy`.
    static func event(
        _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, outcome: String? = nil,
        variation: String? = nil, revision: Int? = nil, flow: String = "onboarding"
    ) -> String {
        OnboardingEvent(
            messageID: "m-\(user)-\(name.rawValue)-\(seconds)", userID: user, event: name,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + seconds), flowID: flow, flowVersion: 1, stepID: step,
            experiment: variation == nil ? nil : "paywall-copy", variation: variation, outcome: outcome, revision: revision
        ).jsonLine
    }

    /// A whole exposed run: started, the steps viewed (a `Step Completed` with `outcome` after the
    /// last), then completed or abandoned.
    static func run(
        _ user: String, _ variation: String?, at seconds: Double, steps: [String], outcome: String? = nil, completes: Bool,
        revision: Int? = nil
    ) -> [String] {
        var lines = [event(user, .flowStarted, at: seconds, variation: variation, revision: revision)]
        for (offset, step) in steps.enumerated() {
            lines.append(event(user, .stepViewed, at: seconds + Double(offset + 1), step: step, variation: variation, revision: revision))
        }
        if let outcome, let last = steps.last {
            lines.append(event(user, .stepCompleted, at: seconds + Double(steps.count) + 0.5, step: last, outcome: outcome,
                               variation: variation, revision: revision))
        }
        lines.append(event(user, completes ? .flowCompleted : .flowAbandoned, at: seconds + Double(steps.count + 1),
                           variation: variation, revision: revision))
        return lines
    }

    static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    static func report(_ lines: [String], _ query: ExperimentQuery) throws -> ExperimentReport {
        try ExperimentReport.compute(jsonLines: data(lines), query: query, document: document)
    }

    /// The users of the hand-worked case (see ``ExperimentReportTests``).
    static let handWorked: [String] =
        run("u1", "control", at: 0, steps: ["welcome", "paywall"], outcome: "subscribe", completes: true)
        + run("u2", "control", at: 10, steps: ["welcome"], completes: false)
        + run("u3", "annual-first", at: 20, steps: ["welcome", "paywall"], outcome: "skip", completes: true)
        + run("u4", "annual-first", at: 30, steps: ["welcome", "paywall"], outcome: "subscribe", completes: true)
        // u5 is never exposed: its events carry no experiment.
        + run("u5", nil, at: 40, steps: ["welcome", "paywall"], outcome: "subscribe", completes: true)
        // u6 viewed the paywall and completed before exposure (no experiment yet), then ran exposed and gave up.
        + [event("u6", .stepViewed, at: 50, step: "paywall"), event("u6", .flowCompleted, at: 51)]
        + run("u6", "annual-first", at: 60, steps: ["welcome"], completes: false)
        // u7 is exposed to the control first, then to annual-first in a later run, which completes.
        + run("u7", "control", at: 70, steps: ["welcome"], completes: false)
        + run("u7", "annual-first", at: 100, steps: ["welcome"], completes: true)
        // u8 carries a variation the experiment does not declare.
        + run("u8", "ghost", at: 110, steps: ["welcome"], completes: true)
        + run("u9", "annual-first", at: 120, steps: ["welcome", "paywall"], outcome: "subscribe", completes: true)
        // Another flow's events and an invalid line.
        + [event("u1", .flowCompleted, at: 200, flow: "other"), "{not json"]
}

/// The experiment report over hand-written events; every count is worked out by hand in the comments.
@Suite("Experiment report: exposure, goals, statistics, scope")
struct ExperimentReportTests {
    typealias L = ExperimentLines

    /// By hand, goal `$complete`: control = u1, u2, u7 (3 users; u1 and u7 complete after exposure → 2);
    /// annual-first = u3, u4, u6, u9 (4 users; u3, u4, u9 → 3; u6's completion came before exposure).
    /// u5 was never exposed; u7 was seen in two variations (counted in control); u8's variation is undeclared.
    @Test func usersAreCountedFromExposureInTheirFirstVariation() throws {
        let report = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy"))
        #expect(report.flowID == "onboarding")
        #expect(report.walkthroughID == nil)
        #expect(report.control == "control")
        #expect(report.goal == "$complete")
        #expect(report.variations.map(\.variation) == ["control", "annual-first"])
        #expect(report.variations.map(\.users) == [3, 4])
        #expect(report.variations.map(\.conversions) == [2, 3])
        let rates: [Double] = [2.0 / 3, 3.0 / 4]
        #expect(report.variations.map(\.rate) == rates)
        #expect(report.multipleVariations == 1)
        #expect(report.undeclaredVariationUsers == 1)
        #expect(report.invalidLines == 1)
        // Per step, viewed after exposure: welcome by everyone counted; paywall by u1 in control, and
        // u3, u4, u9 in annual-first (u6's view came before exposure).
        #expect(report.steps.map(\.stepID) == ["welcome", "paywall"])
        #expect(report.step("welcome")?.variations.map(\.conversions) == [3, 4])
        #expect(report.step("paywall")?.variations.map(\.conversions) == [1, 3])
        #expect(report.step("paywall")?.variations.map(\.users) == [3, 4])
    }

    /// The figures are exactly what the statistics types give on the same counts.
    @Test(arguments: [false, true])
    func theStatisticsAreTheStatisticsTypesOnTheSameCounts(sequential: Bool) throws {
        let report = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", sequential: sequential))
        let control = ProportionStatistic(sum: 2, n: 3), variation = ProportionStatistic(sum: 3, n: 4)
        let frequentist = sequential
            ? SequentialTwoSidedTTest(control: control, variation: variation, tuningParameter: 5000).result()
            : TwoSidedTTest(control: control, variation: variation).result()
        let bayesian = EffectBayesianABTest(control: control, variation: variation).result()
        let annual = try #require(report.variation("annual-first"))
        #expect(report.sequential == sequential)
        #expect(annual.uplift?.expected == frequentist.expected)
        #expect(annual.uplift?.ci == frequentist.ci)
        #expect(annual.pValue == frequentist.pValue)
        #expect(annual.chanceToWin == bayesian.chanceToWin)
        #expect(annual.risk == bayesian.risk)
        #expect(annual.note == nil)
        #expect(report.srmPValue == (try SampleRatioMismatch.pValue(users: [3, 4], weights: [0.5, 0.5])))
        #expect(!report.srmWarning)
        // The control has no comparison.
        let first = try #require(report.variations.first)
        #expect(first.uplift == nil && first.pValue == nil && first.chanceToWin == nil)
        // The per-step figures use the same tests: paywall 1 of 3 against 3 of 4.
        let paywall = try #require(report.step("paywall")?.variations.last)
        let stepFrequentist = sequential
            ? SequentialTwoSidedTTest(control: .init(sum: 1, n: 3), variation: .init(sum: 3, n: 4), tuningParameter: 5000).result()
            : TwoSidedTTest(control: .init(sum: 1, n: 3), variation: .init(sum: 3, n: 4)).result()
        #expect(paywall.pValue == stepFrequentist.pValue)
        #expect(paywall.chanceToWin == EffectBayesianABTest(control: .init(sum: 1, n: 3), variation: .init(sum: 3, n: 4)).result().chanceToWin)
    }

    /// By hand: `paywall` viewed after exposure — control u1 (1 of 3), annual-first u3, u4, u9 (3 of 4);
    /// `paywall:subscribe` — control u1 (1), annual-first u4, u9 (2; u3 skipped).
    @Test func eachGoalKindCountsItsEventAfterExposure() throws {
        let viewed = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall")))
        #expect(viewed.goal == "paywall")
        #expect(viewed.variations.map(\.conversions) == [1, 3])
        let subscribed = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall:subscribe")))
        #expect(subscribed.goal == "paywall:subscribe")
        #expect(subscribed.variations.map(\.conversions) == [1, 2])
        // A goal event before exposure does not count: u6's only paywall view came before it.
        let onlyU6 = L.run("u6", "annual-first", at: 60, steps: ["welcome"], completes: false)
            + [L.event("u6", .stepViewed, at: 50, step: "paywall")]
        #expect(try L.report(onlyU6, ExperimentQuery(experiment: "paywall-copy", goal: .step("paywall"))).variations.map(\.conversions) == [0, 0])
    }

    /// With `--control annual-first`, annual-first is listed first and control is compared with it.
    @Test func theControlCanBeChosen() throws {
        let report = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", control: "annual-first"))
        #expect(report.control == "annual-first")
        #expect(report.variations.map(\.variation) == ["annual-first", "control"])
        let expected = TwoSidedTTest(control: .init(sum: 3, n: 4), variation: .init(sum: 2, n: 3)).result()
        #expect(report.variations.last?.pValue == expected.pValue)
    }

    /// Goal `welcome`: every counted user viewed it, so both rates are 1 — zero variance, gbstats'
    /// default output: no figures, and the reason.
    @Test func gbstatsDefaultOutputGivesNullFiguresAndANote() throws {
        let report = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", goal: .step("welcome")))
        let annual = try #require(report.variations.last)
        #expect(annual.rate == 1)
        #expect(annual.uplift == nil && annual.pValue == nil && annual.chanceToWin == nil && annual.risk == nil)
        #expect(annual.note == .zeroVariance)
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let variations = try #require(json["variations"] as? [[String: Any]])
        #expect(variations[1]["uplift"] is NSNull)
        #expect(variations[1]["pValue"] is NSNull)
        #expect(variations[1]["chanceToWin"] is NSNull)
        #expect(variations[1]["risk"] is NSNull)
        #expect(variations[1]["note"] as? String == "ZERO_NEGATIVE_VARIANCE")
        // A control without conversions: the zero baseline.
        let none = L.run("a", "control", at: 0, steps: [], completes: false) + L.run("b", "annual-first", at: 0, steps: [], completes: true)
            + L.run("c", "annual-first", at: 0, steps: [], completes: false)
        #expect(try L.report(none, ExperimentQuery(experiment: "paywall-copy")).variations.last?.note == .zeroBaseline)
    }

    /// 40 users in control and 10 in annual-first against weights 0.5/0.5: χ² = 2 × 15² / 25 = 18, p ≈ 2.2e-5.
    @Test func aBrokenSplitIsWarnedBelowOneInAThousand() throws {
        var lines: [String] = []
        for index in 0..<40 { lines += L.run("c\(index)", "control", at: Double(index), steps: [], completes: index % 2 == 0) }
        for index in 0..<10 { lines += L.run("a\(index)", "annual-first", at: Double(index), steps: [], completes: index % 3 == 0) }
        let report = try L.report(lines, ExperimentQuery(experiment: "paywall-copy"))
        #expect(report.variations.map(\.users) == [40, 10])
        let expected = try SampleRatioMismatch.pValue(users: [40, 10], weights: [0.5, 0.5])
        #expect(report.srmPValue == expected)
        #expect(expected < 0.001)
        #expect(report.srmWarning)
        #expect(ReportText.sampleRatio(report).hasPrefix("WARNING: sample ratio mismatch"))
        let balanced = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy"))
        #expect(!balanced.srmWarning)
    }

    /// Revision 2 holds u1 (control, completes) and u3 (annual-first, abandons); revision 3 holds u2.
    /// The date range keeps users whose first exposure is in [10 s, 30 s): u2 and u3 of the hand-worked case.
    @Test func theScopeKeepsARevisionsRunsAndTheUsersFirstExposedInTheRange() throws {
        let lines = L.run("u1", "control", at: 0, steps: ["welcome"], completes: true, revision: 2)
            + L.run("u2", "control", at: 5, steps: ["welcome"], completes: true, revision: 3)
            + L.run("u3", "annual-first", at: 10, steps: ["welcome"], completes: false, revision: 2)
        let two = try L.report(lines, ExperimentQuery(experiment: "paywall-copy", scope: ReportScope(revision: 2)))
        #expect(two.variations.map(\.users) == [1, 1])
        #expect(two.variations.map(\.conversions) == [1, 0])
        #expect(two.scope == ReportScope(revision: 2))

        let since = Int64(1_767_225_600 + 10) * 1000, until = Int64(1_767_225_600 + 30) * 1000
        let ranged = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy", scope: ReportScope(since: since, until: until)))
        #expect(ranged.variations.map(\.users) == [1, 1])
        #expect(ranged.variations.map(\.conversions) == [0, 1])
        let json = try #require(try JSONSerialization.jsonObject(with: ranged.jsonData()) as? [String: Any])
        #expect((json["scope"] as? [String: Any])?["since"] as? String == "2026-01-01T00:00:10.000Z")
        // Without a scope, none is echoed.
        let plain = try #require(try JSONSerialization.jsonObject(with: L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy")).jsonData()) as? [String: Any])
        #expect(plain["scope"] == nil)
    }

    /// The JSON has the keys of the documented form, and nothing is renamed.
    @Test func theJSONHasTheDocumentedKeys() throws {
        let report = try L.report(L.handWorked, ExperimentQuery(experiment: "paywall-copy"))
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let documented: Set<String> = [
            "kind", "experiment", "flowId", "goal", "control", "sequential", "srmPValue", "multipleVariations", "variations", "steps",
            "guardrails", "minimumDetectableEffect",
        ]
        #expect(documented.isSubset(of: Set(json.keys)))
        #expect(Set(json.keys).subtracting(documented) == ["srmWarning", "undeclaredVariationUsers", "invalidLines", "events"])
        #expect(json["kind"] as? String == "experiment")
        #expect(json["experiment"] as? String == "paywall-copy")
        #expect(json["flowId"] as? String == "onboarding")
        #expect(json["sequential"] as? Bool == false)
        let variations = try #require(json["variations"] as? [[String: Any]])
        #expect(Set(variations[0].keys) == ["variation", "users", "conversions", "rate"])
        #expect(Set(variations[1].keys) == ["variation", "users", "conversions", "rate", "uplift", "pValue", "chanceToWin", "risk", "power"])
        let uplift = try #require(variations[1]["uplift"] as? [String: Any])
        #expect(Set(uplift.keys) == ["expected", "ci"])
        #expect((uplift["ci"] as? [Double])?.count == 2)
        #expect((variations[1]["risk"] as? [Double])?.count == 2)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(Set(steps[0].keys) == ["stepId", "variations"])
        #expect((steps[0]["variations"] as? [[String: Any]])?.count == 2)
    }

    /// A file is read in one pass, with the same result as the same lines in memory; decoded events too.
    @Test func aFileDecodedEventsAndLinesGiveOneReport() throws {
        let url = TemporaryFiles.file("experiment", pathExtension: "jsonl")
        try L.data(L.handWorked).write(to: url)
        let query = ExperimentQuery(experiment: "paywall-copy", goal: .outcome(step: "paywall", outcome: "subscribe"))
        let fromFile = try ExperimentReport.compute(file: url, query: query, document: L.document, threads: 3)
        #expect(fromFile == (try L.report(L.handWorked, query)))
        #expect(fromFile == (try ExperimentReport.compute(lines: L.handWorked, query: query, document: L.document)))
        let decoded = L.handWorked.compactMap { try? JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) }
        var fromEvents = try ExperimentReport.compute(events: decoded, query: query, document: L.document)
        // The invalid line cannot be decoded, so it is not among the events.
        fromEvents.invalidLines = 1
        #expect(fromEvents == fromFile)
    }

    /// A walkthrough's experiment: exposure at `Walkthrough Started`, goal `Walkthrough Completed`.
    @Test func aWalkthroughsExperimentIsMeasuredInItsEvents() throws {
        func hint(_ user: String, _ name: EventName, at seconds: Double, step: String? = nil, variation: String) -> String {
            OnboardingEvent(
                userID: user, event: name, timestamp: Date(timeIntervalSince1970: 1_767_225_600 + seconds), stepID: step,
                walkthroughID: "tour", walkthroughVersion: 1, experiment: "tour-test", variation: variation).jsonLine
        }
        let lines = [
            hint("w1", .walkthroughStarted, at: 0, variation: "a"), hint("w1", .hintShown, at: 1, step: "intro", variation: "a"),
            hint("w1", .walkthroughCompleted, at: 2, variation: "a"),
            hint("w2", .walkthroughStarted, at: 0, variation: "b"), hint("w2", .hintShown, at: 1, step: "intro", variation: "b"),
        ]
        let report = try ExperimentReport.compute(lines: lines, query: ExperimentQuery(experiment: "tour-test"), document: L.document)
        #expect(report.walkthroughID == "tour")
        #expect(report.flowID == nil)
        #expect(report.variations.map(\.users) == [1, 1])
        #expect(report.variations.map(\.conversions) == [1, 0])
        #expect(report.step("intro")?.variations.map(\.conversions) == [1, 1])
    }

    /// Names the document does not have are refused with what exists and a did-you-mean.
    @Test(arguments: [
        (ExperimentQuery(experiment: "paywall-cpy"), "The document has no experiment \"paywall-cpy\". Did you mean \"paywall-copy\"?"),
        (ExperimentQuery(experiment: "paywall-copy", control: "contrl"), "has no variation \"contrl\". Did you mean \"control\"?"),
        (ExperimentQuery(experiment: "paywall-copy", flowID: "onboardng"), "no flow or walkthrough \"onboardng\". Did you mean \"onboarding\"?"),
        (ExperimentQuery(experiment: "paywall-copy", flowID: "other"), "Experiment \"paywall-copy\" does not reach \"other\""),
        (ExperimentQuery(experiment: "paywall-copy", goal: .step("paywal")), "step \"paywal\", which flow \"onboarding\" does not have. Did you mean \"paywall\"?"),
        (ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall:subscrib")), "Did you mean \"paywall:subscribe\"?"),
    ])
    func unknownNamesAreRefusedWithADidYouMean(query: ExperimentQuery, message: String) throws {
        #expect {
            try L.report(L.handWorked, query)
        } throws: { error in
            (error as? ReportError)?.description.contains(message) == true
        }
    }

    /// An experiment reaching two flows needs `--flow`; the message lists them.
    @Test func anExperimentReachingSeveralFlowsAsksWhichOne() throws {
        let json = #"""
        {"schemaVersion": 1, "flows": [
          {"id": "one", "experiment": "e", "variation": "x", "steps": [{"id": "a", "screen": "A"}]},
          {"id": "two", "experiment": "e", "variation": "y", "steps": [{"id": "b", "screen": "B"}]}],
         "experiments": [{"key": "e", "variations": ["x", "y"]}]}
        """#
        let document = try WaypointDocument(validating: Data(json.utf8))
        #expect {
            try ExperimentReport.compute(lines: [], query: ExperimentQuery(experiment: "e"), document: document)
        } throws: { error in
            (error as? ReportError)?.description.contains("reaches 2 flows or walkthroughs: one, two. Say which one to report on with --flow") == true
        }
        let one = try ExperimentReport.compute(lines: [], query: ExperimentQuery(experiment: "e", flowID: "one"), document: document)
        #expect(one.flowID == "one")
        #expect(ExperimentReport.reportableSubjects(of: "e", in: document) == ["one", "two"])
    }

    /// The goal selector's choices: `$complete`, each step, each declared `step:outcome`.
    @Test func theGoalChoicesAreTheDocumentsStepsAndOutcomes() {
        #expect(ExperimentGoal.choices(in: L.document, flowID: "onboarding").map(\.description)
            == ["$complete", "welcome", "paywall", "welcome:next", "paywall:subscribe", "paywall:skip"])
        #expect(ExperimentGoal("$complete") == .complete)
        #expect(ExperimentGoal("a/b:c") == .outcome(step: "a/b", outcome: "c"))
    }

    // MARK: Guardrails and power

    /// Two weeks of exposures, by hand: on day d (0…13) one control user who completes when d is
    /// even, and two annual-first users, one of whom completes on days 0–3 only. The control
    /// converts 7 of 14 (p = 0.5); annual-first 4 of 28.
    static let twoWeeks: [String] = (0..<14).flatMap { day -> [String] in
        let at = Double(day) * 86_400 + 3_600
        return L.run("c\(day)", "control", at: at, steps: ["welcome", "paywall"], outcome: "subscribe", completes: day % 2 == 0)
            + L.run("a\(day)", "annual-first", at: at + 60, steps: ["welcome"], completes: day < 4)
            + L.run("b\(day)", "annual-first", at: at + 120, steps: ["welcome"], completes: false)
    }

    /// `usersNeeded` at p = 0.5 and MDE 0.2 is ⌈(z₀.₉₇₅ + z₀.₈)² · (0.25 + 0.24) / 0.01⌉ = 385 (scipy:
    /// 384.5951…); annual-first has 28 users, 14 of them first exposed in the last 7 days (days
    /// 7–13), so ⌈(385 − 28) × 7 / 14⌉ = 179 days. Until the start of day 10, the report keeps the
    /// users first exposed on days 0–9 (the control still at 5 of 10) and its last 7 days are 3–9:
    /// annual-first has 20 users, 14 of them in those days, so ⌈(385 − 20) × 7 / 14⌉ = 183.
    @Test func powerCountsTheLastSevenDaysOfExposures() throws {
        let query = ExperimentQuery(experiment: "paywall-copy", minimumDetectableEffect: 0.2)
        let report = try L.report(Self.twoWeeks, query)
        #expect(report.minimumDetectableEffect == 0.2)
        #expect(report.variations.map(\.users) == [14, 28])
        #expect(report.variations[0].rate == 0.5)
        #expect(report.variations[0].power == nil)
        #expect(report.variations[1].power == ExperimentPower(usersNeeded: 385, daysLeft: 179))
        var until = query
        until.scope = ReportScope(until: Int64(1_767_225_600 + 10 * 86_400) * 1000)
        let earlier = try L.report(Self.twoWeeks, until)
        #expect(earlier.variations.map(\.users) == [10, 20])
        #expect(earlier.variations[1].power == ExperimentPower(
            usersNeeded: Int(ExperimentPower.unroundedUsersNeeded(controlRate: 0.5, minimumDetectableEffect: 0.2)!.rounded(.up)),
            daysLeft: 183))
        let json = String(decoding: report.jsonData(), as: UTF8.self)
        #expect(json.contains(#""power":{"daysLeft":179,"usersNeeded":385}"#))
        #expect(json.contains(#""minimumDetectableEffect":0.2"#))
    }

    /// Guardrail `$complete` on a test whose goal is the paywall: annual-first completes 4 of 28
    /// against the control's 7 of 14, an interval wholly below 0, so it is named worse; on
    /// `welcome`, viewed by everyone, neither is.
    @Test func aGuardrailNamesTheVariationsThatGetWorse() throws {
        let query = ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall"), guardrails: [.complete, .step("welcome")])
        let report = try L.report(Self.twoWeeks, query)
        #expect(report.goal == "paywall")
        #expect(report.guardrails.map(\.goal) == ["$complete", "welcome"])
        let complete = report.guardrails[0]
        #expect(complete.variations.map(\.conversions) == [7, 4])
        #expect(try #require(complete.variations[1].uplift).ci[1] < 0)
        #expect(complete.worse == ["annual-first"])
        #expect(complete.variations.allSatisfy { $0.power == nil })
        #expect(report.guardrails[1].variations.map(\.conversions) == [14, 28])
        #expect(report.guardrails[1].worse.isEmpty)
        let none = try L.report(Self.twoWeeks, ExperimentQuery(experiment: "paywall-copy"))
        #expect(none.guardrails.isEmpty)
    }

    @Test func aGuardrailOfAnUnknownStepIsRefusedWithADidYouMean() {
        let query = ExperimentQuery(experiment: "paywall-copy", guardrails: [.step("paywal")])
        #expect(throws: ReportError.self) { try L.report(Self.twoWeeks, query) }
        do {
            _ = try L.report(Self.twoWeeks, query)
        } catch {
            #expect("\(error)".contains(#"Did you mean "paywall"?"#))
        }
        let zero = ExperimentQuery(experiment: "paywall-copy", minimumDetectableEffect: 0)
        #expect { try L.report(Self.twoWeeks, zero) } throws: { error in
            "\(error)" == "The minimum detectable effect is 0.0; it is a relative uplift above 0, such as 0.1 for 10%."
        }
    }

    /// Without a goal, guardrails or MDE in the query, the report takes the experiment's own; the
    /// query's win when it gives them.
    @Test func theExperimentSaysWhatItIsFor() throws {
        var document = L.document
        let index = try #require(document.experiments.firstIndex { $0.key == "paywall-copy" })
        document.experiments[index].goal = "paywall"
        document.experiments[index].guardrails = ["$complete"]
        document.experiments[index].minimumDetectableEffect = 0.2
        let declared = try ExperimentReport.compute(jsonLines: L.data(Self.twoWeeks), query: ExperimentQuery(experiment: "paywall-copy"), document: document)
        #expect(declared.goal == "paywall")
        #expect(declared.guardrails.map(\.goal) == ["$complete"])
        #expect(declared.guardrails[0].worse == ["annual-first"])
        #expect(declared.minimumDetectableEffect == 0.2)
        let asked = try ExperimentReport.compute(
            jsonLines: L.data(Self.twoWeeks),
            query: ExperimentQuery(experiment: "paywall-copy", goal: .complete, guardrails: [], minimumDetectableEffect: 0.3), document: document)
        #expect(asked.goal == "$complete")
        #expect(asked.guardrails.isEmpty)
        #expect(asked.minimumDetectableEffect == 0.3)
        // A document that says nothing: $complete, no guardrail, 0.1.
        let plain = try L.report(Self.twoWeeks, ExperimentQuery(experiment: "paywall-copy"))
        #expect(plain.goal == "$complete" && plain.guardrails.isEmpty && plain.minimumDetectableEffect == 0.1)
    }
}
