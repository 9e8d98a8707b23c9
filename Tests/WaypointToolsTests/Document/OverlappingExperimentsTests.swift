import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// One experiment per run: the experiments that reach a flow through its subflows, and the lint error when two do.
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

    @Test("A flow and its subflow that vary by different experiments are one error, at the subflow step, naming both")
    func flowAndSubflow() {
        let text = Self.document([
            Self.varying("f", by: "e1", steps: #"{"id": "s", "subflow": "g"}"#),
            Self.varying("g", by: "e2", steps: #"{"id": "x"}"#),
        ], experiments: ["e1", "e2"])
        let lines = DocumentFixtures.lintLines(text)
        #expect(lines == [
            "1:115 error overlapping-experiments flows[0].steps[0].subflow: more than one experiment reaches a run of flow `f`: "
                + "the flow varies by `e1`, and its step `s` runs the subflow `g`, whose entries vary by `e2` (flows[2]); the events "
                + "of a run can carry only one experiment, so let `e1` or `e2` decide both, or run the subflow from a flow without an experiment",
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

    @Test("Two subflows of a flow without an experiment, reached through another subflow, are reported where they meet, once")
    func twoSubflowsDeep() throws {
        let text = Self.document([
            #"{"id": "top", "steps": [{"id": "t", "subflow": "f"}, {"id": "u", "subflow": "f"}]}"#,
            #"{"id": "f", "steps": [{"id": "s1", "subflow": "g"}, {"id": "s2", "subflow": "h"}]}"#,
            Self.varying("g", by: "e1", steps: #"{"id": "x"}"#),
            #"{"id": "h", "steps": [{"id": "y", "subflow": "k"}]}"#,
            Self.varying("k", by: "e2", steps: #"{"id": "z"}"#),
        ], experiments: ["e1", "e2"])
        let lines = DocumentFixtures.lintLines(text)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("error overlapping-experiments flows[1].steps[1].subflow: more than one experiment reaches a run of flow `f`: "
            + "its step `s1` runs the subflow `g`, whose entries vary by `e1` (flows[2]), and its step `s2` runs the subflow `h`, "
            + "which runs `k`, whose entries vary by `e2` (flows[5]);") == true, "\(lines)")
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
}
