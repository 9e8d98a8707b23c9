import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// What the work on large flows gives: the same answers as on small ones — wide steps counted,
/// thousands of findings located and named, the did-you-mean of many questions as of one. (Their
/// time is the benchmark's: `cli-layered-10k`, `cli-layered-unknown-10k`.)
@Suite("Large documents")
struct LargeDocumentTests {
    /// A start step with `width` outcomes, one to each other step; every third of those has a
    /// condition (skipped to the next step in document order: the skip chains of the targets are
    /// shared), and each completes the flow.
    static func wideFlow(width: Int) -> String {
        let outcomes = (0..<width).map { #""o\#($0)": "t\#($0)""# }.joined(separator: ", ")
        var steps = [#"{"id": "start", "on": {\#(outcomes)}}"#]
        for index in 0..<width {
            // A conditional step has no `next`: skipped, it goes on in document order, to the next target.
            let exit = index % 3 == 0 ? #""done": "$complete"}, "when": {"k": 1}"# : #""next": "$complete"}"#
            steps.append(#"{"id": "t\#(index)", "on": {\#(exit)}"#)
        }
        return #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [\#(steps.joined(separator: ",\n"))]}]}"#
    }

    /// One path per target: a conditional target skipped leads to the next one, already counted.
    @Test(arguments: [2, 11, 3_000])
    func aWideStepHasAPathPerTarget(width: Int) throws {
        let document = try WaypointDocument(validating: Data(Self.wideFlow(width: width).utf8))
        let graph = try document.flowGraph(id: "f")
        #expect(try graph.countPaths() == PathCount(width))
        #expect(try graph.countPaths(attributes: ["k": .number(2)]) == PathCount(width - (width + 2) / 3))
        if width <= 11 { #expect(try graph.listPaths().count == width) }
    }

    /// Every step leads to a step that does not exist: each error is located at its own line, and
    /// names the step meant when it is a typo.
    @Test func thousandsOfUnknownTargetsAreEachLocated() {
        let count = 3_000
        let steps = (0..<count).map { #"{"id": "step-\#($0)", "on": {"next": "stpe-\#($0)"}}"# }
        let text = #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": ["# + "\n" + steps.joined(separator: ",\n") + "\n]}]}"
        let validation = WaypointDocument.validate(text)
        let errors = validation.errorDiagnostics.filter { $0.code == .unknownTarget }
        #expect(errors.count == count)
        #expect(errors.map(\.line) == Array(2..<(count + 2)))
        #expect(errors.first?.message == "flow `f` has no step `stpe-0`; did you mean `step-0`?")
        #expect(errors.allSatisfy { $0.message.hasPrefix("flow `f` has no step `stpe-") })
        #expect(errors.map(\.column) == (0..<count).map { 32 + String($0).count })
    }

    /// One line of text, thousands of problems: each column counted from the line's start.
    @Test func locationsOnOneLongLineAreTheColumnsOfTheirOffsets() {
        let bytes = Array((String(repeating: "é", count: 5) + "\n" + String(repeating: "ab", count: 5_000)).utf8)
        let offsets = [10_000, 11, 0, 10, 9, 12, 10_010]
        let expected = offsets.map { SourceText(bytes).location(of: $0) }
        #expect(SourceText.locations(of: offsets, in: bytes) == expected)
        #expect(expected[0] == SourcePosition(line: 2, column: 9_990))
        #expect(expected[2] == SourcePosition(line: 1, column: 1))
        #expect(expected[1] == SourcePosition(line: 2, column: 1))
    }

    /// The did-you-mean of many questions over one list is the one of each question alone, until
    /// its bound: past it, no suggestion rather than more work.
    @Test func theSuggesterAnswersAsSpellingDoesWithinItsBudget() {
        let candidates = ["welcome", "Welcome", "paywall", "pay-wall", "notifications", "done", "registration", "login"]
        let names = ["welcom", "WELCOME", "paywal", "notification", "dne", "registartion", "logn", "nothing-alike", "x"]
        var suggester = Spelling.Suggester(candidates)
        for name in names {
            #expect(suggester.suggestion(for: name) == Spelling.suggestion(for: name, among: candidates), "\(name)")
        }
        var spent = Spelling.Suggester(candidates, budget: candidates.count)
        #expect(spent.suggestion(for: "paywal") == "paywall")
        #expect(spent.suggestion(for: "paywal") == nil)
        #expect(spent.suggestion(for: "PAYWALL") == "paywall")  // the same name in another case costs nothing
    }
}
