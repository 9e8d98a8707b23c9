import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

@Suite("Funnel semantics, hand-computed")
struct FunnelTests {
    let abc = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], declaredSteps: ["a", "b", "c"])

    @Test func countsUsersConversionsAndMedians() throws {
        let report = try Lines.report([
            Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 10), Lines.view("u1", "c", at: 20),
            Lines.view("u2", "a", at: 0), Lines.view("u2", "b", at: 5),
            Lines.view("u3", "a", at: 0),
            Lines.view("u4", "b", at: 0), Lines.view("u4", "c", at: 1),  // never viewed the first step
        ], abc)
        #expect(report.users == [3, 2, 1])
        let fromStart: [Double] = [1, 2.0 / 3, 1.0 / 3]
        #expect(report.steps.map(\.conversionFromStart) == fromStart)
        let fromPrevious: [Double] = [1, 2.0 / 3, 0.5]
        #expect(report.steps.map(\.conversionFromPrevious) == fromPrevious)
        #expect(report.medians == [nil, 7500, 10_000])  // (10 s + 5 s) / 2; then u1's 10 s
        #expect(report.steps.map(\.stepID) == ["a", "b", "c"])
        #expect(report.invalidLines == 0)
        #expect(report.events == 8)
    }

    @Test func theWindowIsInclusiveAndCountsFromTheAttemptsStart() throws {
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], window: try #require(FunnelWindow("1h")))
        let report = try Lines.report([
            Lines.view("edge", "a", at: 0), Lines.view("edge", "b", at: 3600),           // exactly at the end: in
            Lines.view("late", "a", at: 0), Lines.view("late", "b", at: 3600.001),       // one ms later: out
            Lines.view("chain", "a", at: 0), Lines.view("chain", "b", at: 1800), Lines.view("chain", "c", at: 3600),
            Lines.view("drift", "a", at: 0), Lines.view("drift", "b", at: 1800), Lines.view("drift", "c", at: 3600.001),
        ], query)
        // drift's c is within an hour of b but not of the attempt's start.
        #expect(report.users == [4, 3, 1])
        #expect(report.medians == [nil, 1800_000, 1800_000])
    }

    @Test func equalTimestampsFollowEachOther() throws {
        let report = try Lines.report([
            Lines.view("u1", "a", at: 5), Lines.view("u1", "b", at: 5), Lines.view("u1", "c", at: 5),
            Lines.view("u2", "b", at: 4), Lines.view("u2", "a", at: 5),  // b before a does not count
        ], abc)
        #expect(report.users == [2, 1, 1])
        #expect(report.medians == [nil, 0, 0])
    }

    @Test func laterAttemptsCanReachFurtherAndTheFurthestAttemptGivesTheTimes() throws {
        let day = 86_400.0
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], window: .days(1))
        let report = try Lines.report([
            // First attempt at 0 never sees b within a day; the second, at 1.5 days, does, then c.
            Lines.view("u1", "a", at: 0), Lines.view("u1", "a", at: 1.5 * day),
            Lines.view("u1", "b", at: 2 * day), Lines.view("u1", "c", at: 2 * day + 10),
        ], query)
        #expect(report.users == [1, 1, 1])
        #expect(report.medians == [nil, 43_200_000, 10_000])
    }

    @Test func tiedAttemptsUseTheEarliest() throws {
        let report = try Lines.report([
            Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 100),
            Lines.view("u1", "a", at: 1000), Lines.view("u1", "b", at: 1050),
        ], abc)
        #expect(report.users == [1, 1, 0])
        #expect(report.medians == [nil, 100_000, nil])
    }

    @Test func eachStepMatchesTheEarliestViewNoEarlierThanThePreviousMatch() throws {
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], window: try #require(FunnelWindow("30s")))
        let report = try Lines.report([
            // b matches at 10 (not 20), so c at 15 follows it.
            Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 10), Lines.view("u1", "b", at: 20),
            Lines.view("u1", "c", at: 15),
        ], query)
        #expect(report.users == [1, 1, 1])
        #expect(report.medians == [nil, 10_000, 5000])
    }

    @Test func fileOrderDoesNotMatter() throws {
        let lines = [
            Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 10), Lines.view("u1", "c", at: 20),
            Lines.view("u2", "a", at: 0), Lines.view("u2", "b", at: 5), Lines.view("u2", "a", at: 50),
            Lines.view("u2", "c", at: 60), Lines.view("u3", "c", at: 1), Lines.view("u3", "a", at: 2),
        ]
        let ordered = try Lines.report(lines, abc)
        #expect(ordered.users == [3, 2, 2])
        #expect(try Lines.report(lines.reversed(), abc) == ordered)
        #expect(try Lines.report([lines[4], lines[8], lines[0], lines[6], lines[2], lines[7], lines[1], lines[5], lines[3]], abc) == ordered)
    }

    @Test func duplicateDeliveriesChangeNothing() throws {
        let lines = [Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 7), Lines.view("u2", "a", at: 1)]
        let once = try Lines.report(lines, abc)
        let twice = try Lines.report(lines + lines, abc)
        #expect(twice.steps == once.steps)
    }

    @Test func otherFlowsAndOtherEventsAreIgnored() throws {
        let other = OnboardingEvent(
            messageID: "x", userID: "u1", event: .stepCompleted, timestamp: Lines.date(1), flowID: "signup", stepID: "b")
        let report = try Lines.report([
            Lines.view("u1", "a", at: 0), other.jsonLine, Lines.view("u1", "b", at: 2, flow: "tour"),
        ], FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], declaredSteps: ["a", "b", "c"]))
        #expect(report.users == [1, 0, 0])
        #expect(report.events == 3)
    }

    @Test func byVariationSplitsEveryFigure() throws {
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b"], groupByVariation: true)
        let report = try Lines.report([
            Lines.view("c1", "a", at: 0, variation: "control"), Lines.view("c1", "b", at: 4, variation: "control"),
            Lines.view("c2", "a", at: 0, variation: "control"),
            Lines.view("s1", "a", at: 0, variation: "short"), Lines.view("s1", "b", at: 2, variation: "short"),
            Lines.view("n1", "a", at: 0),
        ], query)
        #expect(report.users == [4, 2])
        #expect(report.medians == [nil, 3000])
        let groups = try #require(report.byVariation)
        #expect(groups.keys.sorted() == ["(none)", "control", "short"])
        #expect(groups["control"]?.steps.map(\.users) == [2, 1])
        #expect(groups["control"]?.steps.map(\.conversionFromPrevious) == [1, 0.5])
        #expect(groups["control"]?.steps.map(\.medianMsFromPrevious) == [nil, 4000])
        #expect(groups["short"]?.steps.map(\.users) == [1, 1])
        #expect(groups["(none)"]?.steps.map(\.users) == [1, 0])
        #expect(groups["(none)"]?.steps.map(\.conversionFromStart) == [1, 0])
        #expect(try Lines.report([Lines.view("c1", "a", at: 0)], abc).byVariation == nil)
    }

    @Test func conversionsAreZeroWhenNobodyStarted() throws {
        let report = try Lines.report([Lines.view("u1", "b", at: 0)], FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], declaredSteps: ["a", "c"]))
        #expect(report.users == [0, 0, 0])
        #expect(report.steps.allSatisfy { $0.conversionFromStart == 0 && $0.conversionFromPrevious == 0 })
        #expect(report.medians == [nil, nil, nil])
    }

    @Test func medianOfAnOddCountIsTheMiddleValue() throws {
        let report = try Lines.report([
            Lines.view("u1", "a", at: 0), Lines.view("u1", "b", at: 1),
            Lines.view("u2", "a", at: 0), Lines.view("u2", "b", at: 9),
            Lines.view("u3", "a", at: 0), Lines.view("u3", "b", at: 4),
        ], FunnelQuery(flowID: "signup", steps: ["a", "b"]))
        #expect(report.medians == [nil, 4000])
    }

    @Test func withoutStepsItIsTheFlowReportInOrderOfFirstAppearance() throws {
        let started = ["u1", "u2"].map { user in
            OnboardingEvent(messageID: "m-\(user)-start", userID: user, event: .flowStarted, timestamp: Lines.date(0), flowID: "signup", flowVersion: 1).jsonLine
        }
        let report = try Lines.flowReport(started + [
            Lines.view("u2", "shared-end/e", at: 3, index: 2),
            Lines.view("u1", "splash", at: 0, index: 0), Lines.view("u1", "login", at: 1, index: 1),
            Lines.view("u1", "shared-end/e", at: 2, index: 2), Lines.view("u2", "splash", at: 0, index: 0),
        ], FunnelQuery(flowID: "signup"))
        #expect(report.steps.map(\.stepID) == ["splash", "login", "shared-end/e"])
        #expect(report.steps.map(\.viewed) == [2, 1, 2])
    }

    @Test func aFlowWithoutEventsIsAnErrorThatNamesTheFlowsThereAre() throws {
        #expect {
            try Lines.report([Lines.view("u1", "a", at: 0, flow: "signUp")], FunnelQuery(flowID: "signup"))
        } throws: { error in
            "\(error)" == "No events of flow \"signup\". Did you mean \"signUp\"? Flows with events: signUp. "
                + "Check the flow id, or pass --document to report on a flow without events yet."
        }
    }

    /// The facts behind the message, for callers that word it themselves (the server's API).
    @Test func aFlowWithoutEventsNamesItsFactsForOtherWordings() throws {
        let error = try #require(throws: ReportError.self) {
            try Lines.report([Lines.view("u1", "a", at: 0, flow: "signUp"), Lines.view("u1", "a", at: 1, flow: "end")], FunnelQuery(flowID: "signup"))
        }
        let missing = try #require(error.flowWithoutEvents)
        #expect(missing.flowID == "signup")
        #expect(missing.flowsWithEvents == ["end", "signUp"])
        #expect(error.walkthroughWithoutEvents == nil)
        #expect(ReportError.suggestion(for: "onbaording", among: ["signup", "onboarding"]) == "onboarding")
        #expect(ReportError.suggestion(for: "checkout", among: ["signup", "onboarding"]) == nil)
    }

    @Test func aStepNoEventMentionsIsAnErrorWithADidYouMean() throws {
        let lines = [Lines.view("u1", "splash", at: 0), Lines.view("u1", "login", at: 1)]
        #expect {
            try Lines.report(lines, FunnelQuery(flowID: "signup", steps: ["splash", "Login", "paywall"]))
        } throws: { error in
            "\(error)" == "No event of flow \"signup\" mentions step \"Login\" (did you mean \"login\"?), \"paywall\""
                + " and no document declares them. Known steps: $complete, login, splash. "
                + "Fix the step ids, or pass --document when the steps have no events yet."
        }
        #expect {
            try Lines.report(lines, FunnelQuery(flowID: "signup", steps: ["splash", "paywall"]))
        } throws: { error in
            "\(error)" == "No event of flow \"signup\" mentions step \"paywall\" and no document declares it. "
                + "Known steps: $complete, login, splash. Fix the step id, or pass --document when the step has no events yet."
        }
        // Declared by the document: reported at 0.
        let report = try Lines.report(lines, FunnelQuery(flowID: "signup", steps: ["splash", "paywall"], declaredSteps: ["splash", "paywall"]))
        #expect(report.users == [1, 0])
    }

    /// A funnel over thousands of step ids that names thousands of unknown ones answers a short
    /// message: the first unknown steps, the closest known ones and how many there are.
    @Test func unknownStepsAmongThousandsGiveAShortMessageNamingTheClosest() throws {
        let known = (0..<2_500).map { String(format: "step-%04d", $0) }
        let lines = known.enumerated().map { index, step in Lines.view("u1", step, at: Double(index)) }
        let asked = ["step-0001"] + (0..<2_500).map { String(format: "stap-%04d", $0) }
        let error = try #require(throws: ReportError.self) {
            try Lines.report(lines, FunnelQuery(flowID: "signup", steps: asked))
        }
        let message = "\(error)"
        #expect(message.utf8.count < 1024, "\(message.utf8.count) bytes: \(message)")
        #expect(message.hasPrefix(
            "No event of flow \"signup\" mentions step \"stap-0000\" (did you mean \"step-0000\"?), \"stap-0001\" (did you mean \"step-0001\"?), "))
        #expect(message.contains("\"stap-0004\" (did you mean \"step-0004\"?) (and 2495 more) and no document declares them."))
        #expect(message.contains("Closest known steps: step-0000, step-0001, step-0002, step-0003, step-0004 (of 2501 known)."))
    }

    @Test(arguments: [("14d", 1_209_600_000), ("36h", 129_600_000), ("90m", 5_400_000), ("30s", 30_000),
                      ("500ms", 500), ("2w", 1_209_600_000)] as [(String, Int64)])
    func windowsParse(text: String, milliseconds: Int64) throws {
        let window = try #require(FunnelWindow(text))
        #expect(window.milliseconds == milliseconds)
        #expect(window.description == text)
    }

    @Test(arguments: ["", "14", "d", "14 d", "-1d", "1.5d", "14x", "99999999999999999999d"])
    func badWindowsDoNotParse(text: String) {
        #expect(FunnelWindow(text) == nil)
    }

    @Test func eventsInMemoryGiveTheSameReportAsTheirJSONLines() throws {
        let events = (0..<40).map { index in
            OnboardingEvent(
                messageID: "m\(index)", userID: "u\(index % 7)", event: .stepViewed,
                timestamp: Lines.date(Double(index * 37 % 100)), flowID: "signup", stepID: ["a", "b", "c"][index % 3],
                variation: index % 2 == 0 ? "x" : nil)
        }
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], window: try #require(FunnelWindow("60s")),
                                groupByVariation: true)
        let fromLines = try Lines.report(events.map(\.jsonLine), query)
        #expect(try Funnel.compute(events: events, query: query).funnelReport == fromLines)
        #expect(fromLines.users.first ?? 0 > 0)
    }
}
