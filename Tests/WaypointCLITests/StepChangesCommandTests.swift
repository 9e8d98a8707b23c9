import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

/// The commands on a document whose experiment changes steps: lint, resolve, and `--variation` on
/// graph, paths, play and preview, with localized text.
@Suite("Commands on experiment changes")
struct StepChangesCommandTests {
    static let document = CommandRunner.fixture("step-changes.json")
    static let loop = CommandRunner.fixture("variation-loop.json")
    /// Users `paywall-copy` assigns to `annual-first` and to `control`.
    static let annualUser = #"{"id":"user-1"}"#
    static let controlUser = #"{"id":"user-4"}"#

    @Test func theFixtureFileIsTheSharedFixture() throws {
        #expect(try String(contentsOfFile: Self.document, encoding: .utf8) == StepChangesFixture.text + "\n")
        let document = try StepChangesFixture.document()
        #expect(try ResolveReport(document: document, attributes: ["id": "user-1"]).flows["onboarding"]?.choice.variation == "annual-first")
        #expect(try ResolveReport(document: document, attributes: ["id": "user-4"]).flows["onboarding"]?.choice.variation == "control")
    }

    @Test func lintWarnsOfMissingTranslationsWithPositions() throws {
        let result = CommandRunner.run(["lint", Self.document])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "lint-step-changes.txt")
    }

    @Test func lintNamesTheVariationAndPointsAtTheChange() throws {
        let result = CommandRunner.run(["lint", Self.loop])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "lint-variation-loop.txt")
        let json = CommandRunner.run(["lint", Self.loop, "--format", "json"])
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(diagnostics.map { $0["path"] as? String } == [
            "flows[0].steps[3].id", "experiments[0].changes.loop[0].set.on", "experiments[0].changes.loop[0].set.on",
        ])
        #expect(diagnostics.map { $0["line"] as? Int } == [8, 13, 13])
        #expect(diagnostics.map { $0["column"] as? Int } == [17, 62, 62])
    }

    @Test func resolveShowsTheChangesThatApplyAndWhy() throws {
        let annual = CommandRunner.run(["resolve", Self.document, "--attributes", Self.annualUser])
        let control = CommandRunner.run(["resolve", Self.document, "--attributes", Self.controlUser])
        #expect(annual.status == 0 && control.status == 0)
        try assertSnapshot(annual.output + control.output, named: "resolve-step-changes.txt")
    }

    @Test func resolveNamesTheLocalesOfTheTexts() {
        let text = CommandRunner.run(["resolve", Self.document, "--attributes", #"{"id":"user-1","locale":"pt-BR"}"#])
        #expect(text.output.hasSuffix("\nTexts in pt-BR, then pt, then en (the document's default locale)\n"), "\(text.output)")
        let json = CommandRunner.run(["resolve", Self.document, "--attributes", #"{"id":"user-1","locale":"pt-BR"}"#, "--format", "json"])
        #expect(json.output.contains(#""locales":["pt-BR","pt","en"]"#))
    }

    @Test func resolveJSONAddsChangesToTheStableKeys() throws {
        let result = CommandRunner.run(["resolve", Self.document, "--attributes", Self.annualUser, "--format", "json"])
        try assertSnapshot(result.output, named: "resolve-step-changes.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: [String: Any]]])
        let onboarding = try #require(object["flows"]?["onboarding"])
        #expect(onboarding["experiment"] as? String == "paywall-copy")
        #expect(onboarding["variation"] as? String == "annual-first")
        #expect(onboarding["inExperiment"] as? Bool == true)
        #expect(onboarding["hashValue"] is Double)
        let changes = try #require(onboarding["changes"] as? [[String: Any]])
        #expect(changes.first?["step"] as? String == "paywall")
        #expect(changes.first?["fields"] as? [String] == ["screen", "content"])
        let outside = CommandRunner.run(["resolve", Self.document, "--attributes", #"{"country":"US"}"#, "--format", "json"])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(outside.output.utf8)) as? [String: [String: [String: Any]]])
        #expect(decoded["flows"]?["onboarding"]?["changes"] as? [Any] != nil)
        #expect((decoded["flows"]?["onboarding"]?["changes"] as? [Any])?.isEmpty == true)
        #expect(decoded["flows"]?["onboarding"]?["noChangesReason"] as? String
            == "not in the experiment `paywall-copy` (no `id` attribute to hash; give one, such as {\"id\":\"u-123\"}), so the user sees the flow as written")
    }

    @Test func graphOfAVariationAppliesItsChanges() throws {
        let result = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--variation", "annual-first"])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "graph-step-changes.mmd")
        let dot = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--variation", "annual-first", "--format", "dot"])
        #expect(dot.output.contains(#"label="notifications\nNotifications\nskipped in this variation", shape=hexagon, style=dashed"#), "\(dot.output)")
        #expect(dot.output.contains(#"label="paywall\nPaywallAnnual"#))
        let control = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--variation", "control"])
        #expect(!control.output.contains("PaywallAnnual"))
        #expect(!control.output.contains("skipped in this variation"))
    }

    @Test func pathsOfAVariationPassTheSkippedStep() throws {
        let result = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--variation", "annual-first"])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "paths-step-changes.txt")
        let json = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--variation", "control", "--format", "json"])
        #expect(json.output.contains(#"["welcome","goals","paywall","finish/notifications","finish/done"]"#))
        #expect(json.output.contains(#""experiment":"paywall-copy""#) && json.output.contains(#""variation":"control""#))
    }

    @Test func anUnknownVariationListsTheExperimentsVariations() {
        let flow = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--variation", "anual-first"])
        #expect(flow.status == 64)
        #expect(flow.error?.contains("Did you mean `annual-first`?") == true)
        let walkthrough = CommandRunner.run(["play", Self.document, "--walkthrough", "home-tour", "--variation", "anual-first", "--script", "next"])
        #expect(walkthrough.status == 64)
        #expect(walkthrough.error?.contains(
            "No experiment of walkthrough `home-tour` has a variation `anual-first`. Did you mean `annual-first`? Its experiment is "
                + "`paywall-copy`: use --variation with `control` or `annual-first`.") == true, "\(walkthrough.error ?? "")")
    }

    @Test func playShowsTheVariationsLocalizedContent() throws {
        let result = CommandRunner.run([
            "play", Self.document, "--flow", "onboarding", "--variation", "annual-first", "--attributes", #"{"locale":"de"}"#,
            "--script", ",sleep,next,next",
        ])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "play-step-changes-de.txt")
        // The variation sets the headline; the rest of the paywall's content stays (merged key by key).
        #expect(result.output.contains(#"headline "Spare 40 % im Jahr", plans ["monthly","annual"], showsClose true, trialDays 7"#))
        let control = CommandRunner.run([
            "play", Self.document, "--flow", "onboarding", "--attributes", #"{"id":"user-4","locale":"pt-BR"}"#, "--script", ",sleep,quit",
        ])
        #expect(control.output.contains(#"    content: title "Bem-vindo""#))
        #expect(control.output.contains(#"headline "Seja premium""#))
        #expect(control.output.contains(#"badge {"color":"gold","text":"Best value"}"#))
    }

    @Test func playOfAWalkthroughVariationShowsItsChangedText() {
        let result = CommandRunner.run([
            "play", Self.document, "--walkthrough", "home-tour", "--variation", "annual-first", "--attributes", #"{"locale":"de"}"#,
            "--script", "next,next",
        ])
        #expect(result.status == 0)
        #expect(result.output.contains(#"▸ streaks (2 of 2) on home.streaks: "Bleib dran""#), "\(result.output)")
        #expect(result.output.contains("variation annual-first of paywall-copy (forced by --variation)"))
    }

    /// A walkthrough run is exposed at its first changed step: `timer` (unchanged) carries no experiment, `streaks` does.
    @Test func playOfAWalkthroughVariationExposesTheRunAtTheChangedStep() throws {
        let url = TemporaryFiles.file("play", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run([
            "play", Self.document, "--walkthrough", "home-tour", "--variation", "annual-first", "--script", "next,next",
            "--events", url.path,
        ])
        #expect(result.status == 0, "\(result.error ?? "")")
        let events = try PlayEventsCommandTests.events(url)
        let before = events.prefix { $0.stepID != "streaks" }
        let after = events.drop { $0.stepID != "streaks" }
        #expect(!before.isEmpty && !after.isEmpty, "\(events.map(\.event))")
        #expect(before.allSatisfy { $0.experiment == nil && $0.variation == nil }, "\(before.map { ($0.event, $0.stepID) })")
        #expect(after.allSatisfy { $0.experiment == "paywall-copy" && $0.variation == "annual-first" }, "\(after.map { ($0.event, $0.experiment) })")
    }

    static func preview(_ extra: [String]) -> [String] {
        ["preview", document, "--walkthrough", "home-tour", "--step", "streaks", "--screen", "390x844", "--target", "20,300,350,80"] + extra
    }

    @Test func previewDrawsTheVariationsChangesInTheLocale() throws {
        let result = CommandRunner.run(Self.preview(["--variation", "annual-first", "--locale", "de"]))
        #expect(result.status == 0)
        let resolved = try StepChangesFixture.document().resolve(
            attributes: ["locale": "de"], forcedVariations: ["paywall-copy": "annual-first"], preferredLanguages: [])
        let walkthrough = try #require(resolved.walkthroughs["home-tour"])
        #expect(walkthrough.steps.last?.tooltipText == "Bleib dran")
        #expect(walkthrough.steps.last?.tooltipPosition == .above)
        // The overlay's own labels are in the locale too.
        let labels = OverlayLabels(locale: Locale(identifier: "de"))
        let expected = try OverlaySVG.document(
            walkthrough: walkthrough, stepId: "streaks", screen: OverlaySize(width: 390, height: 844), target: OverlayRect(x: 20, y: 300, width: 350, height: 80),
            labels: labels)
        #expect(result.output.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
        #expect(result.output.contains("Bleib dran"))
        #expect(result.output.contains(">\(labels.title(of: .next, isLast: true))</text>") && !result.output.contains(">Done</text>"))
    }

    @Test func previewFallsBackByTruncationThenToTheDefaultLocale() {
        #expect(CommandRunner.run(Self.preview(["--attributes", #"{"locale":"pt-BR"}"#])).output.contains("Sua sequência"))
        #expect(CommandRunner.run(Self.preview(["--locale", "pt-BR", "--attributes", #"{"locale":"de"}"#])).output.contains("Sua sequência"))
        #expect(CommandRunner.run(Self.preview(["--locale", "ja"])).output.contains("Your streak"))
        let bad = CommandRunner.run(Self.preview(["--locale", "de DE"]))
        #expect(bad.status == 64)
        #expect(bad.error?.contains(#"--locale "de DE" is not a locale tag; use a BCP 47 tag such as en, de or pt-BR."#) == true)
    }
}
