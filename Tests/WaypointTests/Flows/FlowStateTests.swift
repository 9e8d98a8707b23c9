import Testing
import Waypoint

@Suite("FlowState events")
struct FlowStateTests {
    let flow = Fixtures.signup

    private func started(_ profile: Profile = Profile()) throws -> FlowState {
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: profile)
        return state
    }

    private func ids(_ state: FlowState) -> [String] { state.path.map(\.path.rawValue) }

    @Test func startEntersTheFirstStepAndAsksToPersist() throws {
        var state = FlowState(for: flow)
        let effects = try state.start(in: flow, context: Profile())
        #expect(effects == [.flowStarted, .entered(Visit(path: "splash")), .persist])
        #expect(state.current?.path == "splash")
        #expect(state.hasStarted)
        #expect(!state.canGoBack)
    }

    @Test func startTwiceIsAnError() throws {
        var state = try started()
        #expect(throws: FlowError.self) { try state.start(in: flow, context: Profile()) }
    }

    @Test func declaredStartStepIsUsed() throws {
        let flow = Flow<Profile>("f", start: "b") { Step("a"); Step("b") }
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        #expect(state.current?.path == "b")
    }

    @Test func outcomesLeadToTheirTargetsAndAreRecorded() throws {
        var state = try started()
        let effects = try state.next("register", in: flow, context: Profile())
        #expect(effects == [
            .left(Visit(path: "splash"), .outcome("register")),
            .entered(Visit(path: "registration")),
            .persist,
        ])
        _ = try state.next("newUser", in: flow, context: Profile())
        #expect(ids(state) == ["splash", "registration", "personalization"])
        #expect(state.path.map(\.departure) == [.outcome("register"), .outcome("newUser"), nil])
    }

    @Test func stepWithoutOutcomesGoesOnInDeclaredOrderAndLastCompletes() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile(notificationsAuthorized: false))
        for _ in 0..<3 { _ = try state.next(in: flow, context: Profile(notificationsAuthorized: false)) }
        #expect(ids(state) == ["welcome", "health", "notifications", "thanks"])
        let effects = try state.next(in: flow, context: Profile())
        #expect(effects == [.left(Visit(path: "thanks"), .outcome("next")), .flowCompleted, .persist])
        #expect(state.isCompleted)
        #expect(state.current == nil)
    }

    @Test func completeTargetEndsTheFlow() throws {
        var state = try started()
        _ = try state.next("loggedIn", in: flow, context: Profile())
        #expect(state.isCompleted)
        #expect(ids(state) == ["splash"])
    }

    @Test(arguments: ["logged-in", "next", "skip"])
    func unacceptedOutcomeNamesTheStepAndWhatItAccepts(outcome: String) throws {
        var state = try started()
        let before = state
        do {
            _ = try state.next(outcome, in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description
                == "Step 'splash' does not accept the outcome '\(outcome)'; it accepts 'login', 'register', 'loggedIn' or 'back'.")
            #expect(error.acceptedOutcomes == ["login", "register", "loggedIn"])
            #expect(error.stepID == "splash")
        }
        #expect(state == before)
    }

    @Test func stepWithoutOutcomesAcceptsOnlyNext() throws {
        let flow = Fixtures.onboarding
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: Profile())
        do {
            _ = try state.next("done", in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Step 'welcome' does not accept the outcome 'done'; it accepts 'next' or 'back'.")
        }
    }

    @Test func backPopsTheVisitedPath() throws {
        var state = try started()
        _ = try state.next("register", in: flow, context: Profile())
        let effects = try state.back()
        #expect(effects == [
            .wentBack(from: Visit(path: "registration"), to: Visit(path: "splash")),
            .entered(Visit(path: "splash")),
            .persist,
        ])
        #expect(ids(state) == ["splash"])
        #expect(state.current?.departure == nil)
    }

    @Test func backOutcomeIsReservedForGoingBack() throws {
        var state = try started()
        _ = try state.next("login", in: flow, context: Profile())
        _ = try state.next("back", in: flow, context: Profile())
        #expect(ids(state) == ["splash"])
    }

    @Test func backAtTheFirstStepIsAnErrorThatChangesNothing() throws {
        var state = try started()
        do {
            _ = try state.back()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Cannot go back from step 'splash': it is the first step of the visited path.")
        }
        #expect(ids(state) == ["splash"])
    }

    @Test func eventsBeforeStartAndAfterCompletionAreErrors() throws {
        var fresh = FlowState(for: flow)
        do {
            _ = try fresh.next(in: flow, context: Profile())
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Flow 'signup' has not started; call start() before sending events.")
        }
        var done = try started()
        _ = try done.complete()
        do {
            _ = try done.back()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Flow 'signup' is completed and accepts no more events; use reset() to run it again.")
        }
    }

    @Test func completeEndsTheFlowFromAnyStep() throws {
        var state = try started()
        _ = try state.next("register", in: flow, context: Profile())
        let effects = try state.complete()
        #expect(effects == [.left(Visit(path: "registration"), .completedFlow), .flowCompleted, .persist])
        #expect(state.isCompleted)
        #expect(state.path.last?.departure == .completedFlow)
    }
}
