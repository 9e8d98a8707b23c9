import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Several experiments per run: the experiments that reach a flow through its subflows, and the lint error when two
/// decide the same thing (one step, or the entries of one id).
@Suite("Overlapping experiments")
struct OverlappingExperimentsTests {
    /// Two entries of `id` varying by `experiment` (variations `a` and `b`), each with the given steps.
    static func varying(_ id: String, by experiment: String, steps: String) -> String {
        #"{"id": "\#(id)", "experiment": "\#(experiment)", "variation": "a", "steps": [\#(steps)]}, "#
            + #"{"id": "\#(id)", "experiment": "\#(experiment)", "variation": "b", "steps": [\#(steps)]}"#
    }

    static func document(_ flows: [String], experiments: [String]) -> String {
        #"{"schemaVersion": 1, "flows": ["# + flows.joined(separator: ", ") + #"], "experiments": ["#
            + experiments.map { #"{"key": "\#($0)", "variations": ["a", "b"]}"# }.joined(separator: ", ") + "]}"
    }

    static func decoded(_ text: String) throws -> WaypointDocument {
        try #require(WaypointDocument.validate(text).document)
    }

    @Test("A flow and its subflow that vary by different experiments lint clean: each is exposed at its own point")
    func flowAndSubflow() throws {
        let text = Self.document([
            Self.varying("f", by: "e1", steps: #"{"id": "s", "subflow": "g"}"#),
            Self.varying("g", by: "e2", steps: #"{"id": "x"}"#),
        ], experiments: ["e1", "e2"])
        #expect(DocumentFixtures.lintLines(text) == [])
        #expect(ExperimentReach(document: try Self.decoded(text)).experiments(reaching: "f").map(\.key) == ["e1", "e2"])
    }

    @Test("Entries of one flow that vary by two experiments are one error naming both")
    func twoWholeFlowExperimentsOnOneFlow() {
        let text = #"{"schemaVersion": 1, "flows": [{"id": "f", "experiment": "e1", "variation": "a", "steps": [{"id": "x"}]}, "#
            + #"{"id": "f", "experiment": "e2", "variation": "b", "steps": [{"id": "y"}]}], "#
            + #""experiments": [{"key": "e1", "variations": ["a", "b"]}, {"key": "e2", "variations": ["a", "b"]}]}"#
        #expect(DocumentFixtures.lintLines(text) == [
            "1:133 error overlapping-experiments flows[1].experiment: two experiments vary the entries of flow `f`: `e1` (flows[0]) and "
                + "`e2` (flows[1]); a run takes one entry, so entries that share an id must vary by the same experiment: make one "
                + "experiment with more variations",
        ])
    }

    @Test("A flow and its subflow that vary by the same experiment are fine")
    func sameExperiment() throws {
        let text = Self.document([
            Self.varying("f", by: "e1", steps: #"{"id": "s", "subflow": "g"}"#),
            Self.varying("g", by: "e1", steps: #"{"id": "x"}"#),
        ], experiments: ["e1"])
        #expect(DocumentFixtures.lintLines(text) == [])
        #expect(ExperimentReach(document: try Self.decoded(text)).experiments(reaching: "f").map(\.key) == ["e1"])
    }

    @Test("Two subflows of a flow without an experiment, reached through another subflow, both reach it and do not conflict")
    func twoSubflowsDeep() throws {
        let text = Self.document([
            #"{"id": "top", "steps": [{"id": "t", "subflow": "f"}, {"id": "u", "subflow": "f"}]}"#,
            #"{"id": "f", "steps": [{"id": "s1", "subflow": "g"}, {"id": "s2", "subflow": "h"}]}"#,
            Self.varying("g", by: "e1", steps: #"{"id": "x"}"#),
            #"{"id": "h", "steps": [{"id": "y", "subflow": "k"}]}"#,
            Self.varying("k", by: "e2", steps: #"{"id": "z"}"#),
        ], experiments: ["e1", "e2"])
        #expect(DocumentFixtures.lintLines(text) == [])
        let reach = ExperimentReach(document: try Self.decoded(text))
        #expect(reach.experiments(reaching: "top").map(\.key) == ["e1", "e2"])
        #expect(reach.experiments(reaching: "h").map(\.flowID) == ["k"])
        #expect(reach.experiments(reaching: "k").first?.variations == ["a", "b"])
        #expect(reach.experiments(reaching: "nothing").isEmpty)
    }

    @Test("Flows of a subflow cycle share their experiments, and the cycle does not stop the analysis")
    func cycle() throws {
        let text = Self.document([
            #"{"id": "f", "steps": [{"id": "s", "subflow": "g"}]}"#,
            Self.varying("g", by: "e1", steps: #"{"id": "x", "subflow": "f"}"#),
        ], experiments: ["e1"])
        let reach = ExperimentReach(document: try Self.decoded(text))
        #expect(reach.experiments(reaching: "f").map(\.key) == ["e1"])
        #expect(reach.experiments(reaching: "g").map(\.key) == ["e1"])
        #expect(DocumentFixtures.lintLines(text).allSatisfy { $0.contains("subflow-cycle") })
    }

    @Test("A problem of one variation's entry of a subflow names that variation")
    func problemInOneVariation() {
        let text = Self.document([
            #"{"id": "f", "steps": [{"id": "s", "subflow": "g"}]}"#,
            #"{"id": "g", "experiment": "e1", "variation": "a", "steps": [{"id": "x"}]}"#,
            #"{"id": "g", "experiment": "e1", "variation": "b", "steps": [{"id": "y", "on": {"go": "z"}}, {"id": "z", "on": {"go": "y"}}]}"#,
        ], experiments: ["e1"])
        let lines = DocumentFixtures.lintLines(text)
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("error no-exit-cycle flows[2].steps[0].id: steps `y` and `z` of flow `g` (variation `b` of `e1`) "
            + "lead only to each other: once there, the flow can never complete; add an outcome that leaves the cycle") == true, "\(lines)")
    }

    // MARK: Experiments that change steps

    /// An experiment `key` (variations `a` and `b`) whose variation `b` skips step `step` of flow `flow`.
    static func changing(_ key: String, flow: String, step: String) -> String {
        #"{"key": "\#(key)", "variations": ["a", "b"], "changes": {"b": [{"flow": "\#(flow)", "step": "\#(step)", "set": {"skip": true}}]}}"#
    }

    static func document(_ flows: [String], experimentTexts: [String]) -> String {
        #"{"schemaVersion": 1, "flows": ["# + flows.joined(separator: ", ") + #"], "experiments": ["#
            + experimentTexts.joined(separator: ", ") + "]}"
    }

    @Test("Changes to a subflow's steps reach the flows that run it, with all the experiment's variations")
    func changesReachThroughSubflows() throws {
        let reach = ExperimentReach(document: try StepChangesFixture.document())
        for id in ["onboarding", "finish"] {
            let reaching = reach.experiments(reaching: id)
            #expect(reaching.map(\.key) == ["paywall-copy"], "\(id)")
            #expect(reaching.first?.variations == ["control", "annual-first"])
            #expect(reaching.first?.changesSteps == true)
        }
        #expect(reach.experiments(reaching: "onboarding").first?.flowID == "onboarding")
        #expect(reach.experiments(reaching: "finish").first?.flowID == "finish")
        #expect(DocumentFixtures.lintLines(StepChangesFixture.text).filter { $0.contains("overlapping") } == [])
    }

    @Test("A flow varying by one experiment whose own or subflow's steps another changes lints clean",
          arguments: [("f", "x"), ("g", "x")])
    func entriesAndChanges(flow: String, step: String) throws {
        let text = Self.document([
            Self.varying("f", by: "e1", steps: #"{"id": "x"}, {"id": "s", "subflow": "g"}"#),
            #"{"id": "g", "steps": [{"id": "x"}, {"id": "y"}]}"#,
        ], experimentTexts: [#"{"key": "e1", "variations": ["a", "b"]}"#, Self.changing("e2", flow: flow, step: step)])
        #expect(DocumentFixtures.lintLines(text) == [])
        #expect(ExperimentReach(document: try Self.decoded(text)).experiments(reaching: "f").map(\.key) == ["e1", "e2"])
    }

    @Test("Two experiments changing steps of a flow and of its subflow lint clean; two changing one step are an error naming both",
          arguments: [(("f", "t"), ("g", "x"), [String]()),
                      (("g", "x"), ("g", "x"), [
                          "1:344 error overlapping-experiments experiments[1].changes.b[0].flow: two experiments change step `x` of flow `g`: "
                              + "`e1` (experiments[0]) and `e2` (experiments[1]); a step can be decided by only one experiment, so put them "
                              + "in one namespace with disjoint ranges, or make one experiment with more variations",
                      ])])
    func changesOfTwoExperiments(first: (String, String), second: (String, String), expected: [String]) {
        let flows = [#"{"id": "f", "steps": [{"id": "s", "subflow": "g"}, {"id": "t"}]}"#, #"{"id": "g", "steps": [{"id": "x"}, {"id": "y"}]}"#]
        let two = Self.document(flows, experimentTexts: [
            Self.changing("e1", flow: first.0, step: first.1), Self.changing("e2", flow: second.0, step: second.1),
        ])
        #expect(DocumentFixtures.lintLines(two).filter { $0.contains("overlapping") } == expected)
    }

    @Test("Two experiments changing one step in disjoint ranges of one namespace never share a user, so they do not conflict",
          arguments: [([0, 0.5], [0.5, 1], false), ([0, 0.6], [0.5, 1], true)])
    func namespacesKeepExperimentsApart(first: [Double], second: [Double], overlaps: Bool) {
        func experiment(_ key: String, _ range: [Double]) -> String {
            #"{"key": "\#(key)", "variations": ["a", "b"], "namespace": ["ns", \#(range[0]), \#(range[1])], "#
                + #""changes": {"b": [{"flow": "f", "step": "x", "set": {"skip": true}}]}}"#
        }
        let text = Self.document([#"{"id": "f", "steps": [{"id": "x"}, {"id": "y"}]}"#],
                                 experimentTexts: [experiment("e1", first), experiment("e2", second)])
        let lines = DocumentFixtures.lintLines(text).filter { $0.contains("overlapping") }
        #expect(lines.count == (overlaps ? 1 : 0), "\(lines)")
        #expect(lines.allSatisfy { $0.contains("`e1` (experiments[0]) and `e2` (experiments[1])") })
    }
}
