import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// A flow event of `signup` with an app version; times are seconds after 2026-01-01T00:00:00Z.
private func event(
    _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, outcome: String? = nil,
    version: String? = nil, flow: String = "signup"
) -> OnboardingEvent {
    OnboardingEvent(
        messageID: "m-\(user)-\(name.rawValue)-\(step ?? "")-\(seconds)", userID: user, event: name, timestamp: Lines.date(seconds),
        flowID: flow, flowVersion: 1, stepID: step, outcome: outcome, appVersion: version)
}

@Suite("Flow report by app version, hand-computed")
struct FlowReportByAppVersionTests {
    let signup = FunnelQuery(flowID: "signup")

    /// u1 upgrades from 2.4.0 to 2.5.0 part way and completes; u2 stops at splash on 2.4.0 (its last
    /// event has no version); u3 never says its version and stops at login; u4's events come out of
    /// order in the input, and its last one by time says 2.6.0.
    static let events: [OnboardingEvent] = [
        event("u4", .stepViewed, at: 20, step: "login", version: "2.6.0"),
        event("u1", .flowStarted, at: 0, version: "2.4.0"),
        event("u1", .stepViewed, at: 0, step: "splash", version: "2.4.0"),
        event("u1", .stepCompleted, at: 5, step: "splash", outcome: "login", version: "2.4.0"),
        event("u1", .stepViewed, at: 5, step: "login", version: "2.4.0"),
        event("u1", .stepViewed, at: 100, step: "login", version: "2.5.0"),
        event("u1", .stepCompleted, at: 105, step: "login", outcome: "next", version: "2.5.0"),
        event("u1", .flowCompleted, at: 105, version: "2.5.0"),
        event("u2", .flowStarted, at: 0, version: "2.4.0"),
        event("u2", .stepViewed, at: 0, step: "splash", version: "2.4.0"),
        event("u2", .flowAbandoned, at: 30, step: "splash"),
        event("u3", .flowStarted, at: 0),
        event("u3", .stepViewed, at: 0, step: "splash"),
        event("u3", .stepViewed, at: 5, step: "login"),
        event("u4", .flowStarted, at: 0, version: "2.4.0"),
        event("u4", .stepViewed, at: 0, step: "splash", version: "2.4.0"),
        // Another flow's and a walkthrough's versions are not this flow's.
        event("u5", .flowStarted, at: 0, version: "9.9", flow: "other"),
        OnboardingEvent(userID: "u6", event: .hintShown, timestamp: Lines.date(0), stepID: "intro", walkthroughID: "w", appVersion: "8.8"),
    ]

    static func check(_ report: FlowReport) throws {
        #expect(report.started == 4)
        #expect(report.completed == 1)
        #expect(report.overall.abandoned == 1)
        #expect(report.steps.map(\.stepID) == ["splash", "login"])
        #expect(report.steps.map(\.viewed) == [4, 3])
        #expect(report.steps.map(\.droppedHere) == [1, 2])
        #expect(report.byVariation == nil)
        let groups = try #require(report.byAppVersion)
        #expect(groups.keys.sorted() == ["(none)", "2.4.0", "2.5.0", "2.6.0"])
        // The user who upgraded counts under the version they finished on.
        let upgraded = try #require(groups["2.5.0"])
        #expect((upgraded.started, upgraded.completed, upgraded.abandoned) == (1, 1, 0))
        #expect(upgraded.completionRate == 1)
        #expect(upgraded.medianMsToComplete == 105_000)
        #expect(upgraded.steps.map(\.viewed) == [1, 1])
        #expect(upgraded.steps.map(\.droppedHere) == [0, 0])
        #expect(upgraded.step("login")?.outcomes == ["next": 1])
        let old = try #require(groups["2.4.0"])
        #expect((old.started, old.completed, old.abandoned) == (1, 0, 1))
        // A group lists only the steps its users reached.
        #expect(old.steps.map(\.viewed) == [1])
        #expect(old.steps.map(\.droppedHere) == [1])
        let newest = try #require(groups["2.6.0"])
        #expect((newest.started, newest.completed) == (1, 0))
        #expect(newest.steps.map(\.droppedHere) == [0, 1])
        let none = try #require(groups["(none)"])
        #expect((none.started, none.completed, none.abandoned) == (1, 0, 0))
        #expect(none.steps.map(\.viewed) == [1, 1])
        #expect(none.steps.map(\.droppedHere) == [0, 1])
        #expect(none.completionRate == 0)
    }

