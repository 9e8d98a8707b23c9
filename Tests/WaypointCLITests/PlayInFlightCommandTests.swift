import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

/// `play --in-flight`: a scripted run that stops before the end leaves the user in flight.
@Suite("waypoint play --in-flight")
struct PlayInFlightCommandTests {
    static let document = CommandRunner.example("waypoint.json")

    static func run(_ extra: [String], script: String) throws -> (result: CommandRunner.Result, events: [String]) {
        let url = TemporaryFiles.file("play-in-flight", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run([
            "play", document, "--flow", "signup", "--variation", "control", "--script", script, "--events", url.path,
            "--clock", "start=2026-11-21T10:00:00Z,step=5s",
        ] + extra)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let events = try lines.map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)).event.rawValue }
        return (result, events)
    }

    @Test func aScriptThatEndsEarlyLeavesTheUserInFlightWithoutFlowAbandoned() throws {
        let inFlight = try Self.run(["--in-flight"], script: "register")
        #expect(inFlight.result.status == 0, "\(inFlight.result.error ?? "")")
        #expect(inFlight.events == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Step Viewed"])
        #expect(inFlight.result.output.contains("In flight (no Flow Abandoned): splash → registration\n"))
        let stopped = try Self.run([], script: "register")
        #expect(stopped.result.status == 1)
        #expect(stopped.events == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Step Viewed", "Flow Abandoned"])
    }

    @Test func quitLeavesTheUserInFlightToo() throws {
        let inFlight = try Self.run(["--in-flight"], script: "register,quit")
        #expect(inFlight.result.status == 0)
        #expect(!inFlight.events.contains("Flow Abandoned"))
        #expect(try Self.run([], script: "register,quit").events.last == "Flow Abandoned")
    }

    @Test func aRefusedAnswerStillFailsButLeavesTheUserInFlight() throws {
        let refused = try Self.run(["--in-flight"], script: "register,newUsr")
        #expect(refused.result.status == 1)
        #expect(refused.result.error?.contains("Step `registration` refuses") == true, "\(refused.result.error ?? "")")
        #expect(refused.events == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Step Viewed"])
    }

    @Test func aRunThatCompletesIsUnchanged() throws {
        let run = try Self.run(["--in-flight"], script: "login,next")
        #expect(run.result.status == 0)
        #expect(run.events.last == "Flow Completed")
    }

    @Test(arguments: [
        (["play", "waypoint.json", "--flow", "signup", "--in-flight"], "--in-flight needs --flow and --script"),
        (["play", "waypoint.json", "--walkthrough", "layering", "--script", "tap", "--in-flight"], "--in-flight needs --flow and --script"),
    ])
    func inFlightNeedsAScriptedFlow(arguments: [String], message: String) {
        let result = CommandRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.error?.contains(message) == true, "\(result.error ?? "")")
    }
}
