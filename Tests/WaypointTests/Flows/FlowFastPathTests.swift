import Testing
import Waypoint

/// Fixed step lists take a shorter route for top-level steps; a context-dependent builder always
/// takes the general one. Both must do exactly the same thing.
@Suite("Flow navigation: the top-level shortcut agrees with the general walk")
struct FlowFastPathTests {
    /// A flow with forks, a conditional step, completion from the middle and a subflow.
    static func steps(_ profile: Profile) -> [Step<Profile>] {
        [
            Step("a").on("left", to: "b").on("right", to: "c").on("done", to: .complete),
            Step("b").on("next", to: "d").on("back-to-a", to: "a"),
            Step("c").when { $0.healthAvailable },
            Step("d"),
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
        var shortcut = FlowState(for: fixed)
        var general = FlowState(for: lazy)
        #expect(try shortcut.start(in: fixed, context: profile) == general.start(in: lazy, context: profile))
        let outcomes = ["next", "left", "right", "done", "back-to-a", "back", "nope"]
        for _ in 0..<30 where !shortcut.isCompleted {
            let outcome = outcomes[random.int(0...(outcomes.count - 1))]
            if random.chance(0.2) { profile.healthAvailable.toggle() }
            let viaShortcut = Result { () throws(FlowError) in try shortcut.next(outcome, in: fixed, context: profile) }
            let viaGeneral = Result { () throws(FlowError) in try general.next(outcome, in: lazy, context: profile) }
            #expect(viaShortcut == viaGeneral, "outcome \(outcome)")
            #expect(shortcut == general)
        }
    }
}
