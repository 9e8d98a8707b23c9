import Foundation
import Testing
import Waypoint

@Suite("Restoring a flow after a relaunch")
struct FlowRestoreTests {
    private func run(_ flow: Flow<Profile>, _ outcomes: [String], profile: Profile = Profile()) throws -> FlowState {
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: profile)
        for outcome in outcomes { _ = try state.next(outcome, in: flow, context: profile) }
        return state
    }

    @Test func codableRoundTripKeepsEverything() throws {
        var state = try run(Fixtures.signup, ["register", "newUser", "next", "next"])
        _ = try state.push(custom: CustomStep("help", screen: "Help"))
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(FlowState.self, from: data) == state)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"shared-end\\/f\"") || json.contains("\"shared-end/f\""))
    }

    @Test func launchingStartsFreshWithoutSavedProgress() throws {
        let launch = try FlowState.launching(nil, in: Fixtures.signup, context: Profile())
        var started = FlowState(for: Fixtures.signup)
        let effects = try started.start(in: Fixtures.signup, context: Profile())
        #expect(launch.result == .fresh)
        #expect(launch.state == started)
        #expect(launch.effects == effects)
        #expect(launch.effects.first == .flowStarted)
    }

    @Test func launchingResumesTheSavedStepWithoutFlowStarted() throws {
        let saved = try run(Fixtures.signup, ["register"])
        let launch = try FlowState.launching(saved, in: Fixtures.signup, context: Profile())
        #expect(launch.result == .resumed(visits: 2))
        #expect(launch.effects == [.entered(Visit(path: "registration")), .persist])
    }

    @Test func launchingACompletedRunHasNoEffects() throws {
        let saved = try run(Fixtures.signup, ["register", "existingUser"])
        let launch = try FlowState.launching(saved, in: Fixtures.signup, context: Profile())
        #expect(launch.result == .alreadyCompleted)
        #expect(launch.state.isCompleted)
        #expect(launch.effects.isEmpty)
    }

    @Test func launchingStartsAgainWhenNothingOfTheSavedPathIsKept() throws {
        let saved = try run(Fixtures.signup, ["register"])
        let changed = Flow<Profile>("signup", version: 2) { Step("intro"); Step("registration") }
        let launch = try FlowState.launching(saved, in: changed, context: Profile())
        #expect(launch.result == .truncated(kept: 0, dropped: 2))
        #expect(launch.effects.first == .flowStarted)
        #expect(launch.state.current?.path == "intro")
    }

    @Test func unchangedDefinitionResumesTheWholePath() throws {
        let saved = try run(Fixtures.signup, ["register", "newUser"])
        let (state, result) = FlowState.restoring(saved, in: Fixtures.signup, context: Profile())
        #expect(result == .resumed(visits: 3))
        #expect(state == saved)
    }

    @Test func resumedPathMayHaveCrossedStepsSkippedUnderOtherAttributes() throws {
        let saved = try run(Fixtures.signup, ["register", "newUser"], profile: Profile(country: "FR"))
        #expect(saved.current?.path == "shared-end/e")
        let (_, result) = FlowState.restoring(saved, in: Fixtures.signup, context: Profile(country: "US"))
        #expect(result == .resumed(visits: 3))
    }

    @Test func removedStepKeepsTheLongestValidPrefix() throws {
        let saved = try run(Fixtures.onboarding, ["next", "next", "next"], profile: Profile(notificationsAuthorized: false))
        #expect(saved.path.count == 4)
        let v4 = Flow<Profile>("onboarding", version: 4) {
            Step("welcome", screen: "Info")
            Step("health").when { $0.healthAvailable }
            Step("thanks", screen: "Info")
        }
        let (state, result) = FlowState.restoring(saved, in: v4, context: Profile())
        #expect(result == .truncated(kept: 2, dropped: 2))
        #expect(state.path == [Visit(path: "welcome", departure: .outcome("next")), Visit(path: "health")])
        #expect(state.flowVersion == 4)
    }

    @Test func changedOutcomeTargetInvalidatesTheRestOfThePath() throws {
        let saved = try run(Fixtures.signup, ["register", "existingUser"])
        #expect(saved.isCompleted)
        let savedMidway = try run(Fixtures.signup, ["register"])
        let changed = Flow<Profile>("signup", version: 2) {
            Step("splash").on("login", to: "login").on("signup", to: "registration")
            Step("login")
            Step("registration")
        }
        let (state, result) = FlowState.restoring(savedMidway, in: changed, context: Profile())
        #expect(result == .truncated(kept: 1, dropped: 1))
        #expect(state.current?.path == "splash")
        #expect(state.current?.departure == nil)
    }

    @Test func completedFlowIsNeverResurrected() throws {
        let saved = try run(Fixtures.signup, ["loggedIn"])
        let bumped = Flow<Profile>("signup", version: 9) { Step("brand-new") }
        let (state, result) = FlowState.restoring(saved, in: bumped, context: Profile())
        #expect(result == .alreadyCompleted)
        #expect(state.isCompleted)
        #expect(state.flowVersion == 9)
    }

    @Test func nothingValidStartsFresh() throws {
        let saved = try run(Fixtures.onboarding, ["next"])
        let rewritten = Flow<Profile>("onboarding", version: 5) { Step("intro"); Step("outro") }
        let (state, result) = FlowState.restoring(saved, in: rewritten, context: Profile())
        #expect(result == .truncated(kept: 0, dropped: 2))
        #expect(!state.hasStarted)
    }

    @Test func snapshotOfAnotherFlowIsDiscarded() throws {
        let saved = try run(Fixtures.onboarding, [])
        let (state, result) = FlowState.restoring(saved, in: Fixtures.signup, context: Profile())
        #expect(result == .discarded(reason: "it belongs to flow 'onboarding', not 'signup'"))
        #expect(!state.hasStarted)
        #expect(state.flowID == "signup")
    }

    @Test func stepTurnedIntoASubflowIsNoLongerAValidVisit() throws {
        let saved = try run(Fixtures.onboarding, ["next"])
        let changed = Flow<Profile>("onboarding", version: 4) {
            Step("welcome")
            Step("health", subflow: Fixtures.endFlow)
        }
        let (state, result) = FlowState.restoring(saved, in: changed, context: Profile())
        #expect(result == .truncated(kept: 1, dropped: 1))
        #expect(state.path.map(\.path) == ["welcome"])
    }

    @Test func customStepsAndJumpsAreRestored() throws {
        var saved = try run(Fixtures.signup, [])
        _ = try saved.jump(to: "registration", in: Fixtures.signup, context: Profile())
        _ = try saved.push(custom: CustomStep("help"))
        let (state, result) = FlowState.restoring(saved, in: Fixtures.signup, context: Profile())
        #expect(result == .resumed(visits: 3))
        #expect(state == saved)
    }
}
