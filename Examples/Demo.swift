import Foundation
import Waypoint

/// Runs every bundled example end to end and narrates what happens.
public enum Demo {
    /// One bundled example: the pattern it shows and how to run it.
    public struct Section: Sendable {
        /// The pattern's name, as docs/ARCHITECTURE.md and the README name it.
        public let pattern: String
        /// A one-line description of the example.
        public let summary: String
        /// Runs the example, narrating each line.
        public let run: @MainActor @Sendable (_ narrate: @escaping (String) -> Void) async throws -> Void
    }

    /// The examples, in the order the demo runs them.
    @MainActor
    public static var sections: [Section] {
        [
            Section(
                pattern: "Flow as a typed state machine",
                summary: "a shopping app's sign-up: splash → login | registration → personalization(User) → complete(User)"
            ) { narrate in
                let ada = SignUpStateMachineExample.User(name: "Ada", isNew: true)
                narrate("a new user registers:")
                _ = try SignUpStateMachineExample.run(
                    answering: [.wantsToRegister, .registered(ada), .personalized(ada)], narrate: { narrate("  " + $0) })
                let bob = SignUpStateMachineExample.User(name: "Bob", isNew: false)
                narrate("an existing user logs in:")
                _ = try SignUpStateMachineExample.run(
                    answering: [.wantsToLogIn, .loggedIn(bob)], narrate: { narrate("  " + $0) })
            },
            Section(
                pattern: "Declarative step stack",
                summary: "a health app's onboarding with conditional permission steps, resumed after a relaunch"
            ) { narrate in
                narrate("a device with health data, notifications not yet authorized:")
                _ = try await DeclarativeStepStackExample.run(
                    healthDataAvailable: true, notificationsAuthorized: false, narrate: { narrate("  " + $0) })
                narrate("a device without health data, notifications already authorized:")
                _ = try await DeclarativeStepStackExample.run(
                    healthDataAvailable: false, notificationsAuthorized: true, narrate: { narrate("  " + $0) })
            },
            Section(
                pattern: "LEGO bricks flow composition",
                summary: "a sports app's onboarding snapped together from subflows with |>, every branch ending in E, F, G"
            ) { narrate in
                narrate("a player whose team is not found (one network error, retried):")
                let player = NarrationBuffer()
                _ = try await LegoBricksExample.run(.playerWithNewTeam, end: .control, narrate: { @Sendable in player.append($0) })
                player.lines.forEach { narrate("  " + $0) }
                narrate("a coach:")
                let coach = NarrationBuffer()
                _ = try await LegoBricksExample.run(.coach, end: .control, narrate: { @Sendable in coach.append($0) })
                coach.lines.forEach { narrate("  " + $0) }
            },
            Section(
                pattern: "Saga / coordinator for hints",
                summary: "an editor's layering onboarding: three hints across two components, shown at most 3 times, paused in the background"
            ) { narrate in
                _ = try await LayeringOnboardingExample.run(narrate: { narrate("  " + $0) })
            },
            Section(
                pattern: "Data-driven walkthrough",
                summary: "a photo app's tour advanced by tap, swipe, timer, event and button triggers"
            ) { narrate in
                _ = try await TriggerTourExample.run(narrate: { narrate("  " + $0) })
            },
        ]
    }

    /// Runs every section, narrating a header for each.
    @MainActor
    public static func run(narrate: @escaping (String) -> Void) async throws {
        let sections = sections
        for (index, section) in sections.enumerated() {
            if index > 0 { narrate("") }
            narrate("== \(section.pattern) ==")
            narrate(section.summary)
            try await section.run(narrate)
        }
    }
}

/// Collects narration from examples that run off the main actor.
final class NarrationBuffer: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) {
        lock.withLock { storage.append(line) }
    }

    var lines: [String] {
        lock.withLock { storage }
    }
}
