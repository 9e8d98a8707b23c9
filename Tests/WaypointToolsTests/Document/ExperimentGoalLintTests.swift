import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointTools

/// Lint of what an experiment is for, and of content a variation removes.
@Suite("Lint of goals, effects and removed content")
struct ExperimentGoalLintTests {
    /// `onboarding`: welcome → paywall (subscribe | later) → finish (a subflow: notifications); the
    /// experiment `paywall-copy` changes the paywall and has `members`.
    static func document(_ members: String, change: String = #"{"screen": "PaywallAnnual"}"#) -> String {
        """
        {"schemaVersion": 1,
         "flows": [
           {"id": "onboarding", "steps": [
             {"id": "welcome"},
             {"id": "paywall", "on": {"subscribe": "finish", "later": "finish"}, "content": {"headline": "Go", "badge": "New"}},
             {"id": "finish", "subflow": "end"}]},
           {"id": "end", "steps": [{"id": "notifications"}]}],
         "experiments": [{"key": "paywall-copy", "variations": ["control", "annual"]\(members),
           "changes": {"annual": [{"flow": "onboarding", "step": "paywall", "set": \(change)}]}}]}
        """
    }

    @Test("Goals and guardrails that the flow has are clean", arguments: [
        #", "goal": "$complete""#, #", "goal": "paywall""#, #", "goal": "paywall:subscribe""#, #", "goal": "paywall:back""#,
        #", "guardrails": ["$complete", "finish/notifications", "welcome:next"]"#, #", "minimumDetectableEffect": 1"#,
        #", "minimumDetectableEffect": 0.02"#,
    ])
    func clean(_ members: String) {
        #expect(DocumentFixtures.lintLines(Self.document(members)) == [])
    }

    @Test("A goal, guardrail or effect the experiment cannot have is an error with a did-you-mean", arguments: [
        (#", "goal": "paywal""#, "error unknown-goal experiments[0].goal: the goal `paywal` of `paywall-copy` names the step `paywal`, which flow `onboarding` does not have; did you mean `paywall`? (a subflow's step is written `sub/inner`)"),
        (#", "goal": "paywall:subscibe""#, "error unknown-goal experiments[0].goal: the goal `paywall:subscibe` of `paywall-copy` names the outcome `subscibe` of step `paywall`, which the step does not declare; did you mean `paywall:subscribe`?"),
        (#", "goal": "paywal:subscribe""#, "did you mean `paywall:subscribe`?"),
        (#", "guardrails": ["$complete", "notifications"]"#, "error unknown-goal experiments[0].guardrails[1]: the guardrail `notifications` of `paywall-copy` names the step `notifications`, which flow `onboarding` does not have; its steps are `welcome`, `paywall` and `finish/notifications` (a subflow's step is written `sub/inner`)"),
        (#", "minimumDetectableEffect": 0"#, "error bad-value experiments[0].minimumDetectableEffect: the minimum detectable effect of `paywall-copy` is 0; it is relative and must be above 0 and at most 1 (0.1 is 10%)"),
        (#", "minimumDetectableEffect": -0.1"#, "must be above 0 and at most 1"),
        (#", "minimumDetectableEffect": 10"#, "at most 1 (0.1 is 10%); did you mean 0.1 (10%)?"),
    ])
    func errors(_ members: String, _ expected: String) {
        let lines = DocumentFixtures.lintLines(Self.document(members))
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains(expected) == true, "\(lines)")
        #expect(lines.first?.contains(" error ") == true)
    }

    @Test("A change that removes a content key is warned about; removing a key the step lacks says it removes nothing")
    func removals() {
        let lines = DocumentFixtures.lintLines(Self.document("", change: #"{"content": {"badge": null, "bagde": null}}"#))
        #expect(lines.count == 2)
        #expect(lines[0].contains("warning removed-content experiments[0].changes.annual[0].set.content.badge: in variation `annual` of `paywall-copy`: the change removes `badge` from the content of step `paywall` of flow `onboarding`"), "\(lines)")
        #expect(lines[1].contains("set.content.bagde: in variation `annual` of `paywall-copy`: the change removes `bagde`, which the content of step `paywall` of flow `onboarding` does not have, so it removes nothing; did you mean `badge`?"), "\(lines)")
        #expect(DocumentFixtures.lintLines(Self.document("", change: #"{"content": {"badge": "Hot"}}"#)) == [])
    }
}