    @Test func aUserCountsUnderTheVersionOfTheirLastEventThatHasOne() throws {
        let lines = Self.events.map(\.jsonLine)
        try Self.check(try Lines.flowReport(lines, signup))
        try Self.check(try #require(try Funnel.compute(events: Self.events, query: signup).flowReport))
    }

    /// Users one after another, the one without a version first: the "(none)" group starts before
    /// any version is seen.
    @Test func usersReadOneAtATimeGiveTheSameReport() throws {
        let byUser = ["u3", "u1", "u2", "u4", "u5", "u6"].flatMap { user in Self.events.filter { $0.userID == user } }
        let expected = try Lines.flowReport(Self.events.map(\.jsonLine), signup)
        let streamed = try #require(try Funnel.compute(userOrderedEvents: byUser, query: signup).flowReport)
        #expect(streamed == expected)
        let lines = try #require(try Funnel.compute(userOrderedJSONLines: byUser.map(\.jsonLine), query: signup).flowReport)
        #expect(lines == expected)
        // With the versioned users first, too.
        let versionedFirst = ["u1", "u2", "u4", "u3", "u5", "u6"].flatMap { user in Self.events.filter { $0.userID == user } }
        #expect(try Funnel.compute(userOrderedEvents: versionedFirst, query: signup).flowReport == expected)
    }

    @Test func theJSONHasByAppVersionWithTheKeysOfAVariation() throws {
        let result = try Funnel.compute(jsonLines: Lines.data(Self.events.map(\.jsonLine)), query: FunnelQuery(flowID: "signup", groupByVariation: true))
        let object = try #require(try JSONSerialization.jsonObject(with: result.jsonData()) as? [String: Any])
        let groups = try #require(object["byAppVersion"] as? [String: [String: Any]])
        #expect(groups.keys.sorted() == ["(none)", "2.4.0", "2.5.0", "2.6.0"])
        let variations = try #require(object["byVariation"] as? [String: [String: Any]])
        #expect(Set(groups["2.5.0"]?.keys.map { $0 } ?? []) == Set(variations["(none)"]?.keys.map { $0 } ?? []))
        #expect(groups["2.5.0"]?["completed"] as? Int == 1)
        #expect(String(decoding: result.jsonData(), as: UTF8.self).contains(#""byAppVersion":{"(none)":{"abandoned":0,"completed":0,"#))
    }

    /// Byte for byte what it was before app versions, plus the figures added since (`inProgress`, `dropRate`).
    @Test func withoutAppVersionsTheJSONIsByteForByteAsBefore() throws {
        let lines = [
            event("u1", .flowStarted, at: 0), event("u1", .stepViewed, at: 0, step: "a"),
            event("u1", .stepCompleted, at: 1, step: "a", outcome: "next"), event("u1", .flowCompleted, at: 1),
            event("u2", .flowStarted, at: 0, version: "1.0", flow: "other"),
        ].map(\.jsonLine)
        let result = try Funnel.compute(jsonLines: Lines.data(lines), query: signup)
        #expect(result.flowReport?.byAppVersion == nil)
        #expect(String(decoding: result.jsonData(), as: UTF8.self) == #"{"abandoned":0,"completed":1,"completionRate":1,"events":5,"#
            + #""flowId":"signup","inProgress":0,"invalidLines":0,"kind":"flow","medianMsToComplete":1000,"started":1,"steps":[{"dropRate":0,"#
            + #""droppedHere":0,"medianDurationMs":null,"outcomes":{"next":1},"skipped":0,"stepId":"a","viewed":1}]}"#)
        // A sequential funnel never splits by app version.
        let funnel = try Funnel.compute(jsonLines: Lines.data(Self.events.map(\.jsonLine)), query: FunnelQuery(flowID: "signup", steps: ["splash", "login"]))
        #expect(!String(decoding: funnel.jsonData(), as: UTF8.self).contains("appVersion"))
    }

    @Test func aFlowRecordStaysFortyEightBytes() {
        #expect(MemoryLayout<FlowRecord>.stride == 48)
    }

    /// A file big enough to be read in two ranges: the ranges' app versions are renumbered when merged.
    @Test func aFileReadInRangesGivesTheSameReport() throws {
        var lines: [String] = []
        let versions = ["1.0", "1.1", "2.0", nil]
        for user in 0..<6000 {
            let id = "user-\(user)"
            let first = versions[user % 4], last = versions[(user / 4) % 4]
            lines.append(event(id, .flowStarted, at: 0, version: first).jsonLine)
            lines.append(event(id, .stepViewed, at: 0, step: "splash", version: first).jsonLine)
            if user % 3 == 0 {
                lines.append(event(id, .stepViewed, at: 10, step: "login", version: last).jsonLine)
                if user % 2 == 0 { lines.append(event(id, .flowCompleted, at: 20, version: last).jsonLine) }
            }
        }
        // Users' events spread over the file, so both ranges see every version.
        lines.shuffle()
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 1 << 20)
        let expected = try Lines.flowReport(lines, signup)
        let read = try #require(try Funnel.compute(file: url, query: signup, threads: 2).flowReport)
        #expect(read == expected)
        let groups = try #require(expected.byAppVersion)
        #expect(groups.keys.sorted() == ["(none)", "1.0", "1.1", "2.0"])
        #expect(groups.values.map(\.started).reduce(0, +) == 6000)
        #expect(groups.values.map(\.completed).reduce(0, +) == 1000)
    }
}
