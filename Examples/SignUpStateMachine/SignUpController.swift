import Waypoint

extension SignUpStateMachineExample {
    /// The controller of the pattern: one `performStep` switch presents each step; each screen
    /// reports its outcome through a completion closure; the machine decides what comes next.
    @MainActor
    final class SignUpController {
        private let runtime = StateMachineRuntime(SignUpStateMachineExample.machine())
        private let screens: ScriptedScreens
        private let narrate: (String) -> Void
        private(set) var presented: [Step] = []
        private var failure: StateMachineError?

        init(screens: ScriptedScreens, narrate: @escaping (String) -> Void) {
            self.screens = screens
            self.narrate = narrate
        }

        func start() throws {
            performStep(runtime.current)
            if let failure { throw failure }
        }

        private func performStep(_ step: Step) {
            presented.append(step)
            narrate("show \(SignUpStateMachineExample.name(of: step))")
            switch step {
            case .splash: screens.show("Splash", completion: advance)
            case .login: screens.show("Login", completion: advance)
            case .registration: screens.show("Registration", completion: advance)
            case .personalization(let user): screens.show("Personalization for \(user)", completion: advance)
            case .complete(let user): narrate("signed up: \(user) is ready to shop")
            }
        }

        private func advance(_ outcome: ScreenOutcome) {
            narrate("  the user \(SignUpStateMachineExample.describe(outcome))")
            do {
                try runtime.send(outcome)
            } catch {
                failure = error
                return
            }
            performStep(runtime.current)
        }
    }

    /// Stands in for the app's screens: each one finishes at once with the next scripted outcome.
    @MainActor
    final class ScriptedScreens {
        private var outcomes: ArraySlice<ScreenOutcome>

        init(_ outcomes: [ScreenOutcome]) { self.outcomes = outcomes[...] }

        /// Presents a screen; it calls `completion` when the user finishes it (here: at once,
        /// with the next scripted outcome; never when the script has run out).
        func show(_ screen: String, completion: (ScreenOutcome) -> Void) {
            guard let outcome = outcomes.popFirst() else { return }
            completion(outcome)
        }
    }
}
