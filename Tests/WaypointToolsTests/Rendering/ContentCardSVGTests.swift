import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

@Suite("Content cards of flow steps")
struct ContentCardSVGTests {
    static func card(_ content: [String: JSONValue], outcomes: [String] = ["next"], notes: [String] = []) -> ContentCardSVG.Card {
        ContentCardSVG.Card(flowID: "upgrade", stepID: "paywall", screen: "Paywall", content: StepContent(content), outcomes: outcomes, notes: notes)
    }

    /// The text of each `<tspan>` with its `x`, in order.
    static func lines(of svg: String) -> [(x: String, text: String)] {
        svg.components(separatedBy: "\n").compactMap { line -> (String, String)? in
            guard let start = line.range(of: "<tspan x=\""), let end = line.range(of: "</tspan>") else { return nil }
            let x = line[start.upperBound...].prefix { $0 != "\"" }
            let text = line[..<end.lowerBound].split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
            return (String(x), String(text))
        }
    }

    @Test("The title is the first of title, headline, heading; the body follows in its order; the rest are fields by path")
    func parts() {
        let parts = ContentCardSVG.parts(of: StepContent([
            "headline": "Go premium", "title": "Premium", "body": "Every lesson.", "subtitle": "For a year",
            "trialDays": 7, "discount": 0.25, "showsClose": true, "plans": ["monthly", "annual"],
            "badge": ["text": "Best value", "color": "gold"], "offers": [["name": "A"], ["name": "B"]], "Message": 3,
        ]))
        #expect(parts.title == .init(key: "title", text: "Premium"))
        #expect(parts.body.map(\.key) == ["subtitle", "body"])
        #expect(parts.fields.map(\.key) == ["Message", "badge.color", "badge.text", "discount", "headline", "offers[0].name", "offers[1].name", "plans", "showsClose", "trialDays"])
        let texts = Dictionary(uniqueKeysWithValues: parts.fields.map { ($0.key, $0.text) })
        #expect(texts["trialDays"] == "7" && texts["discount"] == "0.25" && texts["showsClose"] == "true" && texts["Message"] == "3")
        #expect(texts["plans"] == "• monthly\n• annual")
        #expect(texts["headline"] == "Go premium", "a second title is a field")
        #expect(parts.buttons.isEmpty && !parts.isEmpty)
    }

    @Test("Buttons: strings, lists of strings and objects with a title; the main one first and filled")
    func buttons() {
        let parts = ContentCardSVG.parts(of: StepContent([
            "secondaryButton": "Not now", "button": "Start", "ctaOptions": ["Monthly", "Yearly"],
            "closeButton": ["label": "Close", "icon": "xmark"], "buttonColor": 3,
        ]))
        #expect(parts.buttons.map(\.title) == ["Start", "Close", "Monthly", "Yearly", "Not now"])
        #expect(parts.buttons.map(\.isPrimary) == [true, false, false, false, false])
        #expect(parts.buttons.map(\.key) == ["button", "closeButton.label", "ctaOptions[0]", "ctaOptions[1]", "secondaryButton"])
        #expect(parts.fields.map(\.key) == ["buttonColor", "closeButton.icon"], "what is not a title stays a field")
        let secondaryOnly = ContentCardSVG.parts(of: StepContent(["secondaryButton": "Later"]))
        #expect(secondaryOnly.buttons.map(\.isPrimary) == [false])
        #expect(ContentCardSVG.parts(of: .empty).isEmpty)
    }

    @Test("The card draws the title, body, fields, buttons and outcomes, escaped, as well-formed XML")
    func escapedAndWellFormed() throws {
        let svg = ContentCardSVG().render(Self.card(
            ["title": "Save <40%> & \"more\"", "body": "It's <b>yours</b>", "button": "Go & see", "note": "a\u{1}b"],
            outcomes: ["subscribe", "notNow"], notes: ["variation <x>"]))
        #expect(!svg.contains("<b>") && !svg.contains("<40%>") && !svg.contains("<x>"))
        #expect(svg.contains("Save &lt;40%&gt; &amp; &quot;more&quot;"))
        #expect(svg.contains("It&apos;s &lt;b&gt;yours&lt;/b&gt;"))
        #expect(svg.contains("<title>Flow upgrade, step paywall: Save &lt;40%&gt; &amp; &quot;more&quot;</title>"))
        let collector = RootCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(collector.elements.first == "svg")
        for text in ["Save <40%> & \"more\"", "It's <b>yours</b>", "Go & see", "ab", "Outcomes: subscribe, notNow", "variation <x>", "upgrade › paywall · Paywall"] {
            #expect(collector.text.contains(text), "\(text)")
        }
        #expect(svg.contains("fill=\"#007aff\""), "the button is filled")
    }

