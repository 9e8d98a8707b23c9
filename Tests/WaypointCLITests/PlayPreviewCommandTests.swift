import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

@Suite("waypoint play and preview")
struct PlayPreviewCommandTests {
    static let signup = CommandRunner.example("waypoint.json")

    @Test func aScriptPrintsEachStepAndThePath() throws {
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "register,newUser,next,next"])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "play-signup-script.txt")
        #expect(result.output.hasSuffix("Completed: splash → registration → shared-end/notifications → shared-end/done\n"))
    }

    @Test func aScriptInJSONHasTheDesignsShape() throws {
        let result = CommandRunner.run([
            "play", Self.signup, "--flow", "signup", "--attributes", #"{"country":"US"}"#,
            "--script", "register,newUser,next,next,next", "--format", "json",
        ])
        #expect(result.status == 0)
        #expect(result.output == #"{"completed":true,"experiment":"short-signup","flowId":"signup","path":["splash","registration","personalization","shared-end/notifications","shared-end/done"],"variation":"control"}"# + "\n")
    }

    @Test func backPopsTheVisitedPath() throws {
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "register,back,login,quit", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"completed":false,"experiment":"short-signup","flowId":"signup","path":["splash","login"],"variation":"control"}"# + "\n")
    }

    @Test func anOutcomeNotAcceptedNamesTheStepAndItsOutcomes() {
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "register,signIn", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.error == "Step `registration` refuses `signIn`: `signIn` is not accepted here. Type 1 `newUser`, 2 `existingUser`, `back` or `quit`.")
    }

    @Test func outcomesAfterCompletionAreAnError() {
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "login,next,next"])
        #expect(result.status == 1)
        #expect(result.error == "The flow completed before the end of the script; remove the answers left over: next.")
    }

    @Test func interactiveModeReadsLinesNumbersAndBack() throws {
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup"],
                                       input: ["2", "", "newUser", "bogus", "back", "existingUser"])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "play-signup-interactive.txt")
        #expect(result.output.contains("  `bogus` is not accepted here. Type 1 `next`, `back` or `quit`.\n"))
        #expect(result.output.hasSuffix("Completed: splash → registration\n"))
    }

    @Test func interactiveModeStopsOnQuitOrTheEndOfInput() {
        let quit = CommandRunner.run(["play", Self.signup, "--flow", "signup"], input: ["register", "quit", "newUser"])
        #expect(quit.output.hasSuffix("Stopped before the end: splash → registration\n"))
        let end = CommandRunner.run(["play", Self.signup, "--flow", "signup"], input: ["login"])
        #expect(end.output.hasSuffix("Stopped before the end: splash → login\n"))
    }

    @Test func eventsAreTheAnalyticsOfTheRun() throws {
        let url = TemporaryFiles.file("play", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "register,newUser,next,next",
                                        "--events", url.path, "--user", "u-42"])
        #expect(result.output.hasSuffix("Wrote 11 events to \(url.path)\n"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let events = try lines.map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) }
        #expect(events.map(\.event.rawValue) == [
            "Flow Started", "Step Viewed", "Step Completed", "Step Viewed", "Step Completed", "Step Skipped",
            "Step Viewed", "Step Completed", "Step Viewed", "Step Completed", "Flow Completed",
        ])
        #expect(events.allSatisfy { $0.userID == "u-42" && $0.flowID == "signup" })
        #expect(Set(events.map(\.messageID)).count == events.count)
        #expect(events[5].stepID == "personalization")
        #expect(events[6].stepID == "shared-end/notifications")
        #expect(events[6].stepIndex == 2)
        #expect(events[2].outcome == "register")
    }

    @Test func anUnfinishedRunRecordsFlowAbandoned() throws {
        let url = TemporaryFiles.file("play", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = CommandRunner.run(["play", Self.signup, "--flow", "signup", "--script", "register", "--events", url.path])
        let last = try #require(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").last)
        let event = try JSONDecoder().decode(OnboardingEvent.self, from: Data(last.utf8))
        #expect(event.event.rawValue == "Flow Abandoned")
        #expect(event.stepID == "registration")
    }

    @Test func playUsesTheVariationTheUserIsAssignedTo() throws {
        // A user outside the experiment's condition gets the first variation; the `short` entry has two steps.
        let document = CommandRunner.example("every-feature.json")
        let result = CommandRunner.run(["play", document, "--flow", "onboarding", "--attributes", #"{"id":"u-1","country":"FR"}"#,
                                        "--script", "signIn", "--format", "json"])
        #expect(result.output == #"{"completed":true,"experiment":"short-onboarding","flowId":"onboarding","path":["welcome"],"variation":"control"}"# + "\n")
    }

    @Test(arguments: [
        ["play", "a.json", "--flow", "f", "--format", "json"], ["play", "a.json", "--flow", "f", "--script", " "],
        ["play", "a.json", "--flow", "f", "--walkthrough", "w"], ["play", "a.json", "--flow", "f", "--append"],
        ["play", "a.json", "--flow", "f", "--clock", "start=yesterday"], ["play", "a.json", "--flow", "f", "--clock", "step=5s"],
        ["play", "a.json"], ["play", "a.json", "--flow", "f", "--attributes", "1"],
    ])
    func playBadUsageExitsWith64(arguments: [String]) {
        #expect(CommandRunner.run(arguments).status == 64)
    }

    static let previewArguments = ["preview", signup, "--walkthrough", "layering", "--step", "intro",
                                   "--screen", "390x844", "--target", "326,56,44,44"]

    @Test func previewWritesTheCoresSVG() throws {
        let result = CommandRunner.run(Self.previewArguments)
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.signup))
        let walkthrough = try #require(try WaypointDocument(validating: data).resolve(attributes: [:]).walkthroughs["layering"])
        // The labels in the document's default locale (here none: English), whatever the machine's locale.
        let expected = try OverlaySVG.document(walkthrough: walkthrough, stepId: "intro", screen: OverlaySize(width: 390, height: 844),
                                      target: OverlayRect(x: 326, y: 56, width: 44, height: 44),
                                      labels: OverlayLabels(locale: Locale(identifier: "en")))
        #expect(result.output.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
        #expect(result.output.hasPrefix("<svg"))
    }

    @Test func previewWritesToAFileWithOut() throws {
        let url = TemporaryFiles.file("preview", pathExtension: "svg")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run(Self.previewArguments + ["--out", url.path])
        #expect(result.output == "Wrote layering/intro to \(url.path)\n")
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("<svg"))
    }

    @Test(arguments: [
        ("--screen", "390", "--screen \"390\" is not a screen size; write WIDTHxHEIGHT in points, both greater than 0, such as 390x844."),
        ("--screen", "0x844", "--screen \"0x844\" is not a screen size; write WIDTHxHEIGHT in points, both greater than 0, such as 390x844."),
        ("--target", "1,2,3", "--target \"1,2,3\" is not X,Y,W,H; write 4 numbers in points separated by commas, such as 326,56,44,44."),
        ("--target", "a,b,c,d", "--target \"a,b,c,d\" is not X,Y,W,H; write 4 numbers in points separated by commas, such as 326,56,44,44."),
    ])
    func aBadSizeOrFrameIsAUsageErrorThatShowsTheFormat(option: String, value: String, message: String) {
        var arguments = Self.previewArguments
        if let index = arguments.firstIndex(of: option) { arguments[index + 1] = value }
        let result = CommandRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.error?.hasPrefix(message) == true)
    }

    @Test func anUnknownWalkthroughOrStepListsTheKnownOnes() {
        var arguments = Self.previewArguments
        arguments[3] = "tour"
        #expect(CommandRunner.run(arguments).error == "The document has no walkthrough `tour`. Its walkthroughs are `layering`.")
        arguments[3] = "layerin"
        #expect(CommandRunner.run(arguments).error == "The document has no walkthrough `layerin`. Did you mean `layering`? Its walkthroughs are `layering`.")
        arguments = Self.previewArguments
        arguments[5] = "finale"
        let result = CommandRunner.run(arguments)
        #expect(result.status == 1)
        #expect(result.error == "Walkthrough 'layering' has no step 'finale'; its steps are intro, panel-cell.")
        arguments[5] = "panel-cel"
        #expect(CommandRunner.run(arguments).error == "Walkthrough 'layering' has no step 'panel-cel' (did you mean 'panel-cell'?); its steps are intro, panel-cell.")
    }
}
