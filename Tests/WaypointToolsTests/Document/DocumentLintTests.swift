import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Graph analysis: every lint code with a minimal document.
@Suite("Document lint")
struct DocumentLintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let code: String
        let text: String
        let expected: [String]
        var testDescription: String { code }
    }

    static let flow = DocumentFixtures.flowDocument

    static let cases: [Case] = [
        Case(code: "duplicate-id", text: flow([#"{"id": "a", "on": {"next": "$complete"}}"#, #"{"id": "a"}"#], ""), expected: [
            "1:103 error duplicate-id flows[0].steps[1].id: flow `f` already has a step `a` (steps[0]); step ids must be unique in a flow",
        ]),
        Case(code: "duplicate-id of flows", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "a"}]}, {"id": "f", "steps": [{"id": "b"}]}]}"#, expected: [
            "1:76 error duplicate-id flows[1].id: another flow already has the id `f` (flows[0]); entries may share an id only when each names an `experiment` and a different `variation` of it",
        ]),
        Case(code: "unknown-target", text: flow([#"{"id": "alpha", "on": {"next": "alhpa2", "other": "alpha2"}}, {"id": "alpha2"}"#], ""), expected: [
            "1:85 error unknown-target flows[0].steps[0].on.next: flow `f` has no step `alhpa2`; did you mean `alpha2`?",
        ]),
        Case(code: "unknown-target of start", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "start": "x", "steps": [{"id": "a"}]}]}"#, expected: [
            "1:53 error unknown-target flows[0].start: flow `f` has no step `x`",
        ]),
        Case(code: "unknown-subflow", text: flow([#"{"id": "a", "subflow": "g"}"#], ""), expected: [
            "1:77 error unknown-subflow flows[0].steps[0].subflow: no flow has the id `g`; add a flow with that id",
        ]),
        Case(code: "subflow-cycle", text: flow([#"{"id": "a", "subflow": "g"}"#], #", {"id": "g", "steps": [{"id": "b", "subflow": "f"}]}"#), expected: [
            "1:77 error subflow-cycle flows[0].steps[0].subflow: flow `f` runs `g` as a subflow, which leads back to it (`f` → `g` → `f`); a flow must not include itself",
            "1:130 error subflow-cycle flows[1].steps[0].subflow: flow `g` runs `f` as a subflow, which leads back to it (`g` → `f` → `g`); a flow must not include itself",
        ]),
        Case(code: "subflow-cycle of a flow with itself", text: flow([#"{"id": "a", "subflow": "f"}"#], ""), expected: [
            "1:77 error subflow-cycle flows[0].steps[0].subflow: flow `f` runs `f` as a subflow, which leads back to it (`f` → `f`); a flow must not include itself",
        ]),
        Case(code: "unreachable-step", text: flow([#"{"id": "a", "on": {"next": "$complete"}}"#, #"{"id": "b"}"#], ""), expected: [
            "1:103 warning unreachable-step flows[0].steps[1].id: step `b` of flow `f` can never be entered: no way from the start step `a` leads to it; link it from another step or remove it",
        ]),
        Case(code: "dead-end", text: flow([#"{"id": "a", "on": {"go": "b"}}"#, #"{"id": "b", "on": {"x": "c"}}"#, #"{"id": "c", "on": {"y": "b"}}"#], ""), expected: [
            "1:61 error dead-end flows[0].steps[0].id: the flow `f` can never complete after step `a`: every way on from it ends in a cycle without exit",
            "1:93 error no-exit-cycle flows[0].steps[1].id: steps `b` and `c` of flow `f` lead only to each other: once there, the flow can never complete; add an outcome that leaves the cycle",
        ]),
        Case(code: "dead-end of a subflow step without next", text: flow([#"{"id": "a", "subflow": "g", "on": {"done": "$complete"}}"#], #", {"id": "g", "steps": [{"id": "b"}]}"#), expected: [
            "1:61 error dead-end flows[0].steps[0].id: the flow `f` cannot go on after step `a`: a subflow step continues with `next` when its subflow completes, and its `on` has no `next`",
        ]),
        Case(code: "no-exit-cycle", text: flow([#"{"id": "a", "on": {"next": "a"}}"#], ""), expected: [
            "1:61 error no-exit-cycle flows[0].steps[0].id: step `a` of flow `f` leads only back to itself: once there, the flow can never complete; add an outcome that leads on",
        ]),
        Case(code: "unknown-experiment", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "shrt", "variation": "a", "steps": [{"id": "a"}]}], "experiments": [{"key": "short", "variations": ["a", "b"]}]}"#, expected: [
            "1:58 error unknown-experiment flows[0].experiment: no experiment has the key `shrt`; did you mean `short`?",
            "1:134 warning unused-experiment experiments[0].key: no flow or walkthrough varies by the experiment `short`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
        ]),
        Case(code: "unknown-variation", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "e", "variation": "c", "steps": [{"id": "a"}]}], "experiments": [{"key": "e", "variations": ["a", "b"]}]}"#, expected: [
            "1:58 warning missing-variation flows[0].experiment: flow `f` has no entry for variation `a` of `e`; users assigned to it get the first entry (flows[0])",
            "1:58 warning missing-variation flows[0].experiment: flow `f` has no entry for variation `b` of `e`; users assigned to it get the first entry (flows[0])",
            "1:76 error unknown-variation flows[0].variation: `c` is not a variation of `e`; use `a` or `b`",
        ]),
        Case(code: "bad-weights", text: #"{"schemaVersion": 1, "experiments": [{"key": "e", "variations": ["a", "b"], "weights": [0.6, 0.6]}, {"key": "g", "variations": ["a", "b"], "weights": [1]}, {"key": "h", "variations": ["a", "b"], "weights": [0.5, 0.505]}]}"#, expected: [
            "1:46 warning unused-experiment experiments[0].key: no flow or walkthrough varies by the experiment `e`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
            "1:88 error bad-weights experiments[0].weights: the weights of `e` add up to 1.2, not 1; GrowthBook would ignore them and split users equally",
            "1:109 warning unused-experiment experiments[1].key: no flow or walkthrough varies by the experiment `g`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
            "1:151 error bad-weights experiments[1].weights: `g` has 2 variations but 1 weight; give one weight per variation",
            "1:165 warning unused-experiment experiments[2].key: no flow or walkthrough varies by the experiment `h`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
            "1:207 warning bad-weights experiments[2].weights: the weights of `h` add up to 1.005, not exactly 1; make them add up to 1",
        ]),
        Case(code: "unused-experiment", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "e", "variation": "a", "steps": [{"id": "a"}]}, {"id": "f", "experiment": "e", "variation": "b", "steps": [{"id": "b"}]}], "experiments": [{"key": "e", "variations": ["a", "b"]}, {"key": "idle", "variations": ["a", "b"]}]}"#, expected: [
            "1:245 warning unused-experiment experiments[1].key: no flow or walkthrough varies by the experiment `idle`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
        ]),
        Case(code: "mixed-condition", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "a", "when": {"country": {"$in": ["US"], "name": "x"}, "$or": [{"plan": {"$eq": "pro", "tier": 1}}, {"age": {"$gte": 18}}]}}]}]}"#, expected: [
            "1:86 warning mixed-condition flows[0].steps[0].when.country: the test of `country` mixes operators (`$in`) and plain keys (`name`), so it is compared as a literal object and the operators do nothing; use only operators, or only the literal value",
            "1:133 warning mixed-condition flows[0].steps[0].when.$or[0].plan: the test of `plan` mixes operators (`$eq`) and plain keys (`tier`), so it is compared as a literal object and the operators do nothing; use only operators, or only the literal value",
        ]),
        Case(code: "duplicate-target", text: #"{"schemaVersion": 1, "walkthroughs": [{"id": "w", "steps": [{"id": "a", "targetElementId": "b", "tooltipText": "x"}, {"id": "c", "targetElementId": "b", "tooltipText": "y"}]}]}"#, expected: [
            "1:149 warning duplicate-target walkthroughs[0].steps[1].targetElementId: steps `a` and `c` of walkthrough `w` both point at `b` and complete on the same button trigger, so one action would complete both; give one of them another element or trigger",
        ]),
        Case(code: "empty-flow", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": []}], "walkthroughs": [{"id": "w", "steps": []}]}"#, expected: [
            "1:53 warning empty-flow flows[0].steps: flow `f` has no steps: it completes as soon as it starts",
            "1:97 warning empty-flow walkthroughs[0].steps: walkthrough `w` has no steps: it never shows anything",
        ]),
        Case(code: "missing-variation", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "e", "variation": "b", "steps": [{"id": "a"}]}], "experiments": [{"key": "e", "variations": ["a", "b", "c"]}]}"#, expected: [
            "1:58 warning missing-variation flows[0].experiment: flow `f` has no entry for variation `a` of `e`; users assigned to it get the first entry (flows[0])",
            "1:58 warning missing-variation flows[0].experiment: flow `f` has no entry for variation `c` of `e`; users assigned to it get the first entry (flows[0])",
        ]),
        Case(code: "overlapping-experiments", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "x"}]}], "experiments": [{"key": "e", "variations": ["a", "b"], "changes": {"b": [{"flow": "f", "step": "x", "set": {"screen": "X1"}}]}}, {"key": "h", "variations": ["a", "b"], "changes": {"b": [{"flow": "f", "step": "x", "set": {"screen": "X2"}}]}}]}"#, expected: [
            "1:265 error overlapping-experiments experiments[1].changes.b[0].flow: two experiments change step `x` of flow `f`: `e` (experiments[0]) and `h` (experiments[1]); a step can be decided by only one experiment, so put them in one namespace with disjoint ranges, or make one experiment with more variations",
        ]),
    ]

    @Test("Each lint code, with its position, path and message", arguments: cases)
    func code(_ testCase: Case) {
        #expect(DocumentFixtures.lintLines(testCase.text) == testCase.expected)
    }

    @Test("Every lint code is covered")
    func coverage() {
        let documented = ["duplicate-id", "unknown-target", "unknown-subflow", "subflow-cycle", "unreachable-step", "dead-end",
                      "no-exit-cycle", "unknown-experiment", "unknown-variation", "bad-weights", "duplicate-target", "empty-flow",
                      "unused-experiment", "mixed-condition", "overlapping-experiments"]
        let produced = Set(Self.cases.flatMap { $0.expected.map { $0.split(separator: " ")[2] } }.map(String.init))
        #expect(Set(documented).isSubset(of: produced))
    }

    @Test("A cycle that a skipped step can leave is not a problem")
    func skippableCycle() {
        let text = Self.flow([
            #"{"id": "a", "on": {"next": "b"}}"#,
            #"{"id": "b", "when": {"premium": true}, "on": {"next": "a", "skip": "$complete"}}"#,
        ], "")
        #expect(DocumentFixtures.lintLines(text) == [])
    }

    @Test("Flow entries that vary by experiment share an id without a problem")
    func experimentEntries() throws {
        #expect(DocumentFixtures.lintLines(String(decoding: try DocumentFixtures.example("every-feature.json"), as: UTF8.self)) == [])
        let clashing = #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "e", "variation": "a", "steps": [{"id": "x"}]}, {"id": "f", "experiment": "e", "variation": "a", "steps": [{"id": "y"}]}, {"id": "f", "experiment": "g", "variation": "b", "steps": [{"id": "z"}]}], "experiments": [{"key": "e", "variations": ["a", "b"]}, {"key": "g", "variations": ["a", "b"]}]}"#
        #expect(DocumentFixtures.lintLines(clashing) == [
            "1:150 error duplicate-id flows[1].variation: flow `f` already has an entry for variation `a` (flows[0]); keep one",
            "1:206 error overlapping-experiments flows[2].experiment: two experiments vary the entries of flow `f`: `e` (flows[0]) and `g` (flows[2]); a run takes one entry, so entries that share an id must vary by the same experiment: make one experiment with more variations",
        ])
    }

    @Test("The design's example has exactly one problem: its subflow is not part of it")
    func signupDocument() {
        #expect(DocumentFixtures.lintLines(DocumentFixtures.signupDocument) == [
            "16:42 error unknown-subflow flows[0].steps[4].subflow: no flow has the id `end-flow`; add a flow with that id",
            "40:14 warning unused-experiment experiments[0].key: no flow or walkthrough varies by the experiment `short-signup`, so it decides nothing; name it in the `experiment` and `variation` of two entries that share an id, give it `changes`, or remove it",
        ])
    }

    @Test("The bundled examples lint clean", arguments: DocumentFixtures.exampleFiles())
    func bundledExamples(_ name: String) throws {
        #expect(DocumentFixtures.lintLines(String(decoding: try DocumentFixtures.example(name), as: UTF8.self)) == [])
    }

    @Test("A 10,000-step flow lints without recursion: a clean ladder, and one long cycle reported once")
    func longFlows() {
        let steps = 10_000
        let ladder = (0..<steps).map { index in
            FlowStepEntry(id: "s\(index)", on: [
                FlowOutcome(name: "one", target: index + 1 < steps ? .step("s\(index + 1)") : .complete),
                FlowOutcome(name: "two", target: index + 2 < steps ? .step("s\(index + 2)") : .complete),
            ])
        }
        #expect(WaypointDocument(flows: [FlowEntry(id: "ladder", steps: ladder)]).lint().isEmpty)
        let ring = (0..<steps).map { index in
            FlowStepEntry(id: "r\(index)", on: [FlowOutcome(name: "next", target: .step("r\((index + 1) % steps)"))])
        }
        let diagnostics = WaypointDocument(flows: [FlowEntry(id: "ring", steps: ring)]).lint()
        #expect(diagnostics.map(\.code) == [.noExitCycle])
        #expect(diagnostics.first?.message.hasPrefix("steps `r0`, `r1`, `r2`, `r3` and `r4` and 9995 more of flow `ring` lead only to each other") == true)
        #expect(diagnostics.first?.line == 0)
    }
}
