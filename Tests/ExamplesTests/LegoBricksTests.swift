import Testing
import Waypoint
import WaypointExamples

@Suite("LEGO bricks flow composition")
struct LegoBricksTests {
    typealias Example = LegoBricksExample

    @Test("Every branch of the onboarding ends in the shared end subflow E, F, G",
          arguments: [
              (Example.Script.playerWithTeam, ["Role", "FindTeam", "JoinTeam", "E", "F", "G"]),
              (Example.Script.playerWithNewTeam,
               ["Role", "FindTeam", "TeamNotFound", "CreateTeam", "InviteTeammates", "E", "F", "G"]),
              (Example.Script.coach, ["Role", "CoachProfile", "CreateSquad", "InviteTeammates", "E", "F", "G"]),
              (Example.Script.other, ["Role", "Interests", "E", "F", "G"]),
          ])
    func branchesShareTheEnd(script: Example.Script, expected: [String]) async throws {
        let report = try await Example.run(script, end: .control)

        #expect(report.screens == expected)
        #expect(report.completed)
    }

    @Test("Swapping F and G is a one-line change")
    func swapFAndG() async throws {
        let original = try await Example.run(.coach, end: { $0.showE |> $0.showF |> $0.showG })
        let swapped = try await Example.run(.coach, end: { $0.showE |> $0.showG |> $0.showF })

        #expect(original.screens.suffix(3) == ["E", "F", "G"])
        #expect(swapped.screens.suffix(3) == ["E", "G", "F"])
        #expect(swapped.screens.dropLast(3) == original.screens.dropLast(3))
    }

    @Test("An A/B test swaps the whole end subflow", arguments: Example.EndVariation.allCases)
    func abTestOfEndSubflows(variation: Example.EndVariation) async throws {
        let report = try await Example.run(.playerWithTeam, end: variation)

        let expectedEnd: [Example.EndVariation: [String]] = [.control: ["E", "F", "G"], .short: ["E", "G"]]
        #expect(Array(report.screens.drop { $0 != "E" }) == expectedEnd[variation])
        #expect(report.screens.prefix(3) == ["Role", "FindTeam", "JoinTeam"])
        #expect(report.analytics.allSatisfy { $0.variation == variation.rawValue })
        let viewed = report.analytics.filter { $0.event == "Step Viewed" }.compactMap(\.stepId)
        #expect(viewed == report.screens, "analytics sees the screens of the variation the user got")
    }

    @Test("The composed flow reports to analytics like a declared flow")
    func analytics() async throws {
        let report = try await Example.run(.coach, end: .short)

        #expect(report.analytics.map(\.description) == [
            "Experiment Viewed",
            "Flow Started",
            "Step Viewed Role",
            "Step Completed Role → coach",
            "Step Viewed CoachProfile",
            "Step Completed CoachProfile → next",
            "Step Viewed CreateSquad",
            "Step Completed CreateSquad → next",
            "Step Viewed InviteTeammates",
            "Step Completed InviteTeammates → next",
            "Step Viewed E",
            "Step Completed E → next",
            "Step Viewed G",
            "Step Completed G → next",
            "Flow Completed",
        ])
    }

    @Test("The team search forks on its outcome: found or not found")
    func searchOutcome() async throws {
        let found = try await Example.run(.playerWithTeam, end: .control)
        let missing = try await Example.run(.playerWithNewTeam, end: .control)

        #expect(found.analytics.contains(.init(event: "Step Completed", stepId: "FindTeam", outcome: "found",
                                               variation: "control")))
        #expect(missing.analytics.contains(.init(event: "Step Completed", stepId: "FindTeam", outcome: "notFound",
                                                 variation: "control")))
    }

    @Test("A network error inside a step is retried by the user without ending the step", arguments: [0, 1, 3])
    func networkErrorsRetried(failures: Int) async throws {
        var lines: [String] = []
        let script = Example.Script(role: .player, teamName: "Falcons", networkFailures: failures)

        let report = try await Example.run(script, end: .control) { lines.append($0) }

        #expect(report.completed)
        #expect(report.screens == ["Role", "FindTeam", "JoinTeam", "E", "F", "G"])
        let errors = lines.filter { $0.contains("could not be reached. Check the connection and search again.") }
        #expect(errors.count == failures)
        #expect(lines.filter { $0 == "FindTeam: searches for “Falcons”" }.count == failures + 1)
    }

    @Test("Leaving a screen unfinished abandons the flow; nothing after it is shown",
          arguments: ["CreateTeam", "FindTeam", "F"])
    func leavingAbandons(screen: String) async throws {
        var script = Example.Script.playerWithNewTeam
        script.leavesAt = screen

        let report = try await Example.run(script, end: .control)

        #expect(report.completed == false)
        #expect(report.screens.last == screen)
        #expect(report.analytics.last == .init(event: "Flow Abandoned", stepId: screen, variation: "control"))
    }

    @Test("The demo entry point narrates the run and returns the screens shown")
    func demoEntryPoint() async throws {
        var lines: [String] = []

        let screens = try await Example.run { lines.append($0) }

        #expect(screens == ["Role", "FindTeam", "TeamNotFound", "CreateTeam", "InviteTeammates", "E", "F", "G"])
        for screen in screens {
            #expect(lines.contains { $0.hasPrefix("\(screen): ") }, "no narration for \(screen)")
        }
        #expect(lines.last == "Onboarding complete.")
    }
}
