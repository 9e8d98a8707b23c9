import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// An experiment says what it is for: `goal`, `guardrails`, `minimumDetectableEffect`, `hypothesis`.
@Suite("Experiment goal, guardrails, effect and hypothesis")
struct ExperimentPurposeTests {
    static func document(_ members: String) -> String {
        """
        {"schemaVersion": 1,
         "flows": [{"id": "f", "experiment": "e", "variation": "a", "steps": [{"id": "paywall", "on": {"subscribe": "$complete"}}]},
                   {"id": "f", "experiment": "e", "variation": "b", "steps": [{"id": "paywall", "on": {"subscribe": "$complete"}}]}],
         "experiments": [{"key": "e", "variations": ["a", "b"]\(members)}]}
        """
    }

    @Test("The four keys are read, and written back")
    func decodes() throws {
        let text = Self.document(#", "goal": "paywall:subscribe", "guardrails": ["$complete", "paywall"], "minimumDetectableEffect": 0.05, "hypothesis": "Annual first sells more""#)
        let document = try WaypointDocument(validating: Data(text.utf8))
        let experiment = try #require(document.experiment("e"))
        #expect(experiment.goal == "paywall:subscribe")
        #expect(experiment.guardrails == ["$complete", "paywall"])
        #expect(experiment.minimumDetectableEffect == 0.05)
        #expect(experiment.hypothesis == "Annual first sells more")
        #expect(try WaypointDocument(validating: JSONEncoder().encode(document)) == document)
    }

    @Test("Without them, the goal is $complete and the effect 0.1")
    func defaults() throws {
        let experiment = try #require(try WaypointDocument(validating: Data(Self.document("").utf8)).experiment("e"))
        #expect(experiment.goal == nil && experiment.guardrails == nil && experiment.minimumDetectableEffect == nil && experiment.hypothesis == nil)
        #expect(experiment.effectiveGoal == "$complete")
        #expect(experiment.effectiveMinimumDetectableEffect == 0.1)
    }

    @Test("A goal not in the syntax of --goal, or of the wrong type, is refused", arguments: [
        (#", "goal": "$completed""#, "`goal` `$completed` is not a goal (did you mean `$complete`?)"),
        (#", "goal": "pay wall""#, "`goal` `pay wall` is not a goal; write $complete"),
        (#", "goal": "paywall:""#, "`goal` `paywall:` is not a goal"),
        (#", "goal": """#, "`goal` must not be empty"),
        (#", "goal": 3"#, "`goal` must be a string, but this is the number `3`"),
        (#", "guardrails": ["$complete", "a b"]"#, "`guardrail` `a b` is not a goal"),
        (#", "minimumDetectableEffect": "10%""#, "`minimumDetectableEffect` must be a number"),
        (#", "hypothesis": 1"#, "`hypothesis` must be a string"),
    ])
    func badValues(_ members: String, _ message: String) {
        let lines = DocumentFixtures.validationLines(Self.document(members))
        #expect(lines.contains { $0.contains(message) }, "\(lines)")
    }

    @Test("An unknown key beside them is an error when checking and a warning in an app, as for any key")
    func unknownKeys() {
        let text = Self.document(#", "goals": "paywall""#)
        #expect(DocumentFixtures.validationLines(text).contains { $0.contains("unknown key `goals` in an experiment; did you mean `goal`?") })
        let relaxed = WaypointDocument.validate(Data(text.utf8), unknownKeys: .warning)
        #expect(relaxed.isValid)
        #expect(relaxed.diagnostics.map(\.severity) == [.warning])
    }
}
