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

    @Test("A flow varying by one experiment whose subflow's steps another changes is one error, at the subflow step")
    func entriesAndSubflowChanges() {
        let text = Self.document([
            Self.varying("f", by: "e1", steps: #"{"id": "s", "subflow": "g"}"#),
            #"{"id": "g", "steps": [{"id": "x"}, {"id": "y"}]}"#,
        ], experimentTexts: [#"{"key": "e1", "variations": ["a", "b"]}"#, Self.changing("e2", flow: "g", step: "x")])
        #expect(DocumentFixtures.lintLines(text) == [
            "1:115 error overlapping-experiments flows[0].steps[0].subflow: more than one experiment reaches a run of flow `f`: "
                + "the flow varies by `e1`, and its step `s` runs the subflow `g`, whose step `x` is changed by `e2` (experiments[1]); the events "
                + "of a run can carry only one experiment, so let `e1` or `e2` decide both, or run the subflow from a flow without an experiment",
        ])
    }

    @Test("A flow varying by one experiment whose own steps another changes is one error, at that experiment's change")
    func entriesAndOwnChanges() {
        let text = Self.document([Self.varying("f", by: "e1", steps: #"{"id": "x"}"#)],
                                 experimentTexts: [#"{"key": "e1", "variations": ["a", "b"]}"#, Self.changing("e2", flow: "f", step: "x")])
        let lines = DocumentFixtures.lintLines(text)
        #expect(lines == [
            "1:307 error overlapping-experiments experiments[1].changes.b[0].flow: more than one experiment reaches a run of flow `f`: "
                + "the flow varies by `e1`, and its step `x` is changed by `e2` (experiments[1]); the events of a run can carry only one "
                + "experiment, so let `e1` or `e2` make both changes",
        ])
    }

    @Test("One experiment changing a flow's and its subflow's steps is fine; two are an error")
    func changesOfOneOrTwoExperiments() {
        let flows = [#"{"id": "f", "steps": [{"id": "s", "subflow": "g"}, {"id": "t"}]}"#, #"{"id": "g", "steps": [{"id": "x"}, {"id": "y"}]}"#]
        let one = Self.document(flows, experimentTexts: [
            #"{"key": "e1", "variations": ["a", "b"], "changes": {"b": [{"flow": "f", "step": "t", "set": {"skip": true}}, "#
                + #"{"flow": "g", "step": "x", "set": {"skip": true}}]}}"#,
        ])
        #expect(DocumentFixtures.lintLines(one).filter { $0.contains("overlapping") } == [])
        let two = Self.document(flows, experimentTexts: [Self.changing("e1", flow: "f", step: "t"), Self.changing("e2", flow: "g", step: "x")])
        #expect(DocumentFixtures.lintLines(two).filter { $0.contains("overlapping") } == [
            "1:77 error overlapping-experiments flows[0].steps[0].subflow: more than one experiment reaches a run of flow `f`: "
                + "its step `t` is changed by `e1` (experiments[0]), and its step `s` runs the subflow `g`, whose step `x` is changed by `e2` "
                + "(experiments[1]); the events "
                + "of a run can carry only one experiment, so let `e1` or `e2` decide both, or run the subflow from a flow without an experiment",
        ])
    }
}
