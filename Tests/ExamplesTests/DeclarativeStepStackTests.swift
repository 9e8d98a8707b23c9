import Testing
import Waypoint
import WaypointExamples
import WaypointTesting

@MainActor
@Suite("Declarative step stack")
struct DeclarativeStepStackTests {
    typealias Example = DeclarativeStepStackExample

    @Test(arguments: [
        (true, false, ["welcome", "modules", "health", "notifications", "done"]),
        (true, true, ["welcome", "modules", "health", "done"]),
        (false, false, ["welcome", "modules", "notifications", "done"]),
        (false, true, ["welcome", "modules", "done"]),
    ])
    func stepsShownDependOnTheDeviceAndResumeAfterRelaunch(health: Bool, authorized: Bool, expected: [String]) async throws {
        var lines: [String] = []
        let seen = try await Example.run(
            healthDataAvailable: health, notificationsAuthorized: authorized, narrate: { lines.append($0) })
        #expect(seen == expected)
        #expect(lines.contains("restore: resumed 2 visited steps, at modules"))
    }

    @Test func authorizationKnownOnlyAfterTheStartIsStillHonoured() throws {
        var tester = try FlowTester(Example.onboarding, context: Example.Device(healthDataAvailable: false))
        #expect(tester.current == "welcome")
        tester.context.notificationsAuthorized = true
        try tester.run("next", "next")
        #expect(tester.visited == ["welcome", "modules", "done"])
        #expect(tester.skipped == ["health", "notifications"])
    }

    @Test func twoStepsShareOneScreenUnderTwoIds() throws {
        let steps = try #require(Example.onboarding.fixedSteps)
        #expect(steps.filter { $0.screen == "Permission" }.map(\.id) == ["health", "notifications"])
    }
}