    @Test("Long text wraps within the card, long words and text without spaces too", arguments: [390.0, 320, 200, 120])
    func wrapping(width: Double) {
        let body = String(repeating: "Unlimited projects and layers for everyone. ", count: 6)
        let word = String(repeating: "x", count: 120)
        let japanese = String(repeating: "すべてのレッスンを制限なく利用できます。", count: 3)
        let svg = ContentCardSVG(width: width).render(Self.card(["body": .string(body), "detail": .string(word), "message": .string(japanese), "button": .string(body)]))
        let drawn = max(width, ContentCardSVG.minimumWidth)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(NumberText.format(drawn))\""))
        let inner = drawn - 72
        let measurer = ApproximateTextMeasurer(bodyFontSize: 17)
        let lines = Self.lines(of: svg)
        // The paragraphs' lines, drawn from the left edge at the body's size.
        for line in lines where line.x == "36" && (body.contains(line.text) || word.contains(line.text) || japanese.contains(line.text)) {
            #expect(measurer.width(of: line.text, role: .body) <= inner + 1e-9, "\(line.text)")
        }
        #expect(lines.filter { $0.text.hasPrefix("Unlimited") }.count >= 2, "the body wraps")
        #expect(lines.map(\.text).joined().replacingOccurrences(of: " ", with: "").contains(word), "a long word is broken, not lost")
        #expect(lines.map(\.text).joined().contains(japanese), "text without spaces breaks between characters")
    }

    @Test("The card is as tall as its content, at least the height asked for")
    func height() throws {
        func height(_ svg: String) throws -> Double {
            let value = try #require(svg.range(of: "height=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } })
            return try #require(Double(value))
        }
        let short = ContentCardSVG().render(Self.card(["title": "Hi"]))
        let long = ContentCardSVG().render(Self.card(["title": "Hi", "body": .string(String(repeating: "More words here. ", count: 40))]))
        #expect(try height(long) > height(short))
        #expect(try height(ContentCardSVG(minimumHeight: 844).render(Self.card(["title": "Hi"]))) == 844)
        #expect(ContentCardSVG().render(Self.card([:])).contains("This step has no content."))
    }

    @Test("A right-to-left paragraph is drawn from the right edge")
    func rightToLeft() {
        let svg = ContentCardSVG().render(Self.card(["title": "مرحبا بك", "body": "Welcome"]))
        #expect(svg.contains("<text font-size=\"26\" font-weight=\"700\" fill=\"#1c1c1e\" text-anchor=\"end\" direction=\"rtl\">"))
        #expect(svg.contains("<tspan x=\"354\" y=") && svg.contains("<tspan x=\"36\" y="))
    }

    @Test("A card of a resolved step shows the variation's merged content in the locale asked for")
    func resolvedStep() throws {
        let document = try RenderingFixtures.exampleDocument()
        let resolution = try document.resolve(
            attributes: ["locale": "de"], forcedVariations: ["paywall-copy": "annual-first"], preferredLanguages: [])
        let step = try #require(resolution.flows["upgrade"]?.fixedSteps?.first { $0.id == "paywall" })
        let card = ContentCardSVG.Card(flowID: "upgrade", step: step)
        #expect(card.screen == "PaywallAnnual" && card.outcomes == ["subscribe", "notNow"])
        let parts = ContentCardSVG.parts(of: card.content)
        #expect(parts.title?.text == step.content.string("headline"))
        #expect(parts.buttons.map(\.title) == [step.content.string("button")])
        #expect(parts.fields == [.init(key: "trialDays", text: "14")])
    }
}
