import Testing
import Waypoint

@Suite("Jumps and custom steps")
struct FlowJumpAndCustomTests {
    let flow = Flow<Profile>("stack") {
        Step("a")
        Step("b")
        Step("c").when { _ in false }
        Step("d")
        Step("e")
    }

    private func started() throws -> FlowState {
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        return state
    }

    @Test func jumpGoesForwardThenContinuesInDeclaredOrder() throws {
        var state = try started()
        let effects = try state.jump(to: "d", in: flow, context: Profile())
        #expect(effects == [.left(Visit(path: "a"), .jump), .entered(Visit(path: "d")), .persist])
        _ = try state.next(in: flow, context: Profile())
        #expect(state.path.map(\.path) == ["a", "d", "e"])
        _ = try state.back()
        _ = try state.back()
        #expect(state.current?.path == "a")
    }

    @Test func jumpIsExplicitSoTheTargetsConditionIsNotEvaluated() throws {
        var state = try started()
        _ = try state.jump(to: "c", in: flow, context: Profile())
        #expect(state.current?.path == "c")
    }

    @Test func jumpToAnUnknownStepIsAnError() throws {
        var state = try started()
        do {
            _ = try state.jump(to: "zz", in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Flow 'stack' has no step 'zz' (the target of a jump); declare the step or fix the reference.")
        }
        #expect(state.path.map(\.path) == ["a"])
    }

    @Test func jumpFromInsideASubflowFindsStepsOfTheOuterFlowAndIntoNestedOnes() throws {
        let flow = Fixtures.signup
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        _ = try state.jump(to: "shared-end/g", in: flow, context: Profile())
        #expect(state.current?.path == "shared-end/g")
        _ = try state.jump(to: "login", in: flow, context: Profile())
        #expect(state.current?.path == "login")
        _ = try state.jump(to: "shared-end", in: flow, context: Profile())
        #expect(state.current?.path == "shared-end/e")
    }

    @Test func customStepReturnsToWhereItWasPushed() throws {
        var state = try started()
        _ = try state.next(in: flow, context: Profile())
        let help = CustomStep("help", screen: "HelpSheet")
        let pushed = try state.push(custom: help)
        #expect(pushed == [
            .left(Visit(path: "b"), .pushedCustom),
            .entered(Visit(path: "b", custom: help)), .persist,
        ])
        #expect(state.current?.stepID == "help")
        #expect(state.current?.isCustom == true)
        let finished = try state.next("done", in: flow, context: Profile())
        #expect(finished == [
            .left(Visit(path: "b", custom: help), .outcome("done")),
            .entered(Visit(path: "b")), .persist,
        ])
        #expect(state.path.map(\.path) == ["a", "b"])
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "d")
    }

    @Test func backFromACustomStepAlsoReturnsToWhereItWasPushed() throws {
        var state = try started()
        _ = try state.push(custom: CustomStep("terms"))
        _ = try state.back()
        #expect(state.path == [Visit(path: "a")])
    }

    @Test func customStepsStack() throws {
        var state = try started()
        _ = try state.push(custom: CustomStep("one"))
        _ = try state.push(custom: CustomStep("two"))
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.stepID == "one")
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.stepID == "a")
    }

    @Test func theSameScreenMayAppearTwiceUnderTwoIds() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        let profile = Profile(healthAvailable: false, notificationsAuthorized: true)
        _ = try state.start(in: flow, context: profile)
        _ = try state.next(in: flow, context: profile)
        #expect(state.path.map(\.path) == ["welcome", "thanks"])
        #expect(flow.fixedSteps?.filter { $0.screen == "Info" }.map(\.id) == ["welcome", "thanks"])
    }
}
