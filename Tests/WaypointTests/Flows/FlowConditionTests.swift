import Testing
import Waypoint

@Suite("Conditions, skips and subflows")
struct FlowConditionTests {
    @Test func falseConditionSkipsTheStepAndReportsIt() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        let profile = Profile(healthAvailable: false, notificationsAuthorized: true)
        _ = try state.start(in: flow, context: profile)
        let effects = try state.next(in: flow, context: profile)
        #expect(effects == [
            .left(Visit(path: "welcome"), .outcome("next")),
            .skipped("health"), .skipped("notifications"),
            .entered(Visit(path: "thanks")), .persist,
        ])
    }

    @Test func conditionsAreEvaluatedWhenTheStepIsEnteredNotBefore() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        var profile = Profile(healthAvailable: false, notificationsAuthorized: nil)
        _ = try state.start(in: flow, context: profile)
        // Authorization becomes known after the flow started, and health data appears.
        profile.notificationsAuthorized = true
        profile.healthAvailable = true
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "health")
        profile.notificationsAuthorized = false
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "notifications")
    }

    @Test func backCrossesSkippedStepsBecauseTheyAreNotOnTheStack() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        let profile = Profile(healthAvailable: false, notificationsAuthorized: true)
        _ = try state.start(in: flow, context: profile)
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "thanks")
        _ = try state.back()
        #expect(state.path.map(\.path) == ["welcome"])
    }

    @Test func skippedStepFollowsItsSkipOutcomeThenNextThenDeclaredOrder() throws {
        let flow = Flow<Profile>("skips") {
            Step("a")
            Step("b").on("skip", to: "d").on("next", to: "c").when { _ in false }
            Step("c").on("next", to: "e").when { _ in false }
            Step("d")
            Step("e")
        }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "d")

        let viaNext = Flow<Profile>("via-next") {
            Step("a")
            Step("c").on("next", to: "e").when { _ in false }
            Step("d")
            Step("e")
        }
        var other = FlowState(for: viaNext)
        _ = try other.start(in: viaNext, context: Profile())
        _ = try other.next(in: viaNext, context: Profile())
        #expect(other.current?.path == "e")
    }

    @Test func everyStepSkippedCompletesTheFlow() throws {
        let flow = Flow<Profile>("nothing") { Step("a").when { _ in false } }
        var state = FlowState(for: flow)
        let effects = try state.start(in: flow, context: Profile())
        #expect(effects == [.flowStarted, .skipped("a"), .flowCompleted, .persist])
        #expect(state.isCompleted)
    }

    @Test func skipCycleIsAnErrorNotAHang() throws {
        let flow = Flow<Profile>("loop") {
            Step("a").on("next", to: "b")
            Step("b").on("next", to: "c").when { _ in false }
            Step("c").on("next", to: "b").when { _ in false }
        }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        do {
            _ = try state.next(in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("Flow 'loop' skips steps in a cycle ("))
            #expect(error.description.contains("b → c → b"))
        }
        #expect(state.current?.path == "a")
    }

    @Test func unknownTargetNamesTheFlowStepAndReference() throws {
        let flow = Flow<Profile>("typo") { Step("a").on("next", to: "persnalization") }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        do {
            _ = try state.next(in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description
                == "Flow 'typo' has no step 'persnalization' (the target of outcome 'next' of step 'a'); declare the step or fix the reference.")
        }
    }

    @Test func subflowRunsFromItsStartAndContinuesWithNextWhenItCompletes() throws {
        let flow = Fixtures.signup
        var state = FlowState(for: flow)
        let profile = Profile(country: "FR")
        _ = try state.start(in: flow, context: profile)
        _ = try state.next("register", in: flow, context: profile)
        let effects = try state.next("newUser", in: flow, context: profile)
        #expect(effects == [
            .left(Visit(path: "registration"), .outcome("newUser")),
            .skipped("personalization"),
            .entered(Visit(path: "shared-end/e")), .persist,
        ])
        _ = try state.next(in: flow, context: profile)
        _ = try state.next(in: flow, context: profile)
        #expect(state.path.map(\.path.rawValue) == ["splash", "registration", "shared-end/e", "shared-end/f", "shared-end/g"])
        _ = try state.next(in: flow, context: profile)
        #expect(state.isCompleted)
    }

    @Test func subflowCompletionFollowsTheSubflowStepsNextOutcome() throws {
        let inner = Flow<Profile>("inner") { Step("x") }
        let flow = Flow<Profile>("outer") {
            Step("a")
            Step("sub", subflow: inner).on("next", to: "z")
            Step("y")
            Step("z")
        }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "sub/x")
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "z")
        _ = try state.back()
        _ = try state.back()
        #expect(state.current?.path == "a")
    }

    @Test func nestedSubflowsAndAnEmptySubflow() throws {
        let empty = Flow<Profile>("empty") { Step("never").when { _ in false } }
        let deepest = Flow<Profile>("deepest") { Step("d") }
        let middle = Flow<Profile>("middle") { Step("m"); Step("deeper", subflow: deepest) }
        let flow = Flow<Profile>("top") {
            Step("skip-me", subflow: empty)
            Step("mid", subflow: middle)
            Step("last")
        }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        #expect(state.current?.path == "mid/m")
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "mid/deeper/d")
        #expect(state.current?.path.depth == 2)
        _ = try state.next(in: flow, context: Profile())
        #expect(state.current?.path == "last")
    }

    @Test func subflowThatIncludesItselfIsAnError() throws {
        let flow = Flow<Profile>("self") { _ in
            Step("again", subflow: Fixtures.recursive)
        }
        var state = FlowState(for: flow)
        do {
            _ = try state.start(in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("Subflows are nested more than 32 deep at 'again/again/again/"))
            #expect(error.description.hasSuffix("a subflow probably includes itself. Break the cycle."))
        }
    }

    @Test func contextDependentBuilderIsReEvaluatedAtEveryDecision() throws {
        let flow = Flow<Profile>("team") { profile in
            Step("welcome")
            if profile.invited {
                Step("accept-invite")
            } else {
                Step("create-team")
            }
            Step("done")
        }
        #expect(flow.isContextDependent)
        var state = FlowState(for: flow)
        var profile = Profile(invited: false)
        _ = try state.start(in: flow, context: profile)
        profile.invited = true   // the invitation arrives while the welcome screen shows
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "accept-invite")
        _ = try state.back()
        profile.invited = false
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "create-team")
        // The branch the user is on disappears: next continues after the latest declared visit.
        profile.invited = true
        _ = try state.next(in: flow, context: profile)
        #expect(state.current?.path == "accept-invite")
    }
}

extension Fixtures {
    /// A flow whose only step runs the flow itself.
    static var recursive: Flow<Profile> {
        Flow<Profile>("recursive") { _ in Step("again", subflow: Fixtures.recursive) }
    }
}
