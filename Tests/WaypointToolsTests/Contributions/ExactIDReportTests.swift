import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Ids that differ only in Unicode normalisation are two ids in every report, over a file and from
/// contributions, and in the publish preview: ids compare by their bytes (docs/ARCHITECTURE.md, "Events").
@Suite struct ExactIDReportTests {
    /// "café" with a precomposed é (NFC) and with e and a combining acute accent (NFD): one `String`
    /// to Swift's `==`, two byte strings.
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    /// An event line, `second` seconds into the test's day, with `fields` (each `,"key":value`).
    static func line(_ message: String, _ user: String, _ event: String, second: Int, _ fields: String = "") -> String {
        let time = RandomFlowEvents.iso(RandomFlowEvents.firstDay + Int64(second) * 1000)
        return #"{"messageId":"\#(message)","userId":"\#(user)","event":"\#(event)","timestamp":"\#(time)"\#(fields)}"#
    }

    /// Both users start `onboarding` (of ``ExperimentLines/document``) and its walkthrough `tour`:
    /// the NFC user completes the flow, the NFD user the walkthrough; each in another variation.
    static let lines: [String] = {
        let flow = #","flowId":"onboarding","experiment":"paywall-copy""#
        let tour = #","walkthroughId":"tour","experiment":"tour-test""#
        return [
            line("f1", composed, "Flow Started", second: 1, flow + #","variation":"control""#),
            line("f2", decomposed, "Flow Started", second: 2, flow + #","variation":"annual-first""#),
            line("f3", composed, "Step Viewed", second: 3, flow + #","variation":"control","stepId":"welcome","stepIndex":0"#),
            line("f4", decomposed, "Step Viewed", second: 4, flow + #","variation":"annual-first","stepId":"welcome","stepIndex":0"#),
            line("f5", composed, "Step Viewed", second: 5, flow + #","variation":"control","stepId":"paywall","stepIndex":1"#),
            line("f6", composed, "Step Completed", second: 6,
                 flow + #","variation":"control","stepId":"paywall","stepIndex":1,"outcome":"subscribe","durationMs":900"#),
            line("f7", composed, "Flow Completed", second: 7, flow + #","variation":"control""#),
            line("w1", composed, "Walkthrough Started", second: 8, tour + #","variation":"a""#),
            line("w2", decomposed, "Walkthrough Started", second: 9, tour + #","variation":"b""#),
            line("w3", composed, "Hint Shown", second: 10, tour + #","variation":"a","stepId":"intro""#),
            line("w4", decomposed, "Hint Shown", second: 11, tour + #","variation":"b","stepId":"intro""#),
            line("w5", decomposed, "Hint Completed", second: 12, tour + #","variation":"b","stepId":"intro","trigger":"tap""#),
            line("w6", decomposed, "Walkthrough Completed", second: 13, tour + #","variation":"b""#),
        ]
    }()

    static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func idsCompareByTheirBytes() {
        #expect(Self.composed == Self.decomposed, "Swift's String compares by canonical equivalence")
        #expect(ExactID(Self.composed) != ExactID(Self.decomposed))
        #expect(Set([ExactID(Self.composed), ExactID(Self.decomposed), ExactID(Self.composed)]).count == 2)
        // The Kelvin sign is canonically the letter K: two ids all the same.
        #expect("\u{212A}" == "K")
        #expect(ExactID("\u{212A}") != ExactID("K"))
        #expect(ExactID("signup") == "signup")
        #expect(ExactID("signup").hashValue == ExactID(String(decoding: Array("signup".utf8), as: UTF8.self)).hashValue)
        // Byte order, as the stores sort text: `e` (0x65) before `é` (0xC3 0xA9).
        #expect(ExactID(Self.decomposed) < ExactID(Self.composed))
        #expect([ExactID("b"), ExactID(Self.composed), ExactID("a")].sorted().map(\.text) == ["a", "b", Self.composed])
    }

    @Test func usersThatDifferOnlyInNormalisationAreTwoUsersOfTheFlowReport() throws {
        let query = FunnelQuery(flowID: "onboarding", document: ExperimentLines.document)
        let overFile = try Funnel.compute(jsonLines: Self.data(Self.lines), query: query)
        let report = try #require(overFile.flowReport)
        #expect(report.overall.started == 2)
        #expect(report.overall.completed == 1)
        // A row per user, as a store keeps them.
        let rows = Contributions.ofUser(lines: Self.lines)
        let flowRows = rows.filter { $0.kind == .flow && $0.revision == nil }
        #expect(flowRows.count == 2)
        #expect(flowRows.map(\.totals.users) == [1, 1])
        let fromRows = try Funnel.compute(contributions: rows, query: query, events: Self.lines.count)
        #expect(Self.text(fromRows.jsonData()) == Self.text(overFile.jsonData()))
    }

    @Test func usersThatDifferOnlyInNormalisationAreTwoUsersOfTheSequentialFunnel() throws {
        let query = FunnelQuery(flowID: "onboarding", steps: ["welcome", "$complete"])
        let overFile = try Funnel.compute(jsonLines: Self.data(Self.lines), query: query)
        #expect(try #require(overFile.funnelReport).steps.map(\.users) == [2, 1])
        // Read by user as a store reads them: the users in byte order, each user's lines in time order.
        let byUser = Self.lines.sorted { lhs, rhs in
            let left = try? JSONDecoder().decode(OnboardingEvent.self, from: Data(lhs.utf8))
            let right = try? JSONDecoder().decode(OnboardingEvent.self, from: Data(rhs.utf8))
            return (left.map { ExactID($0.userID) } ?? "", lhs) < (right.map { ExactID($0.userID) } ?? "", rhs)
        }
        let ordered = try Funnel.compute(userOrderedJSONLines: byUser, query: query)
        #expect(Self.text(ordered.jsonData()) == Self.text(overFile.jsonData()))
    }

    @Test func usersThatDifferOnlyInNormalisationAreTwoUsersOfTheWalkthroughReport() throws {
        let query = WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, declaredSteps: ["intro"])
        let overFile = try WalkthroughReport.compute(jsonLines: Self.data(Self.lines), query: query)
        #expect(overFile.started == 2)
        #expect(overFile.completed == 1)
        let rows = Contributions.ofUser(lines: Self.lines).filter { $0.kind == .walkthrough && $0.revision == nil }
        #expect(rows.count == 2)
        let fromRows = try WalkthroughReport.compute(contributions: rows, query: query, events: Self.lines.count)
        #expect(Self.text(fromRows.jsonData()) == Self.text(overFile.jsonData()))
    }

    @Test(arguments: ["paywall-copy", "tour-test"])
    func usersThatDifferOnlyInNormalisationAreTwoUsersOfTheExperimentReport(experiment: String) throws {
        let query = ExperimentQuery(experiment: experiment)
        let overFile = try ExperimentReport.compute(jsonLines: Self.data(Self.lines), query: query, document: ExperimentLines.document)
        #expect(overFile.variations.map(\.users) == [1, 1])
        #expect(overFile.variations.map(\.conversions).reduce(0, +) == 1)
        let rows = Contributions.ofUser(lines: Self.lines).filter { $0.kind == .experiment && $0.revision == nil }
        let fromRows = try ExperimentReport.compute(
            contributions: rows, query: query, document: ExperimentLines.document, events: Self.lines.count)
        #expect(Self.text(fromRows.jsonData()) == Self.text(overFile.jsonData()))
    }

    /// One user's events of two flows whose ids differ only in normalisation: a row of each, and
    /// each flow's report from the rows is its report over the file.
    @Test func flowsThatDifferOnlyInNormalisationAreTwoFlows() throws {
        let lines = [
            Self.line("a1", "u1", "Flow Started", second: 1, #","flowId":"\#(Self.composed)""#),
            Self.line("a2", "u1", "Flow Started", second: 2, #","flowId":"\#(Self.decomposed)""#),
            Self.line("a3", "u1", "Step Viewed", second: 3, #","flowId":"\#(Self.decomposed)","stepId":"intro""#),
            Self.line("a4", "u1", "Flow Completed", second: 4, #","flowId":"\#(Self.decomposed)""#),
        ]
        let rows = Contributions.ofUser(lines: lines).filter { $0.kind == .flow && $0.revision == nil }
        #expect(Set(rows.map { ExactID($0.subject) }) == [ExactID(Self.composed), ExactID(Self.decomposed)])
        #expect(Set(rows.map(\.cell)).count == 2)
        for (flowID, completed) in [(Self.composed, 0), (Self.decomposed, 1)] {
            let query = FunnelQuery(flowID: flowID)
            let overFile = try Funnel.compute(jsonLines: Self.data(lines), query: query)
            #expect(overFile.flowReport?.overall.started == 1)
            #expect(overFile.flowReport?.overall.completed == completed)
            let fromRows = try Funnel.compute(contributions: rows, query: query, events: lines.count)
            #expect(Self.text(fromRows.jsonData()) == Self.text(overFile.jsonData()), "\(Array(flowID.utf8))")
        }
    }

    /// Steps and outcomes whose ids differ only in normalisation are two steps and two outcomes,
    /// over the file and from the rows (summed through their bytes, as a store sums them).
    @Test func stepsThatDifferOnlyInNormalisationAreTwoSteps() throws {
        var lines: [String] = []
        for (index, step) in [Self.composed, Self.decomposed, Self.decomposed].enumerated() {
            let user = "u\(index)"
            lines.append(Self.line("s\(index)", user, "Flow Started", second: 1, #","flowId":"signup""#))
            lines.append(Self.line("v\(index)", user, "Step Viewed", second: 2, #","flowId":"signup","stepId":"\#(step)""#))
            lines.append(Self.line("c\(index)", user, "Step Completed", second: 3,
                                   #","flowId":"signup","stepId":"\#(step)","outcome":"\#(step)","durationMs":\#(100 * (index + 1))"#))
        }
        // With the document's steps (none here), as on the server: undeclared steps are listed by id, in byte order.
        let query = FunnelQuery(flowID: "signup", declaredSteps: [])
        let overFile = try Funnel.compute(jsonLines: Self.data(lines), query: query)
        let steps = try #require(overFile.flowReport).overall.steps
        #expect(steps.map { Array($0.stepID.utf8) } == [Array(Self.decomposed.utf8), Array(Self.composed.utf8)])
        #expect(steps.map(\.viewed) == [2, 1])
        var summed = ContributionTotals.flow(FlowTotals())
        for row in Contributions.ofUser(lines: lines) where row.kind == .flow {
            summed = try ContributionTotals(bytes: summed.bytes)
            try summed.add(row.totals)
        }
        guard case .flow(let totals) = summed else { throw ContributionError.kindMismatch(.flow, summed.kind) }
        #expect(totals.steps.count == 2)
        #expect(totals.steps[ExactID(Self.decomposed)]?.viewed == 2)
        #expect(totals.steps[ExactID(Self.decomposed)]?.outcomes == [ExactID(Self.decomposed): 2])
        let row = ContributionRow(kind: .flow, subject: "signup", revision: nil, startMs: 0, group: FlowGroup(
            appVersion: nil, revision: nil, variation: nil, experiments: [], variations: [:]).text, totals: summed)
        let fromRows = try Funnel.compute(contributions: [row], query: query, events: lines.count)
        #expect(Self.text(fromRows.jsonData()) == Self.text(overFile.jsonData()))
    }

    /// The preview of a publish counts both users in flight, from events in any order and from lines read by user.
    @Test func thePublishPreviewCountsBothUsersInFlight() throws {
        let published = try Revision.published()
        let lines = [
            Self.line("p1", Self.composed, "Flow Started", second: 1, #","flowId":"signup","flowVersion":1"#),
            Self.line("p2", Self.composed, "Step Viewed", second: 2, #","flowId":"signup","flowVersion":1,"stepId":"splash","stepIndex":0"#),
            Self.line("p3", Self.decomposed, "Flow Started", second: 3, #","flowId":"signup","flowVersion":1"#),
            Self.line("p4", Self.decomposed, "Step Viewed", second: 4, #","flowId":"signup","flowVersion":1,"stepId":"splash","stepIndex":0"#),
        ]
        let events = try lines.map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) }
        let preview = try RevisionPreview.compute(published: published, candidate: published, events: events).flow("signup")
        #expect(preview.inFlight.users == 2)
        let streamed = try FlowPreview.compute(flowID: "signup", published: published, candidate: published, userOrderedJSONLines: lines)
        #expect(streamed == preview)
    }
}
