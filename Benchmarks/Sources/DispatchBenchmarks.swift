import Waypoint

// Event dispatch: Waypoint's values against a hand-written `switch` over the same steps, doing the
// same job — compute the next step from the current one and the outcome, keep the back stack, and
// go back when the user asks to.

/// The steps of the benchmark flow, as a hand-written app would declare them.
enum SignUpStep: Hashable, Sendable {
    case splash, login, registration, personalization(Int), complete(Int)
}

/// The outcomes screens report.
enum SignUpOutcome: Hashable, Sendable {
    case login, register, loggedIn(Int), registered(Int, isNew: Bool), personalized(Int), back
}

/// The hand-written controller: one switch, a back stack.
struct HandWrittenSignUp {
    var current: SignUpStep = .splash
    var history: [SignUpStep] = []

    @inline(never)
    mutating func handle(_ outcome: SignUpOutcome) -> SignUpStep? {
        if case .back = outcome {
            guard let previous = history.popLast() else { return nil }
            current = previous
            return previous
        }
        let next: SignUpStep?
        switch (current, outcome) {
        case (.splash, .login): next = .login
        case (.splash, .register): next = .registration
        case (.login, .loggedIn(let user)): next = .complete(user)
        case (.registration, .registered(let user, let isNew)): next = isNew ? .personalization(user) : .complete(user)
        case (.personalization, .personalized(let user)): next = .complete(user)
        default: next = nil
        }
        guard let next else { return nil }
        history.append(current)
        current = next
        return next
    }
}

/// The same flow as a Waypoint state machine.
func signUpMachine() -> StateMachine<SignUpStep, SignUpOutcome> {
    StateMachine("signup", initial: .splash, isFinal: { if case .complete = $0 { true } else { false } }) { step, outcome in
        switch (step, outcome) {
        case (.splash, .login): .login
        case (.splash, .register): .registration
        case (.login, .loggedIn(let user)): .complete(user)
        case (.registration, .registered(let user, let isNew)): isNew ? .personalization(user) : .complete(user)
        case (.personalization, .personalized(let user)): .complete(user)
        default: nil
        }
    }
}

/// The same flow as a declared Waypoint flow.
let declaredSignUp = Flow<Int>("signup") {
    Step("splash").on("login", to: "login").on("register", to: "registration")
    Step("login").on("loggedIn", to: .complete)
    Step("registration").on("newUser", to: "personalization").on("existingUser", to: .complete)
    Step("personalization").on("personalized", to: .complete)
}

/// The same flow ending in a shared subflow whose first step is conditional: every event after
/// the fork takes the general walk (levels, conditions, nested paths) instead of the shortcut.
let sharedEnd = Flow<Int>("shared-end") {
    Step("notifications").when { $0 > 0 }
    Step("done")
}
let declaredSignUpWithSubflow = Flow<Int>("signup") {
    Step("splash").on("login", to: "login").on("register", to: "registration")
    Step("login").on("loggedIn", to: "shared-end")
    Step("registration").on("newUser", to: "personalization").on("existingUser", to: "shared-end")
    Step("personalization").on("personalized", to: "shared-end")
    Step("shared-end", subflow: sharedEnd)
}

/// The scripts: every run goes through the flow to its end and starts again, changing its mind
/// on the way (3 of the 11 events are `back`).
let machineScript: [SignUpOutcome] = [
    .register, .back, .register, .registered(7, isNew: true), .back, .registered(7, isNew: true), .personalized(7),
    .login, .back, .login, .loggedIn(8),
]
let flowScript: [String] = [
    "register", "back", "register", "newUser", "back", "newUser", "personalized",
    "login", "back", "login", "loggedIn",
]
let subflowScript: [String] = [
    "register", "back", "register", "newUser", "back", "newUser", "personalized", "next", "next",
]

/// One run of each dispatch workload: go through the flow to its end and start again.
func handWrittenRuns(_ runs: Int) {
    for _ in 0..<runs {
        var controller = HandWrittenSignUp()
        for outcome in machineScript {
            if controller.handle(outcome) == nil || controller.current == .complete(7) || controller.current == .complete(8) {
                controller = HandWrittenSignUp()
            }
        }
        blackHole(controller)
    }
}

func machineRuns(_ runs: Int) {
    let template = signUpMachine()
    for _ in 0..<runs {
        var machine = template
        for outcome in machineScript {
            let moved: Bool
            if case .back = outcome {
                moved = (try? machine.back()) != nil
            } else {
                moved = (try? machine.send(outcome)) != nil
            }
            if !moved || machine.isCompleted {
                machine = template
            }
        }
        blackHole(machine)
    }
}

func flowRuns(_ runs: Int) {
    flowRuns(runs, through: declaredSignUp, script: flowScript, context: 0)
}

func subflowRuns(_ runs: Int) {
    flowRuns(runs, through: declaredSignUpWithSubflow, script: subflowScript, context: 1)
}

func flowRuns(_ runs: Int, through flow: FlowDefinition<Int>, script: [String], context: Int) {
    for _ in 0..<runs {
        var state = FlowState(for: flow)
        blackHole(try? state.start(in: flow, context: context))
        for outcome in script {
            let effects = try? state.next(outcome, in: flow, context: context)
            blackHole(effects)
            if effects == nil || state.isCompleted {
                state = FlowState(for: flow)
                blackHole(try? state.start(in: flow, context: context))
            }
        }
        blackHole(state)
    }
}

func runDispatchBenchmarks() -> [String] {
    let runs = 200_000
    let operations = runs * machineScript.count
    let results = measureInterleaved(operations: operations, [
        ("hand-written switch", { handWrittenRuns(runs) }),
        ("StateMachine.send", { machineRuns(runs) }),
        ("FlowState.next", { flowRuns(runs) }),
        ("FlowState.next, shared subflow", { subflowRuns(runs) }),
    ])
    func line(_ label: String, _ index: Int) -> String {
        let (measurement, ratio) = results[index]
        let time = format(measurement.nanosecondsPerOperation)
        return label + time + String(repeating: " ", count: max(1, 11 - time.count))
            + String(format: "%.2f", ratio) + "×"
    }
    return [
        "Event dispatch, sign-up flow with back, \(operations) events (11 interleaved rounds; medians per event",
        "and of each round's ratio to the hand-written switch)",
        "  hand-written switch + back stack   \(format(results[0].measurement.nanosecondsPerOperation))",
        line("  StateMachine.send                  ", 1) + " (target ≤ 2×)",
        line("  FlowState.next (string ids)        ", 2) + " (target ≤ 2×)",
        line("  FlowState.next, shared subflow     ", 3) + " (subflow and condition, for information)",
    ]
}
