import Waypoint
import WaypointTesting

/// The pattern "declarative step stack": a health app's onboarding, declared as a list of steps.
///
/// Welcome, the interesting modules, health permissions only when health data is available,
/// notifications only when the app is not yet authorized (which becomes known asynchronously,
/// after the flow started), and a closing screen. Health and notifications use the same
/// permission screen under two step ids.
public enum DeclarativeStepStackExample {
    /// What the onboarding decides on.
    public struct Device: Sendable {
        /// Whether the device has health data to share.
        public var healthDataAvailable: Bool
        /// Whether notifications are authorized; `nil` until the system has answered.
        public var notificationsAuthorized: Bool?

        /// Creates the device's situation.
        public init(healthDataAvailable: Bool, notificationsAuthorized: Bool? = nil) {
            self.healthDataAvailable = healthDataAvailable
            self.notificationsAuthorized = notificationsAuthorized
        }
    }

    /// The onboarding, as the product requirement reads.
    public static let onboarding = Flow<Device>("health-onboarding", version: 1) {
        Step("welcome", screen: "Welcome")
        Step("modules", screen: "InterestingModules")
        Step("health", screen: "Permission").when("health data available") { $0.healthDataAvailable }
        Step("notifications", screen: "Permission").when("notifications not yet authorized") {
            $0.notificationsAuthorized != true
        }
        Step("done", screen: "Done")
    }

    /// Runs the onboarding once: the notification authorization arrives while the user reads the
    /// welcome screen; the user taps "Continue" on every screen; the app is relaunched half-way.
    ///
    /// - Parameters:
    ///   - healthDataAvailable: whether the device has health data.
    ///   - notificationsAuthorized: what the system answers when asked about notifications.
    /// - Returns: the step ids the user saw, in order, across the relaunch.
    @MainActor
    public static func run(
        healthDataAvailable: Bool, notificationsAuthorized: Bool,
        narrate: @escaping (String) -> Void = { _ in }
    ) async throws -> [String] {
        let store = InMemoryProgressStore()
        var seen: [String] = []
        func observe(_ navigator: FlowNavigator<Device>) {
            navigator.onEffect = { effect in
                switch effect {
                case .entered(let visit):
                    seen.append(visit.stepID)
                    narrate("show \(visit.stepID) (\(navigator.currentScreen ?? "?") screen)")
                case .skipped(let path):
                    narrate("skip \(path): its condition is false now")
                case .flowCompleted:
                    narrate("onboarding completed")
                default:
                    break
                }
            }
        }

        let navigator = FlowNavigator(onboarding, context: Device(healthDataAvailable: healthDataAvailable), store: store)
        observe(navigator)
        try await navigator.start()

        // The system answers the authorization request after the flow started.
        let authorization = Task { @MainActor in notificationsAuthorized }
        navigator.context.notificationsAuthorized = await authorization.value
        narrate("notification authorization known: \(notificationsAuthorized ? "authorized" : "not authorized")")

        try navigator.next()   // Welcome → Interesting modules
        await navigator.waitForSaves()

        // The app is killed and relaunched: the path is restored from the store.
        narrate("app relaunched")
        let relaunched = FlowNavigator(
            onboarding,
            context: Device(healthDataAvailable: healthDataAvailable, notificationsAuthorized: notificationsAuthorized),
            store: store)
        try await relaunched.start()
        narrate("restore: \(relaunched.restoreResult.map(String.init(describing:)) ?? "none"), at \(relaunched.currentVisit?.stepID ?? "?")")
        observe(relaunched)
        while !relaunched.isCompleted {
            try relaunched.next()
        }
        return seen
    }
}
