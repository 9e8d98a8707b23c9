import Waypoint

/// The pattern "flow as a typed state machine": a shopping app's sign-up controller.
///
/// The steps are an enum whose later cases carry the signed-in user; each screen reports an
/// outcome, and one transition function decides the next step: a new user is asked for
/// personalization, an existing one goes straight to the end.
public enum SignUpStateMachineExample {
    /// A signed-in user.
    public struct User: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The user's name.
        public var name: String
        /// Whether the account was created just now.
        public var isNew: Bool

        /// Creates a user.
        public init(name: String, isNew: Bool) {
            self.name = name
            self.isNew = isNew
        }

        public var description: String { name }
    }

    /// The steps of sign-up.
    public enum Step: Hashable, Sendable, Codable {
        case splash
        case login
        case registration
        case personalization(User)
        case complete(User)
    }

    /// What a screen reports when the user finishes it.
    public enum ScreenOutcome: Hashable, Sendable {
        case wantsToLogIn
        case wantsToRegister
        case loggedIn(User)
        case registered(User)
        case personalized(User)
    }

    /// The sign-up machine: the whole flow is this one switch.
    public static func machine() -> StateMachine<Step, ScreenOutcome> {
        StateMachine("signup", version: 1, initial: .splash, isFinal: { step in
            if case .complete = step { true } else { false }
        }) { step, outcome in
            switch (step, outcome) {
            case (.splash, .wantsToLogIn): .login
            case (.splash, .wantsToRegister): .registration
            case (.login, .loggedIn(let user)): .complete(user)
            case (.registration, .registered(let user)): user.isNew ? .personalization(user) : .complete(user)
            case (.personalization, .personalized(let user)): .complete(user)
            default: nil
            }
        }
    }

    /// Runs the sign-up flow with simulated screens that answer with `outcomes`, in order.
    ///
    /// - Returns: the steps presented, in order.
    /// - Throws: ``Waypoint/StateMachineError`` when a scripted outcome does not apply to its step.
    @MainActor
    public static func run(
        answering outcomes: [ScreenOutcome], narrate: @escaping (String) -> Void = { _ in }
    ) throws -> [Step] {
        let controller = SignUpController(screens: ScriptedScreens(outcomes), narrate: narrate)
        try controller.start()
        return controller.presented
    }

    /// A short name for a step, for narration.
    public static func name(of step: Step) -> String {
        switch step {
        case .splash: "Splash"
        case .login: "Login"
        case .registration: "Registration"
        case .personalization(let user): "Personalization(\(user))"
        case .complete(let user): "Complete(\(user))"
        }
    }

    static func describe(_ outcome: ScreenOutcome) -> String {
        switch outcome {
        case .wantsToLogIn: "taps Log in"
        case .wantsToRegister: "taps Register"
        case .loggedIn(let user): "logs in as \(user)"
        case .registered(let user): "registers as \(user) (\(user.isNew ? "a new" : "an existing") account)"
        case .personalized: "picks their interests"
        }
    }
}
