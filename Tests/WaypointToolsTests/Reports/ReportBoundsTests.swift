import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// Reports stay bounded whatever their events hold (docs/ARCHITECTURE.md, "Reports"): what the
/// document does not declare is folded into one group or one row, and counted.
@Suite("Report bounds")
struct ReportBoundsTests {
    /// `signup` varies by the experiment `short-signup` (`control`, `short`, and `long`, which no
    /// entry uses); its steps are `splash`, `login`, `done`.
    static let document: WaypointDocument = {
        let json = """
            {"schemaVersion": 1,
             "experiments": [{"key": "short-signup", "variations": ["control", "short", "long"]}],
             "flows": [
               {"id": "signup", "experiment": "short-signup", "variation": "control",
                "steps": [{"id": "splash"}, {"id": "login"}, {"id": "done"}]},
               {"id": "signup", "experiment": "short-signup", "variation": "short",
                "steps": [{"id": "splash"}, {"id": "done"}]}
             ]}
            """
        // A fixed, valid document: a failure here is a broken test.
        return try! WaypointDocument(validating: Data(json.utf8))
    }()

    static var scoped: FunnelQuery { FunnelQuery(flowID: "signup", groupByVariation: true, document: document) }

    /// One user's `Flow Started` and `Step Viewed`s, in `variation` (none when nil), on `version`.
    static func user(
        _ id: String, variation: String?, steps: [String], version: String? = nil, completes: Bool = false, at start: Double = 0
    ) -> [String] {
        func event(_ name: EventName, at seconds: Double, step: String? = nil) -> String {
            OnboardingEvent(
                messageID: "m-\(id)-\(name.rawValue)-\(step ?? "")", userID: id, event: name, timestamp: Lines.date(start + seconds),
                flowID: "signup", flowVersion: 1, stepID: step, experiment: variation == nil ? nil : "short-signup",
                variation: variation, appVersion: version
            ).jsonLine
        }
        var lines = [event(.flowStarted, at: 0)]
        for (index, step) in steps.enumerated() { lines.append(event(.stepViewed, at: Double(index + 1), step: step)) }
        if completes { lines.append(event(.flowCompleted, at: Double(steps.count + 1))) }
        return lines
    }

    /// Each line a user of their own step, variation and app version: what anyone with an SDK key can send.
    static func adversarial(_ count: Int) -> [String] {
        (0..<count).flatMap { index in
            user("attacker-\(index)", variation: "variation-\(index)", steps: ["step-\(index)"], version: "9.\(index)",
                 at: 100_000 + Double(index) * 10)
        }
    }

    @Test func theDocumentDeclaresTheVariationsOfItsEntriesAndOfTheirExperiments() {
        #expect(Self.document.reportedVariations(ofFlow: "signup") == ["control", "short", "long"])
        #expect(Self.document.reportedVariations(ofFlow: "missing") == nil)
    }

    @Test func declaredVariationsAreKeptAndEveryOtherIsTheOneOtherGroup() throws {
        let lines = Self.user("a", variation: "control", steps: ["splash", "login"], completes: true)
            + Self.user("b", variation: "short", steps: ["splash"])
            + Self.user("c", variation: nil, steps: ["splash"])
            + Self.user("d", variation: "rogue-1", steps: ["splash"])
            + Self.user("e", variation: "rogue-2", steps: ["splash", "login"])
        let report = try Lines.flowReport(lines, Self.scoped)
        let groups = try #require(report.byVariation)
        #expect(groups.keys.sorted() == ["(none)", "(other)", "control", "short"])
        let other = try #require(groups[ReportBounds.otherGroup])
        #expect(other.started == 2)
        #expect(other.steps.map(\.stepID) == ["splash", "login", "done"])
        #expect(other.steps.map(\.viewed) == [2, 1, 0])
        #expect(other.steps.map(\.droppedHere) == [1, 1, 0])
        #expect(report.folded == FoldedValues(variations: 2))
        // Every user is counted once.
        #expect(groups.values.map(\.started).reduce(0, +) == report.started)
    }

