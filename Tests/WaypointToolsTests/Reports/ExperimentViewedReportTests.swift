import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Reports split by an experiment take a user's variation from their first `Experiment Viewed` of
/// it, and from the stamped `experiment`/`variation` for events sent before that event existed;
/// `Experiment Viewed` counts in no flow figure (docs/ARCHITECTURE.md, "Exposure" and "Reports").
@Suite("Reports split by an experiment read Experiment Viewed")
struct ExperimentViewedReportTests {
    /// One user's event lines of `onboarding` of ``TwoExperimentsFixture``: one or two runs with
    /// random answers, the second (when there is one) sometimes with forced variations, as after a
    /// change of attributes, and the first sometimes from an app that sent no `Experiment Viewed`;
    /// written by the core's state machine and recorder, as an app writes them.
    static func user(_ index: Int, using random: inout SplitMix64) throws -> [String] {
        let document = try TwoExperimentsFixture.document()
        let id = "user-\(index)"
        let attributes: Attributes = ["id": .string(id)]
        var time = Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 600)
        var lines: [String] = []
        for run in 0..<(random.chance(0.4) ? 2 : 1) {
            var forced: [String: String] = [:]
            if run == 1, random.chance(0.7) {
                forced["paywall-copy"] = random.chance(0.5) ? "control" : "annual-first"
                forced["welcome-copy"] = random.chance(0.5) ? "control" : "friendly"
            }
            let flow = try #require(try document.resolve(attributes: attributes, forcedVariations: forced, preferredLanguages: [])
                .flows["onboarding"])
            var state = FlowState(for: flow)
            var recorder = FlowEventRecorder(flowID: flow.id, flowVersion: flow.version, attribution: EventAttribution(userID: id))
            var number = 0
            let olderApp = run == 0 && random.chance(0.4)
            func record(_ effects: [FlowEffect]) {
                for effect in effects {
                    for event in recorder.events(for: effect, in: flow, context: attributes, path: state.path, at: time, messageID: {
                        number += 1
                        return "\(id)-\(run)-\(number)"
                    }) where !(olderApp && event.event == .experimentViewed) {
                        lines.append(event.jsonLine)
                    }
                }
                time += Double(random.int(1...90))
            }
            record(try state.start(in: flow, context: attributes))
            var answers = ["next", random.chance(0.7) ? "next" : "later", random.chance(0.4) ? "subscribe" : "notNow", "next"]
            answers = Array(answers.prefix(random.int(1...4)))
            for answer in answers where !state.isCompleted { record(try state.next(answer, in: flow, context: attributes)) }
            if !state.isCompleted, random.chance(0.5) {
                for event in recorder.abandoned(at: time, messageID: { "\(id)-\(run)-abandoned" }) { lines.append(event.jsonLine) }
            }
        }
        return lines
    }

    static func users(seed: UInt64, count: Int) throws -> [[String]] {
        var random = SplitMix64(seed: seed)
        return try (0..<count).map { try user($0, using: &random) }
    }

    /// What the reference reads of one event.
    struct Read {
        var event: OnboardingEvent
        var sequence: Int
        /// The report order: time, then step index (none last), then input order.
        var key: (Date, Int, Int) { (event.timestamp, event.stepIndex ?? Int(Int32.max), sequence) }
        static func precedes(_ lhs: Read, _ rhs: Read) -> Bool { lhs.key < rhs.key }
    }

    /// A user's variation of `experiment`, computed directly from their events: that of their first
    /// `Experiment Viewed` of it, else that of their earliest event carrying it; with the earliest
    /// event carrying it (their exposure) and every variation they were seen in.
    static func reference(_ lines: [String], experiment: String) throws -> (variation: String, exposure: Read, seen: Set<String>)? {
        let events = try lines.enumerated().map { Read(event: try JSONDecoder().decode(OnboardingEvent.self, from: Data($1.utf8)), sequence: $0) }
        let carrying = events.filter { $0.event.experiment == experiment && $0.event.variation != nil }.sorted(by: Read.precedes)
        guard let exposure = carrying.first else { return nil }
        let viewed = carrying.first { $0.event.event == .experimentViewed }
        let variation = try #require((viewed ?? exposure).event.variation)
        return (variation, exposure, Set(carrying.compactMap(\.event.variation)))
    }

    static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    @Test("The fixture's two experiments lint clean")
    func lintsClean() {
        #expect(DocumentFixtures.lintLines(TwoExperimentsFixture.text) == [])
    }

    @Test("waypoint experiment's split equals a reference computed from the events, for either experiment",
          arguments: [(UInt64(1), "paywall-copy"), (2, "paywall-copy"), (3, "welcome-copy"), (4, "welcome-copy")])
    func experimentSplitEqualsTheReference(seed: UInt64, experiment: String) throws {
        let users = try Self.users(seed: seed, count: 300)
        let document = try TwoExperimentsFixture.document()
        let report = try ExperimentReport.compute(
            jsonLines: Self.data(users.flatMap { $0 }), query: ExperimentQuery(experiment: experiment, goal: .complete), document: document)
        var expected: [String: (users: Int, conversions: Int)] = [:]
        var multiple = 0
        for lines in users {
            guard let (variation, exposure, seen) = try Self.reference(lines, experiment: experiment) else { continue }
            let events = try lines.enumerated().map { Read(event: try JSONDecoder().decode(OnboardingEvent.self, from: Data($1.utf8)), sequence: $0) }
            let converted = events.contains { $0.event.event == .flowCompleted && !Read.precedes($0, exposure) }
            expected[variation, default: (0, 0)].users += 1
            if converted { expected[variation, default: (0, 0)].conversions += 1 }
            if seen.count > 1 { multiple += 1 }
        }
        #expect(expected.count == 2 && expected.values.allSatisfy { $0.users > 20 && $0.conversions > 0 })
        #expect(multiple > 0, "some users were seen in two variations")
        if experiment == "welcome-copy" {
            // Some users' earliest event carrying it (from an app without `Experiment Viewed`) names
            // another variation than their first `Experiment Viewed`: the report follows the latter.
            let differing = try users.filter { lines in
                guard let (variation, exposure, _) = try Self.reference(lines, experiment: experiment) else { return false }
                return exposure.event.variation != variation
            }
            #expect(differing.count > 3)
        }
        for row in report.variations {
            #expect(row.users == expected[row.variation]?.users, "\(row.variation) users")
            #expect(row.conversions == expected[row.variation]?.conversions, "\(row.variation) conversions")
        }
        #expect(report.multipleVariations == multiple)

        // The server's ledger sums users' contributions with the same code: the same report.
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }.filter { $0.kind == .experiment }
        let summed = try ExperimentReport.compute(
            contributions: rows, query: ExperimentQuery(experiment: experiment, goal: .complete), document: document,
            events: users.reduce(0) { $0 + $1.count })
        #expect(String(decoding: summed.jsonData(), as: UTF8.self) == String(decoding: report.jsonData(), as: UTF8.self))
    }

    @Test("funnel --by variation --experiment K splits users by their first Experiment Viewed of K; it changes no flow figure",
          arguments: ["paywall-copy", "welcome-copy"])
    func funnelSplitEqualsTheReference(experiment: String) throws {
        let users = try Self.users(seed: 7, count: 300)
        let document = try TwoExperimentsFixture.document()
        let lines = users.flatMap { $0 }
        let split = try #require(try Funnel.compute(jsonLines: Self.data(lines), query: FunnelQuery(
            flowID: "onboarding", groupByVariation: true, document: document, scope: ReportScope(experiment: experiment))).flowReport)
        var expected: [String: Int] = [:]
        for userLines in users {
            guard let (variation, _, _) = try Self.reference(userLines, experiment: experiment) else { continue }
            expected[variation, default: 0] += 1
        }
        #expect(expected.count == 2)
        for (variation, started) in expected { #expect(split.byVariation?[variation]?.started == started, "\(variation)") }

        // Without its `Experiment Viewed` events the flow's figures are the same.
        let plain = try #require(try Funnel.compute(
            jsonLines: Self.data(lines), query: FunnelQuery(flowID: "onboarding", document: document)).flowReport)
        let withoutViews = lines.filter { !$0.contains(#""event":"Experiment Viewed""#) }
        #expect(withoutViews.count < lines.count)
        let stripped = try #require(try Funnel.compute(
            jsonLines: Self.data(withoutViews), query: FunnelQuery(flowID: "onboarding", document: document)).flowReport)
        #expect(plain.overall == stripped.overall)
        #expect(plain.withoutStart == stripped.withoutStart)
        #expect(split.overall == plain.overall)
    }

    @Test("Events sent before Experiment Viewed existed still split by the stamped fields", arguments: [UInt64(5), 6])
    func oldEventsSplitByTheStampedFields(seed: UInt64) throws {
        let users = try Self.users(seed: seed, count: 200)
        let document = try TwoExperimentsFixture.document()
        let old = users.map { $0.filter { !$0.contains(#""event":"Experiment Viewed""#) } }
        // The stamped fields name the first experiment that exposed the run: `welcome-copy`.
        let query = ExperimentQuery(experiment: "welcome-copy", goal: .complete)
        let report = try ExperimentReport.compute(jsonLines: Self.data(old.flatMap { $0 }), query: query, document: document)
        var expected: [String: Int] = [:]
        for lines in old {
            guard let (variation, _, _) = try Self.reference(lines, experiment: "welcome-copy") else { continue }
            expected[variation, default: 0] += 1
        }
        #expect(expected.values.allSatisfy { $0 > 20 })
        #expect(Dictionary(uniqueKeysWithValues: report.variations.map { ($0.variation, $0.users) }) == expected)
        // The same users, read with their `Experiment Viewed` events, are in the variations those name.
        let current = try ExperimentReport.compute(jsonLines: Self.data(users.flatMap { $0 }), query: query, document: document)
        #expect(current.variations.map(\.users).reduce(0, +) == report.variations.map(\.users).reduce(0, +))
    }
}

/// The walkthrough report split by an experiment reads `Experiment Viewed` too.
@Suite("The walkthrough report split by an experiment reads Experiment Viewed")
struct WalkthroughExperimentViewedTests {
    /// One user's run of walkthrough `tour` (hints `a`, `b`): `tour-copy` (its whole entry) exposes
    /// it at `Walkthrough Started`, `hint-b` (which changes hint `b`) at `b`; the recorder writes the
    /// events an app writes.
    static func run(_ user: String, tour: String, hint: String, at start: Double) -> [OnboardingEvent] {
        var recorder = WalkthroughEventRecorder()
        let attribution = EventAttribution(userID: user, experiment: "tour-copy", variation: tour)
        let changes = StepExperiment(assignment: ExperimentAssignment(experiment: "hint-b", variation: hint), changedSteps: ["b"])
        var number = 0
        var events: [OnboardingEvent] = []
        let sequence: [(HintAnalyticsEvent.Name, String?)] = [
            (.walkthroughStarted, nil), (.hintShown, "a"), (.hintCompleted, "a"), (.hintShown, "b"), (.hintCompleted, "b"),
            (.walkthroughCompleted, nil),
        ]
        for (offset, (name, step)) in sequence.enumerated() {
            let hint = HintAnalyticsEvent(
                event: name, timestamp: Date(timeIntervalSince1970: start + Double(offset)), walkthroughId: "tour", walkthroughVersion: 1,
                stepId: step, stepIndex: step == "b" ? 1 : step == "a" ? 0 : nil, trigger: name == .hintCompleted ? "tap" : nil)
            events += recorder.events(for: hint, attribution: attribution, stepExperiments: [changes], messageID: {
                number += 1
                return "\(user)-\(number)"
            })
        }
        return events
    }

    @Test("Split by the second experiment, users are in the variation of their first Experiment Viewed of it; figures do not change",
          arguments: [["a", "b", "b"], ["b", "b", "a", "a"]])
    func splitByTheSecondExperiment(hints: [String]) throws {
        let events = hints.enumerated().flatMap { index, hint in
            Self.run("u\(index)", tour: index % 2 == 0 ? "plain" : "playful", hint: hint, at: 1_790_000_000 + Double(index) * 100)
        }
        #expect(events.filter { $0.event == .experimentViewed }.count == hints.count * 2)
        #expect(events.filter { $0.event != .experimentViewed }.allSatisfy { $0.experiment == "tour-copy" })
        let split = try WalkthroughReport.compute(
            events: events, query: WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, scope: ReportScope(experiment: "hint-b")))
        var expected: [String: Int] = [:]
        for hint in hints { expected[hint, default: 0] += 1 }
        #expect(split.byVariation?.mapValues(\.started) == expected)
        let fromLines = try WalkthroughReport.compute(
            jsonLines: Data(events.map { $0.jsonLine + "\n" }.joined().utf8),
            query: WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, scope: ReportScope(experiment: "hint-b")))
        #expect(fromLines.byVariation?.mapValues(\.started) == expected)
        let plain = try WalkthroughReport.compute(events: events.filter { $0.event != .experimentViewed }, query: WalkthroughQuery(walkthroughID: "tour"))
        #expect(split.overall == plain.overall)
        #expect(split.withoutStart == 0)
    }
}
