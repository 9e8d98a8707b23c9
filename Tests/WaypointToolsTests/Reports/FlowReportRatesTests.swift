import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

@Suite("Flow report figures people read: inProgress and dropRate, hand-computed")
struct FlowReportRatesTests {
    /// 51 users view `goals`; 17 go on to `sleep-schedule` and 34 to `breathing-demo`. At
    /// sleep-schedule 3 stop (1 abandons, 2 are still in it) and 14 complete; at breathing-demo 4
    /// abandon and 30 complete. `health` is skipped by everyone (its condition was false).
    static let lines: [String] = (0..<51).flatMap { index -> [String] in
        let user = "u\(index)"
        let branch = index < 17 ? "sleep-schedule" : "breathing-demo"
        let end: EventName?
        switch index {
        case 0: end = .flowAbandoned
        case 1, 2: end = nil
        case 17..<21: end = .flowAbandoned
        default: end = .flowCompleted
        }
        return Scoped.run(user, at: Double(index), steps: ["goals", branch], end: end)
            + [Scoped.line(user, .stepSkipped, at: Double(index), step: "health")]
    }

    @Test func dropRateIsOfTheStepsViewersAndInProgressIsWhoIsLeft() throws {
        let report = try #require(try Scoped.report(Self.lines, FunnelQuery(flowID: "signup")).flowReport)
        #expect(report.overall.started == 51)
        #expect(report.overall.completed == 44)
        #expect(report.overall.abandoned == 5)
        #expect(report.overall.inProgress == 2)
        let sleep = try #require(report.overall.step("sleep-schedule"))
        #expect(sleep.viewed == 17)
        #expect(sleep.droppedHere == 3)
        #expect(sleep.dropRate == 3.0 / 17)  // 17.6%, not 3 of 51 starters (5.9%)
        #expect(report.overall.step("breathing-demo")?.dropRate == 4.0 / 34)
        #expect(report.overall.step("goals")?.dropRate == 0)
        let health = try #require(report.overall.step("health"))
        #expect(health.skipped == 51)
        #expect(health.dropRate == nil)
    }

    @Test func theJSONCarriesThemAtTheTopAndPerGroup() throws {
        let lines = Self.lines.map { line in
            // The first 10 users on app version 2.0: u0–u2 (the sleep-schedule stops) and 7 who complete.
            let index = Int(line.firstMatch(of: #/"userId":"u(\d+)"/#)?.1 ?? "") ?? 99
            return index < 10 ? String(line.dropLast()) + #","appVersion":"2.0"}"# : line
        }
        let result = try Scoped.report(lines, FunnelQuery(flowID: "signup"))
        let object = try #require(try JSONSerialization.jsonObject(with: result.jsonData()) as? [String: Any])
        #expect(object["inProgress"] as? Int == 2)
        let steps = try #require(object["steps"] as? [[String: Any]])
        let sleep = try #require(steps.first { $0["stepId"] as? String == "sleep-schedule" })
        #expect(sleep["dropRate"] as? Double == 3.0 / 17)
        let health = try #require(steps.first { $0["stepId"] as? String == "health" })
        #expect(health["dropRate"] is NSNull)
        let version = try #require((object["byAppVersion"] as? [String: [String: Any]])?["2.0"])
        #expect(version["inProgress"] as? Int == 2)
        #expect(version["abandoned"] as? Int == 1)
        let versionSleep = try #require((version["steps"] as? [[String: Any]])?.first { $0["stepId"] as? String == "sleep-schedule" })
        #expect(versionSleep["dropRate"] as? Double == 3.0 / 10)
    }
}