    /// Up to ``ReportBounds/listedSteps`` undeclared ids are listed on their own, after the declared steps.
    @Test func stepsTheDocumentDoesNotDeclareAreListedAfterTheDeclaredOnes() throws {
        let lines = Self.user("a", variation: "control", steps: ["splash", "old-1", "old-2"])
            + Self.user("b", variation: "control", steps: ["splash", "old-2"])
            + Self.user("c", variation: "short", steps: ["splash", "done"], completes: true)
        let report = try Lines.flowReport(lines, Self.scoped)
        #expect(report.steps.map(\.stepID) == ["splash", "login", "done", "old-1", "old-2"])
        let old = try #require(report.overall.step("old-2"))
        #expect((old.viewed, old.droppedHere, old.inDocument) == (2, 2, false))
        #expect(report.overall.step("old-1")?.viewed == 1)
        #expect(report.folded == nil)
        // A group lists the undeclared ids its own users reached.
        #expect(report.byVariation?["control"]?.steps.map(\.stepID) == ["splash", "login", "done", "old-1", "old-2"])
        #expect(report.byVariation?["short"]?.steps.map(\.stepID) == ["splash", "login", "done"])
        // The sequential funnel still accepts the steps the document declares.
        let funnel = try Lines.report(lines, FunnelQuery(flowID: "signup", steps: ["splash", "done"], document: Self.document))
        #expect(funnel.users == [3, 1])
    }

    @Test func eachGroupListsOnlyItsOwnSteps() throws {
        let lines = (0..<5).flatMap { Self.user("u\($0)", variation: "v\($0)", steps: ["s\($0)", "common"]) }
        let report = try Lines.flowReport(lines, FunnelQuery(flowID: "signup", groupByVariation: true))
        #expect(report.steps.count == 6)
        for index in 0..<5 {
            let group = try #require(report.byVariation?["v\(index)"])
            #expect(group.steps.map(\.stepID) == ["s\(index)", "common"])
        }
        #expect(report.folded == nil)
    }

    /// App versions (which no document declares), and variations without a document: the 20 groups
    /// with the most users keep their names.
    @Test func withoutDeclarationsTheLargestGroupsAreNamedAndTheRestAreOther() throws {
        var lines: [String] = []
        for version in 0..<25 {
            for user in 0...version {
                lines += Self.user("u\(version)-\(user)", variation: "v\(version)", steps: ["splash"], version: "1.\(version)")
            }
        }
        let report = try Lines.flowReport(lines, FunnelQuery(flowID: "signup", groupByVariation: true))
        let versions = try #require(report.byAppVersion)
        #expect(versions.count == ReportBounds.namedGroups + 1)
        #expect(versions["1.24"]?.started == 25)
        #expect(versions["1.4"] == nil)
        #expect(versions[ReportBounds.otherGroup]?.started == 1 + 2 + 3 + 4 + 5)
        #expect(versions.values.map(\.started).reduce(0, +) == report.started)
        let variations = try #require(report.byVariation)
        #expect(variations.count == ReportBounds.namedGroups + 1)
        #expect(variations[ReportBounds.otherGroup]?.steps.map(\.viewed) == [15])
        #expect(report.folded == FoldedValues(variations: 5, appVersions: 5))
    }

    /// 1,000 users, each with their own step, variation and app version: the report is a few
    /// groups of the document's steps and at most 50 others, not a thousand groups of a thousand steps.
    @Test func adversarialEventsMakeABoundedReport() throws {
        let lines = Self.adversarial(1000)
        let scoped = try Funnel.compute(jsonLines: Lines.data(lines), query: Self.scoped)
        let report = try #require(scoped.flowReport)
        #expect(report.byVariation?.keys.sorted() == [ReportBounds.otherGroup])
        #expect(report.byAppVersion?.count == ReportBounds.namedGroups + 1)
        let folded = 1000 - ReportBounds.listedSteps
        #expect(report.folded == FoldedValues(variations: 1000, appVersions: 1000 - ReportBounds.namedGroups, steps: folded))
        #expect(report.steps.count == 3 + ReportBounds.listedSteps + 1)
        #expect(report.byVariation?[ReportBounds.otherGroup]?.step(ReportBounds.otherSteps)?.viewed == folded)
        #expect(report.byAppVersion?.values.allSatisfy { $0.steps.count <= 3 + ReportBounds.listedSteps + 1 } == true)
        // Everyone's rows, the one variation group's and a step or two in each app version's: a
        // size set by the bounds, whatever the number of ids.
        #expect(scoped.jsonData().count < 40_000, "\(scoped.jsonData().count) bytes")
        // Without a document the groups are still capped, and each lists its own step only: linear, not quadratic.
        let unscoped = try Funnel.compute(jsonLines: Lines.data(lines), query: FunnelQuery(flowID: "signup", groupByVariation: true))
        let groups = try #require(unscoped.flowReport?.byVariation)
        #expect(groups.count == ReportBounds.namedGroups + 1)
        #expect(groups.filter { $0.key != ReportBounds.otherGroup }.allSatisfy { $0.value.steps.count == 1 })
        #expect(unscoped.jsonData().count < 400_000, "\(unscoped.jsonData().count) bytes")
    }

