import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

@Suite("waypoint preview: flow steps as content cards, hints in a locale")
struct PreviewCommandTests {
    static let example = CommandRunner.example("waypoint.json")
    static let stepChanges = CommandRunner.fixture("step-changes.json")
    static let paywall = ["preview", example, "--flow", "upgrade", "--step", "paywall"]

    /// The paywall of `upgrade` as the core resolves it for a variation and a locale.
    static func resolvedPaywall(variation: String, locale: String) throws -> StepContent {
        let document = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: example)))
        let resolution = try document.resolve(
            attributes: ["locale": .string(locale)], forcedVariations: ["paywall-copy": variation], preferredLanguages: [])
        return try #require(resolution.flows["upgrade"]?.fixedSteps?.first { $0.id == "paywall" }).content
    }

    @Test("A copy test's card per variation and locale matches its snapshot and shows the content the app resolves",
          arguments: ["control", "annual-first"], ["en", "de"])
    func paywallCard(variation: String, locale: String) throws {
        let result = CommandRunner.run(Self.paywall + ["--variation", variation, "--locale", locale])
        #expect(result.status == 0, "\(result)")
        #expect(result.warnings.isEmpty, "the document has every text in \(locale)")
        try assertSnapshot(result.output, named: "preview-paywall-\(variation)-\(locale).svg")

        let content = try Self.resolvedPaywall(variation: variation, locale: locale)
        let headline = try #require(content.string("headline"))
        let button = try #require(content.string("button"))
        #expect(result.output.contains("<title>Flow upgrade, step paywall: \(headline)</title>"))
        #expect(result.output.contains(">\(button)</tspan>"))
        #expect(result.output.contains(">\(try #require(content.integer("trialDays")))</tspan>"))
        #expect(result.output.contains(">variation \(variation) of paywall-copy (forced"), "the note says which variation, wrapped")
        #expect(result.output.contains("locale \(locale)</tspan>"))
        let parser = XMLParser(data: Data(result.output.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    }

    @Test("The variations and the locales draw different copy; the screen a variation sets is named")
    func variationsAndLocalesDiffer() {
        let cards = ["control", "annual-first"].flatMap { variation in
            ["en", "de"].map { CommandRunner.run(Self.paywall + ["--variation", variation, "--locale", $0]).output }
        }
        #expect(Set(cards).count == 4)
        #expect(cards[0].contains("paywall · Paywall</tspan>") && cards[2].contains("paywall · PaywallAnnual</tspan>"))
    }

    @Test("Without --locale the texts are in the document's default locale, and the note says so")
    func defaultLocale() {
        let result = CommandRunner.run(Self.paywall)
        #expect(result.status == 0)
        #expect(result.output.contains("locale en (the document&apos;s default)"))
        #expect(result.output == CommandRunner.run(Self.paywall + ["--locale", "en"]).output.replacingOccurrences(
            of: "locale en</tspan>", with: "locale en (the document&apos;s default)</tspan>"))
    }

    @Test("A locale the document has no text in draws the default locale and warns on standard error")
    func missingLocaleWarns() {
        let result = CommandRunner.run(Self.paywall + ["--locale", "ja"])
        #expect(result.status == 0)
        #expect(result.warnings == "warning: step `paywall` of flow `upgrade` has no `ja` text for `body`, `button` and `headline`; "
            + "they are shown in `en`, the document's default locale. Add \"ja\": \"…\" to them to preview that locale.\n")
        #expect(result.output.contains("locale ja (no text: en shown)"))
        #expect(result.output.contains("Go premium"))
        // A locale whose truncation the document has (`de` for `de-AT`) is no fallback.
        #expect(CommandRunner.run(Self.paywall + ["--locale", "de-AT"]).warnings.isEmpty)
    }

    @Test("Only the texts without the locale or its truncation are named: `pt` covers `pt-BR`")
    func partialTranslationWarnsForTheRest() {
        let result = CommandRunner.run(["preview", Self.stepChanges, "--flow", "onboarding", "--step", "paywall", "--locale", "pt-BR"])
        #expect(result.status == 0)
        #expect(result.warnings == "warning: step `paywall` of flow `onboarding` has no `pt-BR` text for `badge.text`; it is shown in `en`, "
            + "the document's default locale. Add \"pt-BR\": \"…\" to it to preview that locale.\n")
        #expect(result.output.contains("Seja premium"))
        #expect(result.output.contains(">Best value</tspan>"))
    }

    @Test("--out writes the card and says which variation it drew")
    func out() throws {
        let url = TemporaryFiles.file("paywall", pathExtension: "svg")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CommandRunner.run(Self.paywall + ["--variation", "annual-first", "--locale", "de", "--out", url.path])
        #expect(result.output == "Wrote upgrade/paywall to \(url.path) (variation annual-first of paywall-copy (forced by --variation))\n")
        #expect(try String(contentsOf: url, encoding: .utf8) == CommandRunner.run(Self.paywall + ["--variation", "annual-first", "--locale", "de"]).output)
    }

    @Test("--screen sets the card's width and least height")
    func screen() {
        let output = CommandRunner.run(Self.paywall + ["--screen", "320x700"]).output
        #expect(output.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"700\""))
    }

    @Test("A step without content, and a step of a subflow named by its own flow, are drawn")
    func otherSteps() {
        let splash = CommandRunner.run(["preview", Self.example, "--flow", "signup", "--step", "splash"])
        #expect(splash.status == 0)
        #expect(splash.output.contains("This step has no content.") && splash.output.contains("Outcomes: login, register, loggedIn"))
        let done = CommandRunner.run(["preview", Self.example, "--flow", "end-flow", "--step", "done"])
        #expect(done.status == 0 && done.output.contains("end-flow › done · Done"))
    }

    @Test("Unknown flows, steps and variations say what there is", arguments: [
        (["--flow", "upgrad", "--step", "paywall"],
         "The document has no flow `upgrad`. Did you mean `upgrade`? Its flows are `signup`, `end-flow` and `upgrade`."),
        (["--flow", "upgrade", "--step", "paywal"],
         "Flow `upgrade` has no step `paywal`. Did you mean `paywall`? Its steps are `features`, `paywall` and `purchase`."),
        (["--flow", "signup", "--step", "notifications"],
         "Flow `signup` has no step `notifications`. It is a step of flow `end-flow`: use --flow end-flow. Its steps are `splash`, `login`, `registration`, `personalization` and `shared-end`."),
        (["--flow", "signup", "--step", "login", "--variation", "short"],
         "Flow `signup` has no step `login`. The entry of variation `control` has it: add --variation control. Its steps are `splash` and `shared-end`."),
        (["--flow", "signup", "--step", "shared-end"],
         "Step `shared-end` of flow `signup` runs the subflow `end-flow` and has no content of its own; draw one of that flow's steps with --flow end-flow --step notifications (its steps are `notifications` and `done`)."),
        (["--flow", "upgrade", "--step", "paywall", "--variation", "annual-frist"],
         "No experiment reaching flow `upgrade` has an entry for variation `annual-frist`. Did you mean `annual-first`? The flow's experiment is `paywall-copy`: use --variation with `control` or `annual-first`."),
        (["--flow", "end-flow", "--step", "done", "--variation", "short"],
         "flow `end-flow` does not vary by experiment, nor does any subflow it runs, so it has no variation `short`; leave out --variation."),
    ])
    func unknownNames(arguments: [String], message: String) {
        let result = CommandRunner.run(["preview", Self.example] + arguments)
        #expect(result.status != 0)
        #expect(result.error == message)
        #expect(result.output.isEmpty)
    }

    @Test("A flow step or a hint, never both nor neither; hints need a screen and a target, cards take none", arguments: [
        ([String](), "Give --flow ID to draw a flow step's content as a card, or --walkthrough ID to draw a hint over a screen."),
        (["--flow", "upgrade", "--walkthrough", "layering"], "Give --flow or --walkthrough, not both: a preview draws one step."),
        (["--flow", "upgrade", "--target", "1,2,3,4"], "--target applies to a hint (--walkthrough); a flow step's card has none. Leave out --target."),
        (["--flow", "upgrade", "--safe-area", "1,2,3,4"], "--safe-area applies to a hint (--walkthrough); a flow step's card has none. Leave out --safe-area."),
        (["--walkthrough", "layering", "--screen", "390x844"],
         "A hint is drawn over a screen: give --screen WIDTHxHEIGHT and --target X,Y,W,H, such as --screen 390x844 --target 326,56,44,44."),
        (["--flow", "upgrade", "--locale", "pt BR"], "--locale \"pt BR\" is not a locale tag; use a BCP 47 tag such as en, de or pt-BR."),
    ])
    func usage(arguments: [String], message: String) {
        let result = CommandRunner.run(["preview", Self.example, "--step", "paywall"] + arguments)
        #expect(result.status == 64)
        #expect(result.error?.hasPrefix(message) == true, "\(result)")
    }

    static let hint = ["preview", example, "--walkthrough", "layering", "--step", "intro", "--screen", "390x844", "--target", "326,56,44,44"]

    @Test("A hint with --locale shows the overlay's labels in that language", arguments: ["es", "ja", "pt-BR", "zh-Hans"])
    func hintLabelsInTheLocale(locale: String) throws {
        let result = CommandRunner.run(Self.hint + ["--locale", locale])
        #expect(result.status == 0)
        #expect(result.warnings.isEmpty)
        let labels = OverlayLabels(locale: Locale(identifier: locale))
        #expect(labels.language == locale)
        let skip = labels.title(of: .skip)
        let instruction = try #require(labels.instruction(for: .tap(elementId: "editor.layersButton")))
        #expect(skip != OverlayLabels(locale: Locale(identifier: "en")).title(of: .skip))
        #expect(result.output.contains(">\(skip)</text>"))
        #expect(result.output.contains(">\(instruction)</tspan>"))
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.example))
        let walkthrough = try #require(try WaypointDocument(validating: data).resolve(attributes: ["locale": .string(locale)], preferredLanguages: []).walkthroughs["layering"])
        #expect(result.output.contains(">\(labels.progress(1, of: walkthrough.steps.count))</tspan>"))
        let expected = try OverlaySVG.document(walkthrough: walkthrough, stepId: "intro", screen: OverlaySize(width: 390, height: 844),
                                               target: OverlayRect(x: 326, y: 56, width: 44, height: 44), labels: labels)
        #expect(result.output == expected)
    }

    @Test("Spanish labels are Spanish: Omitir, Toca el elemento resaltado, 1 de 2")
    func spanishHint() {
        let output = CommandRunner.run(Self.hint + ["--locale", "es"]).output
        #expect(output.contains(">Omitir</text>") && output.contains(">Toca el elemento resaltado</tspan>") && output.contains(">1 de 2</tspan>"))
        #expect(!output.contains(">Skip</text>"))
    }

    @Test("The labels follow the attribute `locale` too, and a language that ships none shows English with a warning")
    func hintLabelsFallBack() {
        let attribute = CommandRunner.run(Self.hint + ["--attributes", #"{"locale":"es-MX"}"#])
        #expect(attribute.output.contains(">Omitir</text>"))
        let swedish = CommandRunner.run(Self.hint + ["--locale", "sv"])
        #expect(swedish.status == 0)
        #expect(swedish.output.contains(">Skip</text>"))
        #expect(swedish.warnings == "warning: the overlay's built-in labels (Next, Skip, \"2 of 5\") have no translation for `sv`; they are shown in "
            + "English. Translations ship for `de`, `en`, `es`, `fr`, `it`, `ja`, `ko`, `nl`, `pt-BR` and `zh-Hans`; an app can give its own with OverlayLabels.overrides.\n")
    }

    @Test("A hint's text the document lacks in the locale is named in a warning; --variation applies the variation's text")
    func hintTextFallback() {
        let arguments = ["preview", Self.stepChanges, "--walkthrough", "home-tour", "--step", "streaks", "--screen", "390x844", "--target", "20,300,350,80"]
        let japanese = CommandRunner.run(arguments + ["--locale", "ja"])
        #expect(japanese.status == 0)
        #expect(japanese.output.contains(">次へ</text>") || japanese.output.contains(">完了</text>"))
        #expect(japanese.output.contains("Your streak"))
        #expect(japanese.warnings == "warning: hint `streaks` of walkthrough `home-tour` has no `ja` text for `tooltipText`; it is shown in `en`, "
            + "the document's default locale. Add \"ja\": \"…\" to it to preview that locale.\n")
        let variation = CommandRunner.run(arguments + ["--locale", "de", "--variation", "annual-first"])
        #expect(variation.output.contains("Bleib dran") && variation.output.contains(">Fertig</text>"))
        #expect(variation.warnings.isEmpty)
    }
}
