import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// `GET /v1/apps/{app}/events?format=jsonl&since=…&until=…`: the events whose time is in `[since, until)`.
@Suite("Export by time")
struct ExportRangeTests {
    /// Events one per time, named by it.
    static let times = [
        "2026-11-20T23:59:59.999Z", "2026-11-21T00:00:00.000Z", "2026-11-21T09:59:59.999Z", "2026-11-21T10:00:00.000Z",
        "2026-11-21T23:59:59.999Z", "2026-11-22T00:00:00.000Z",
    ]

    static func line(_ index: Int) -> String {
        #"{"messageId":"m\#(index)","userId":"u1","event":"Step Viewed","timestamp":"\#(times[index])","flowId":"signup","stepId":"splash"}"#
    }

    /// A query, and the indices of `times` it exports.
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let exported: [Int]
        var testDescription: String { query }
    }

    static let cases = [
        Case(query: "", exported: [0, 1, 2, 3, 4, 5]),
        Case(query: "&since=2026-11-21", exported: [1, 2, 3, 4, 5]),
        Case(query: "&until=2026-11-21", exported: [0]),
        Case(query: "&since=2026-11-21&until=2026-11-22", exported: [1, 2, 3, 4]),
        Case(query: "&since=2026-11-21T10:00:00Z", exported: [3, 4, 5]),
        Case(query: "&until=2026-11-21T10:00:00Z", exported: [0, 1, 2]),
        // 11:00 at +01:00 is 10:00 UTC.
        Case(query: "&since=2026-11-21T11:00:00%2B01:00&until=2026-11-21T23:59:59.999Z", exported: [3]),
        Case(query: "&since=2026-11-21T09:59:59.999Z&until=2026-11-21T10:00:00.001Z", exported: [2, 3]),
        Case(query: "&since=2026-11-23", exported: []),
    ]

    @Test(arguments: cases)
    func theExportHoldsTheEventsFromSinceUntilUntil(_ example: Case) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            #expect(try await client.postEvents(key: app.production, lines: Self.times.indices.map(Self.line)).status == .ok)
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl\(example.query)", headers: TestServer.admin)
            #expect(export.status == .ok, "\(export.text)")
            let ids = export.text.split(separator: "\n").map { line in
                (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)))?.messageID ?? ""
            }
            #expect(ids == example.exported.map { "m\($0)" })
        }
    }

    static let forms = "use a date such as 2026-11-21 (midnight UTC) or a time such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00."

    @Test(arguments: [
        ("since=yesterday", "since=yesterday is not a date or a time; \(forms)"),
        ("until=2026-11-21T10:00", "until=2026-11-21T10:00 is not a date or a time; \(forms)"),
        ("since=2026-13-01", "since=2026-13-01 is not a date or a time; \(forms)"),
        ("since=2026-11-21T10:00:00", "since=2026-11-21T10:00:00 is not a date or a time; \(forms)"),
        ("since=", "since= is not a date or a time; \(forms)"),
        ("since=2026-11-22&until=2026-11-21",
         "since=2026-11-22 is not before until=2026-11-21; events are chosen from since (included) to until (excluded)."),
        ("since=2026-11-21&until=2026-11-21",
         "since=2026-11-21 is not before until=2026-11-21; events are chosen from since (included) to until (excluded)."),
        ("from=2026-11-21",
         "from is not a parameter of the export; it takes format=jsonl, environment, revision, since and until (a date such as 2026-11-21 (midnight UTC) or a time such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00)."),
        ("format=csv", "format=csv is not supported; use format=jsonl."),
    ])
    func aParameterItDoesNotUnderstandIs400WithTheAcceptedForms(query: String, message: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.send("/v1/apps/fitness/events?format=jsonl&\(query)".replacingOccurrences(of: "format=jsonl&format=csv", with: "format=csv"), headers: TestServer.admin)
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-query")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message)
        }
    }

    @Test func aBareDateIsItsMidnightInUTC() throws {
        #expect(try EventTimeRange.milliseconds("2026-11-21", parameter: "since") == WaypointTime.parseISO8601("2026-11-21T00:00:00.000Z"))
        #expect(try EventTimeRange.parse(since: nil, until: nil) == nil)
        #expect(try EventTimeRange.parse(since: "2026-11-21", until: nil)
            == EventTimeRange(since: WaypointTime.parseISO8601("2026-11-21T00:00:00Z"), until: nil))
    }
}
