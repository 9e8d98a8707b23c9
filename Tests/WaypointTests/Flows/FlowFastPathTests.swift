import Foundation
import Testing
@testable import Waypoint

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
            // `back` stays reserved even when declared; `nowhere` names a step that does not exist.
            Step("d").on("next", to: "e").on("back", to: "f").on("nowhere", to: "missing"),
            Step("e", subflow: Fixtures.endFlow),
            Step("f"),
        ]
    }

    @Test func visitsRememberWherePositionsAreAndDecodedOnesLookThemUp() throws {
        let flow = Flow<Profile>(id: "same", steps: Self.steps(Profile()))
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        _ = try state.next("left", in: flow, context: Profile())
        #expect(state.path.map(\.positionHint) == [0, 1])

        // A saved state carries no hints; the step is looked up by id and navigation is the same.
        var restored = try JSONDecoder().decode(FlowState.self, from: JSONEncoder().encode(state))
        #expect(restored.path.map(\.positionHint) == [-1, -1])
        #expect(restored == state)
        #expect(try restored.next("next", in: flow, context: Profile()) == state.next("next", in: flow, context: Profile()))
        #expect(restored == state)

        // A hint from another definition is ignored when the id at that position differs.
        let reordered = Flow<Profile>(id: "same", steps: Array(Self.steps(Profile()).reversed()))
        var elsewhere = FlowState(for: reordered)
        _ = try elsewhere.start(in: reordered, context: Profile())
        #expect(elsewhere.current?.path == "f" && elsewhere.path.map(\.positionHint) == [0])
        // In `flow`, position 0 is "a": the hint is not used, "f" is found last and completes the flow.
        #expect(try elsewhere.next("next", in: flow, context: Profile()).contains(.flowCompleted))
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
        let outcomes = ["next", "left", "right", "done", "back-to-a", "back", "nope", "nowhere"]
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