    /// The CLI reads a file in ranges on several threads; the server reads its store one user at a
    /// time: the same bounds give the same JSON, byte for byte. (Users start at distinct times: the
    /// order of first appearance of steps seen at the very same time depends on the input's order.)
    @Test(arguments: [true, false])
    func aFileReadInRangesAndUsersReadOneAtATimeGiveTheSameBoundedReport(scoped: Bool) throws {
        var lines = Self.adversarial(600)
        for user in 0..<3000 {
            let variation = ["control", "short", "rogue-\(user % 40)", nil][user % 4]
            lines += Self.user("user-\(user)", variation: variation, steps: ["splash", user % 3 == 0 ? "login" : "old-\(user % 30)"],
                               version: "2.\(user % 30)", completes: user % 5 == 0, at: Double(user) * 10)
        }
        let query = scoped ? Self.scoped : FunnelQuery(flowID: "signup", groupByVariation: true)
        let file = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try Funnel.compute(file: file, query: query, threads: 3, chunkBytes: 4096, maxLineBytes: 1 << 20, progress: nil)
        let byUser = Dictionary(grouping: lines) { line in
            (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)))?.userID ?? ""
        }
        let streamed = try Funnel.compute(userOrderedJSONLines: byUser.keys.sorted().flatMap { byUser[$0] ?? [] }, query: query)
        #expect(fromFile.jsonData() == streamed.jsonData())
        #expect(fromFile.flowReport?.folded != nil)
    }

    @Test func theJSONSaysWhatWasFolded() throws {
        let steps = ["splash"] + (0...ReportBounds.listedSteps).map { "old-\($0)" }
        let lines = Self.user("d", variation: "rogue", steps: steps)
        let json = String(decoding: try Funnel.compute(jsonLines: Lines.data(lines), query: Self.scoped).jsonData(), as: UTF8.self)
        #expect(json.contains(#""folded":{"appVersions":0,"steps":1,"variations":1}"#), "\(json)")
        // Nothing folded: no "folded", the JSON as before.
        let plain = String(decoding: try Funnel.compute(jsonLines: Lines.data(lines), query: FunnelQuery(flowID: "signup")).jsonData(), as: UTF8.self)
        #expect(!plain.contains("folded"))
    }

    /// The walkthrough report names at most 20 variations and app versions, and each group lists its own hints.
    @Test func theWalkthroughReportIsBoundedToo() throws {
        let lines = (0..<500).flatMap { index in
            [EventName.walkthroughStarted, .hintShown].map { name in
                OnboardingEvent(
                    messageID: "w-\(index)-\(name.rawValue)", userID: "attacker-\(index)", event: name, timestamp: Lines.date(Double(index)),
                    stepID: name == .hintShown ? "hint-\(index)" : nil, walkthroughID: "layering", experiment: "tour",
                    variation: "variation-\(index)", appVersion: "9.\(index)"
                ).jsonLine
            }
        }
        let report = try WalkthroughReport.compute(lines: lines, query: WalkthroughQuery(walkthroughID: "layering", groupByVariation: true))
        let variations = try #require(report.byVariation)
        #expect(variations.count == ReportBounds.namedGroups + 1)
        #expect(variations[ReportBounds.otherGroup]?.started == 500 - ReportBounds.namedGroups)
        #expect(variations.filter { $0.key != ReportBounds.otherGroup }.allSatisfy { $0.value.steps.count == 1 })
        #expect(report.byAppVersion?.count == ReportBounds.namedGroups + 1)
        #expect(report.folded == FoldedValues(variations: 480, appVersions: 480))
        #expect(report.steps.count == 500)
        #expect(report.jsonData().count < 300_000, "\(report.jsonData().count) bytes")
    }

    @Test func theTablesAndTheDashboardSayWhatWasFoldedInOneSentence() {
        #expect(ReportText.folded(nil) == nil)
        #expect(ReportText.folded(FoldedValues()) == nil)
        #expect(ReportText.folded(FoldedValues(variations: 1, appVersions: 980, steps: 1000))
            == "Shown together to keep the report bounded: 1 variation under (other), 980 app versions under (other), "
            + "1,000 step ids as (other steps).")
    }
}
