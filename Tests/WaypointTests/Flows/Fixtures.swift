import Waypoint

/// The user attributes the test flows decide on.
struct Profile: Sendable {
    var country = "US"
    var healthAvailable = true
    var notificationsAuthorized: Bool? = nil
    var invited = false
}

enum Fixtures {
    /// The end subflow shared by several flows: E, F, G.
    static let endFlow = Flow<Profile>("end-flow") {
        Step("e")
        Step("f")
        Step("g")
    }

    /// The sign-up flow of the document format's example, with a shared end subflow.
    static let signup = Flow<Profile>("signup", version: 1) {
        Step("splash", screen: "Splash")
            .on("login", to: "login")
            .on("register", to: "registration")
            .on("loggedIn", to: .complete)
        Step("login", screen: "Login").on("next", to: .complete)
        Step("registration", screen: "Registration")
            .on("newUser", to: "personalization")
            .on("existingUser", to: .complete)
        Step("personalization", screen: "Personalization").when { ["US", "CA"].contains($0.country) }
        Step("shared-end", subflow: endFlow)
    }

    /// A linear flow with conditional steps and a screen used twice.
    static let onboarding = Flow<Profile>("onboarding", version: 3) {
        Step("welcome", screen: "Info")
        Step("health").when { $0.healthAvailable }
        Step("notifications").when { $0.notificationsAuthorized != true }
        Step("thanks", screen: "Info")
    }
}
