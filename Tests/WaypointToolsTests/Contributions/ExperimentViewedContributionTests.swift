import Foundation
import Testing
@testable import WaypointTools

/// `Experiment Viewed` in users' rows: it tells a variation, in the walkthrough report too, and
/// nothing else — no locale, no platform (docs/ARCHITECTURE.md, "Reports at scale").
@Suite struct ExperimentViewedContributionTests {
    static func event(_ user: String, _ number: Int, _ name: String, _ fields: String) -> String {
        #"{"messageId":"\#(user)-\#(number)","userId":"\#(user)","event":"\#(name)","timestamp":"2026-11-02T10:00:0\#(number).000Z",\#(fields)}"#
    }

    /// A report's JSON, or its error's text.
    static func json(_ body: () throws -> Data) -> String {
        do {
            return String(decoding: try body(), as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    /// One user whose walkthrough `Experiment Viewed` names `b` while the events stamped after it
    /// name `a`, and one with nothing but an `Experiment Viewed` of the walkthrough.
    static let walkthroughLines = [
        event("u1", 1, "Walkthrough Started", #""walkthroughId":"tour""#),
        event("u1", 2, "Experiment Viewed", #""walkthroughId":"tour","stepId":"panel","experiment":"tour-copy","variation":"b""#),
        event("u1", 3, "Hint Shown", #""walkthroughId":"tour","stepId":"panel","experiment":"tour-copy","variation":"a""#),
        event("u1", 4, "Walkthrough Completed", #""walkthroughId":"tour","experiment":"tour-copy","variation":"a""#),
        event("u2", 1, "Experiment Viewed", #""walkthroughId":"tour","stepId":"panel","experiment":"tour-copy","variation":"a""#),
    ]

    @Test(arguments: [nil, "tour-copy"] as [String?])
    func aWalkthroughRowTakesItsVariationFromExperimentViewed(_ experiment: String?) throws {
        let lines = Self.walkthroughLines
        let rows = ["u1", "u2"].flatMap { user in Contributions.ofUser(lines: lines.filter { $0.contains(#""userId":"\#(user)""#) }) }
        let query = WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, scope: ReportScope(experiment: experiment))
        let expected = Self.json { try WalkthroughReport.compute(lines: lines, query: query).jsonData() }
        #expect(Self.json { try WalkthroughReport.compute(contributions: rows, query: query, events: lines.count).jsonData() } == expected)
        let report = try WalkthroughReport.compute(lines: lines, query: query)
        #expect(report.byVariation?.keys.sorted() == ["b"])
        #expect(report.withoutStart == 0)
        // The user with only an `Experiment Viewed` has no walkthrough row.
        #expect(rows.filter { $0.kind == .walkthrough && $0.revision == nil }.count == 1)
    }

    @Test(arguments: [ReportDimension.locale, .platform])
    func aFlowRowTakesNoLocaleOrPlatformFromExperimentViewed(_ dimension: ReportDimension) throws {
        let flow = #""flowId":"signup","locale":"en","platform":"iOS""#
        let lines = [
            Self.event("u1", 1, "Flow Started", flow),
            Self.event("u1", 2, "Step Viewed", flow + #","stepId":"welcome","stepIndex":0"#),
            // Sent last, from another locale and platform.
            Self.event("u1", 3, "Experiment Viewed",
                       #""flowId":"signup","stepId":"welcome","experiment":"x","variation":"a","locale":"de","platform":"macOS""#),
        ]
        let rows = Contributions.ofUser(lines: lines)
        let query = FunnelQuery(flowID: "signup", by: dimension, declaredSteps: ["welcome"])
        let expected = Self.json { try Funnel.compute(userOrderedJSONLines: lines, query: query).jsonData() }
        let fromRows = Self.json {
            try Funnel.compute(contributions: rows.filter { $0.kind == .flow && $0.revision == nil }, query: query, events: lines.count).jsonData()
        }
        #expect(fromRows == expected)
        #expect(expected.contains(dimension == .locale ? #""byLocale":{"en":"# : #""byPlatform":{"iOS":"#), "\(expected)")
    }
}
