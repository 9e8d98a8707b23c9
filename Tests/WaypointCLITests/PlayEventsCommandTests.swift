import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

@Suite("waypoint play: events, scripts and walkthroughs")
struct PlayEventsCommandTests {
    static let document = CommandRunner.example("waypoint.json")

    static func temporaryFile() -> URL {
        TemporaryFiles.file("play", pathExtension: "jsonl")
    }

    static func events(_ url: URL) throws -> [OnboardingEvent] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) }
    }

    @Test func manyAppendedRunsMakeAValidAttributedFileWithIncreasingTimes() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let scripts = ["register,newUser,,next,next", "login,next", "register,existingUser", "register,quit", "3", "register,newUser,quit"]
        let shortScripts = ["continue,next,next", "continue,quit", "1,,"]
        var expectedVariation: [String: String] = [:]
        for number in 0..<24 {
            let id = "user-\(number)"
            let attributes = #"{"id":"\#(id)","country":"\#(number % 3 == 0 ? "US" : "FR")"}"#
            let choice = try #require(try WaypointDocument.validate(Data(contentsOf: URL(fileURLWithPath: Self.document))).document?
                .resolve(attributes: try AttributesOption.parse(attributes)).report.flows["signup"])
            expectedVariation[id] = choice.variation
            var script = choice.variation == "short" ? shortScripts[number % shortScripts.count] : scripts[number % scripts.count]
            if number % 3 != 0 { script = script.replacingOccurrences(of: "newUser,,", with: "newUser,") }  // personalization is skipped
            let minute = String(format: "%02d", number)
            let result = CommandRunner.run([
                "play", Self.document, "--flow", "signup", "--attributes", attributes, "--script", script,
                "--events", url.path, "--append", "--clock", "start=2026-11-21T10:\(minute):00Z,step=5s",
            ])
            #expect(result.status == 0, "\(script): \(result.error ?? "")")
        }
        let events = try Self.events(url)
        #expect(Set(events.map(\.messageID)).count == events.count)
        let byUser = Dictionary(grouping: events, by: \.userID)
        #expect(byUser.count == 24)
        #expect(Set(expectedVariation.values) == ["control", "short"])
        for (user, userEvents) in byUser {
            #expect(userEvents.allSatisfy { $0.flowID == "signup" && $0.experiment == "short-signup" })
            #expect(userEvents.allSatisfy { $0.variation == expectedVariation[user] })
            let times = userEvents.map(\.timestamp)
            #expect(times == times.sorted(), "timestamps of \(user) go back in time")
            #expect(times.first != times.last)
            #expect(userEvents.prefix(2).map(\.event.rawValue) == ["Experiment Viewed", "Flow Started"])
            #expect(userEvents.filter { $0.event == .experimentViewed }.count == 1)
            #expect(["Flow Completed", "Flow Abandoned"].contains(userEvents.last?.event.rawValue ?? ""))
        }
        let completions = events.filter { $0.event.rawValue == "Step Completed" }
        #expect(completions.allSatisfy { ($0.durationMs ?? 0) > 0 && ($0.durationMs ?? 0) % 5000 == 0 })
    }

    @Test func eventsWithoutAnExperimentCarryNoAttributionAndTheUserDefaultsToTheId() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        _ = CommandRunner.run(["play", Self.document, "--flow", "signup", "--script", "login,next", "--events", url.path])
        let anonymous = try Self.events(url)
        #expect(anonymous.allSatisfy { $0.userID == "play" && $0.experiment == nil && $0.variation == nil })
        _ = CommandRunner.run(["play", Self.document, "--flow", "signup", "--attributes", #"{"id":"u-9"}"#,
                               "--script", "quit", "--events", url.path])
        let replaced = try Self.events(url)
        #expect(replaced.map(\.event.rawValue) == ["Experiment Viewed", "Flow Started", "Step Viewed", "Flow Abandoned"])
        #expect(replaced.allSatisfy { $0.userID == "u-9" && $0.experiment == "short-signup" })
    }

    @Test func anUnwritableEventsFileFailsWithTheSystemsReason() {
        let result = CommandRunner.run(["play", Self.document, "--flow", "signup", "--script", "login,next",
                                        "--events", "/missing-dir-\(UUID().uuidString)/x.jsonl"])
        #expect(result.status == 1)
        #expect(result.error?.contains("No such file or directory") == true)
        #expect(!result.output.contains("Wrote"))
    }

    @Test(arguments: [
        ("login,,", "The flow completed before the end of the script; remove the answers left over: ."),
        (",loseWeight", "Step `splash` refuses an empty answer: An empty answer means `next`, which this step does not offer."),
        ("back", "Step `splash` refuses `back`: `back` is not possible at the first step. Type 1 `login`, 2 `register`, 3 `loggedIn` or `quit`."),
        ("Register", "Step `splash` refuses `Register`: `Register` is not accepted here. Did you mean `register`?"),
        ("4", "Step `splash` refuses `4`: There is no choice 4 here."),
        ("register", "The script ended before the flow completed, at step `registration`"),
    ])
    func scriptsAreReadLikeThePromptAndEndingEarlyIsAnError(script: String, message: String) {
        let result = CommandRunner.run(["play", Self.document, "--flow", "signup", "--script", script])
        #expect(result.status == 1)
        #expect(result.error?.hasPrefix(message) == true, "\(result.error ?? "")")
    }

    @Test func numbersAndEmptyItemsWorkInAScript() {
        let result = CommandRunner.run(["play", Self.document, "--flow", "signup", "--script", "2,1,,,", "--attributes", #"{"country":"US"}"#,
                                        "--variation", "control", "--format", "json"])
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.contains(#""completed":true"#))
    }

    @Test func variationIsForcedAndShown() throws {
        let result = CommandRunner.run(["play", Self.document, "--flow", "signup", "--variation", "short", "--script", "continue,,"])
        #expect(result.status == 0, "\(result.error ?? "")")
        try assertSnapshot(result.output, named: "play-signup-short.txt")
        let unknown = CommandRunner.run(["graph", Self.document, "--flow", "signup", "--variation", "long"])
        #expect(unknown.status == 64)
        #expect(unknown.error?.contains("use --variation with `control` or `short`") == true)
        let graph = CommandRunner.run(["graph", Self.document, "--flow", "signup", "--variation", "short"])
        #expect(graph.output.contains("%% flow signup: variation short of short-signup (forced by --variation)"))
    }

    @Test func walkthroughsPlayWithTheirEvents() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run(["play", Self.document, "--walkthrough", "layering", "--attributes", #"{"id":"u-7","appLaunches":3}"#,
                                        "--script", "skip,quit", "--events", url.path, "--clock", "start=2026-11-21T10:00:00Z,step=2s"])
        #expect(result.status == 0, "\(result.error ?? "")")
        try assertSnapshot(result.output.replacingOccurrences(of: url.path, with: "EVENTS"), named: "play-layering.txt")
        let events = try Self.events(url)
        #expect(events.map(\.event.rawValue) == ["Walkthrough Started", "Hint Shown", "Hint Skipped", "Hint Shown"])
        #expect(events.map(\.stepID) == [nil, "intro", "intro", "panel-cell"])
        #expect(events.allSatisfy { $0.userID == "u-7" && $0.walkthroughID == "layering" })
        let early = CommandRunner.run(["play", Self.document, "--walkthrough", "layering", "--attributes", #"{"appLaunches":1}"#])
        #expect(early.output.hasSuffix("Not shown: its condition is false: `appLaunches` is 1, which does not match {\"$gte\":2}.\n"))
        let full = CommandRunner.run(["play", Self.document, "--walkthrough", "layering", "--attributes", #"{"appLaunches":2}"#],
                                     input: ["", "skip", "1"])
        #expect(full.status == 0)
        try assertSnapshot(full.output, named: "play-layering-interactive.txt")
    }
}
