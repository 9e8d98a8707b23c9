import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// A fixed step list is resolved once; a context-dependent builder is resolved again at every
/// decision. Both must navigate exactly alike.
@Suite("Flow navigation: fixed and context-dependent step lists agree")
struct FixedAndBuiltStepListsTests {
    /// A flow with forks, a conditional step, completion from the middle and a subflow.
    static func steps(_ profile: Profile) -> [Step<Profile>] {
        [
            Step("a").on("left", to: "b").on("right", to: "c").on("done", to: .complete),
            Step("b").on("next", to: "d").on("back-to-a", to: "a"),
            Step("c").when { $0.healthAvailable },
            // `back` stays reserved even when declared; `nowhere` names a step that does not exist.
            Step("d").on("next", to: "e").on("back", to: "f").on("nowhere", to: "missing"),
            Step("e", subflow: Fixtures.endFlow),
            Step("f"),
        ]
    }

    @Test(arguments: 0..<40)
    func randomRunsGiveTheSameStatesAndEffects(seed: Int) throws {
        let fixed = Flow<Profile>(id: "same", steps: Self.steps(Profile()))
        let lazy = Flow<Profile>("same") { profile in Self.steps(profile) }
        var random = SplitMix64(seed: UInt64(seed))
        var profile = Profile(healthAvailable: random.chance(0.5))
        var fixedState = FlowState(for: fixed)
        var builtState = FlowState(for: lazy)
        #expect(try fixedState.start(in: fixed, context: profile) == builtState.start(in: lazy, context: profile))
        let outcomes = ["next", "left", "right", "done", "back-to-a", "back", "nope", "nowhere"]
        for _ in 0..<30 where !fixedState.isCompleted {
            let outcome = outcomes[random.int(0...(outcomes.count - 1))]
            if random.chance(0.2) { profile.healthAvailable.toggle() }
            let viaFixed = Result { () throws(FlowError) in try fixedState.next(outcome, in: fixed, context: profile) }
            let viaBuilt = Result { () throws(FlowError) in try builtState.next(outcome, in: lazy, context: profile) }
            #expect(viaFixed == viaBuilt, "outcome \(outcome)")
            #expect(fixedState == builtState)
        }
    }
}
