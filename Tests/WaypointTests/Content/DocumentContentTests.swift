import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Step `content`, localized text and `defaultLocale`: reading, writing back, and every problem.
@Suite("Document content and localized text")
struct DocumentContentTests {
    @Test("Content, localized texts and the default locale are read into the model")
    func decodes() throws {
        let document = try StepChangesFixture.document()
        #expect(document.defaultLocale == "en")
        let paywall = try #require(document.flows.first?.steps.first { $0.id == "paywall" })
        #expect(paywall.content?["headline"] == .text(.translations(["en": "Go premium", "de": "Premium holen", "pt": "Seja premium"])))
        #expect(paywall.content?["plans"] == .array([.text("monthly"), .text("annual")]))
        #expect(paywall.content?["trialDays"] == .number(7))
        #expect(paywall.content?["showsClose"] == .bool(true))
        #expect(paywall.content?["badge"] == .object([
            "text": .text(.translations(["en": "Best value", "de": "Bester Preis"])), "color": .text("gold"),
        ]))
        let streaks = try #require(document.walkthroughs.first?.steps.last)
        #expect(streaks.tooltipText == .translations(["en": "Your streak", "de": "Deine Serie", "pt": "Sua sequência"]))
        #expect(document.walkthroughs.first?.steps.first?.tooltipText == .plain("Start a session"))
    }

    @Test("The encoded model reads back to the same model")
    func roundTrip() throws {
        let document = try StepChangesFixture.document()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(document)
        let validation = WaypointDocument.validate(data)
        #expect(validation.diagnostics.isEmpty)
        #expect(validation.document == document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""$text":{"#))
        #expect(text.contains(#""defaultLocale":"en""#))
    }

    @Test("A document without localized text needs no default locale and encodes none")
    func noLocalizedText() throws {
        let text = DocumentFixtures.flowDocument([#"{"id": "a", "content": {"title": "Hi", "n": 1.5}}"#])
        let document = try #require(WaypointDocument.validate(text).document)
        #expect(document.defaultLocale == nil)
        #expect(document.flows[0].steps[0].content == ["title": .text("Hi"), "n": .number(1.5)])
        #expect(!String(decoding: try JSONEncoder().encode(document), as: UTF8.self).contains("defaultLocale"))
    }

    /// A flow step `{"id": "s", MEMBERS}` on line 5 (members from column 17); line 3 declares
    /// `defaultLocale` when it is given.
    static func flowStep(_ members: String, defaultLocale: String? = "en") -> String {
        """
        {
          "schemaVersion": 1,
          \(defaultLocale.map { "\"defaultLocale\": \"\($0)\"," } ?? "\"$schema\": \"waypoint\",")
          "flows": [{"id": "f", "steps": [
            {"id": "s", \(members)},
            {"id": "sub", "subflow": "g"}
          ]}, {"id": "g", "steps": [{"id": "x"}]}]
        }
        """
    }

    /// A walkthrough step whose `tooltipText` is `text`, on line 4 (the text from column 56).
    static func tooltip(_ text: String) -> String {
        """
        {
          "schemaVersion": 1, "defaultLocale": "en",
          "walkthroughs": [{"id": "w", "steps": [
            {"id": "s", "targetElementId": "t", "tooltipText": \(text)}
          ]}]
        }
        """
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "localized text without a default locale",
             text: flowStep(#""content": {"a": {"$text": {"de": "Hallo"}}, "b": {"$text": {"de": "Tschüss"}}}"#, defaultLocale: nil),
             expected: [
                 #"5:34 error missing-default-locale flows[0].steps[0].content.a: the document has localized text but no `defaultLocale`; add "defaultLocale": "de" at the top level: the locale shown when the user's is missing"#,
             ]),
        Case(name: "a text without the default locale",
             text: flowStep(#""content": {"a": {"$text": {"de": "Hallo", "fr": "Salut"}}}"#),
             expected: [
                 #"5:34 error missing-default-locale flows[0].steps[0].content.a: this localized text has no `en`, the document's `defaultLocale`; add "en": "…" (it is shown when the user's locale is missing)"#,
             ]),
        Case(name: "a locale tag with an underscore",
             text: flowStep(#""content": {"a": {"$text": {"en": "Hi", "pt_BR": "Oi"}}}"#),
             expected: [
                 "5:57 error bad-value flows[0].steps[0].content.a.$text.pt_BR: `pt_BR` is not a locale tag; use a BCP 47 tag such as `en`, `de` or `pt-BR` (did you mean `pt-BR`?)",
             ]),
        Case(name: "an empty locale tag",
             text: flowStep(#""content": {"a": {"$text": {"en": "Hi", "": "Oi"}}}"#),
             expected: [
                 #"5:57 error bad-value flows[0].steps[0].content.a.$text[""]: `locale` must not be empty; use a BCP 47 tag such as `en`, `de` or `pt-BR`"#,
             ]),
        Case(name: "a bad default locale",
             text: flowStep(#""content": {"a": {"$text": {"en": "Hi"}}}"#, defaultLocale: "english!"),
             expected: [
                 "3:20 error bad-value defaultLocale: `english!` is not a locale tag; use a BCP 47 tag such as `en`, `de` or `pt-BR`",
             ]),
        Case(name: "the same locale twice",
             text: flowStep(#""content": {"a": {"$text": {"en": "Hi", "pt-BR": "Oi", "pt-br": "Olá"}}}"#),
             expected: [
                 "5:72 error duplicate-key flows[0].steps[0].content.a.$text.pt-br: `pt-BR` and `pt-br` are the same locale; keep one",
             ]),
        Case(name: "a misspelt $text",
             text: flowStep(#""content": {"a": {"$txt": {"en": "Hi"}}}"#),
             expected: [
                 #"5:35 error unknown-key flows[0].steps[0].content.a.$txt: `$txt` is not a content key: keys starting with `$` are reserved; did you mean `$text` (a localized text, {"$text": {"en": "…"}})?"#,
             ]),
        Case(name: "$text beside other keys",
             text: flowStep(#""content": {"a": {"$text": {"en": "Hi"}, "b": 1}}"#),
             expected: [
                 "5:58 error unknown-key flows[0].steps[0].content.a.b: unknown key `b` in a localized text; allowed keys are `$text`",
             ]),
        Case(name: "an empty localized text",
             text: flowStep(#""content": {"a": {"$text": {}}}"#),
             expected: [
                 #"5:44 error bad-value flows[0].steps[0].content.a.$text: a localized text needs at least one locale, such as {"en": "Welcome"}"#,
             ]),
        Case(name: "a translation that is not a string",
             text: flowStep(#""content": {"a": {"$text": {"en": 1}}}"#),
             expected: [
                 "5:51 error wrong-type flows[0].steps[0].content.a.$text.en: the `en` text must be a string, but this is the number `1`",
             ]),
        Case(name: "null in content",
             text: flowStep(#""content": {"list": [1, null]}"#),
             expected: [
                 "5:41 error wrong-type flows[0].steps[0].content.list[1]: a `content` value must be a string, a number, a boolean, an array or an object, but this is `null`; remove the key instead",
             ]),
        Case(name: "content that is not an object",
             text: flowStep(#""content": "Welcome""#),
             expected: [
                 #"5:28 error wrong-type flows[0].steps[0].content: `content` must be an object such as {"headline": "Welcome", "showsSkip": true}, but this is the string `Welcome`"#,
             ]),
        Case(name: "content on a subflow step",
             text: flowStep(#""subflow": "g", "content": {"a": "b"}"#),
             expected: [
                 "5:44 error conflicting-keys flows[0].steps[0].content: a subflow step has no screen to show `content`; put the content on the subflow's own steps",
             ]),
        Case(name: "tooltip text of the wrong type",
             text: tooltip("3"),
             expected: [
                 #"4:56 error wrong-type walkthroughs[0].steps[0].tooltipText: `tooltipText` must be a string or a localized text such as {"$text": {"en": "Welcome", "de": "Willkommen"}}, but this is the number `3`"#,
             ]),
        Case(name: "an empty tooltip translation",
             text: tooltip(#"{"$text": {"en": "Hi", "de": ""}}"#),
             expected: [
                 "4:85 error bad-value walkthroughs[0].steps[0].tooltipText.$text.de: the `de` text of `tooltipText` must not be empty",
             ]),
        Case(name: "a tooltip without the default locale",
             text: tooltip(#"{"$text": {"de": "Hallo"}}"#),
             expected: [
                 #"4:56 error missing-default-locale walkthroughs[0].steps[0].tooltipText: this localized text has no `en`, the document's `defaultLocale`; add "en": "…" (it is shown when the user's locale is missing)"#,
             ]),
    ]

    @Test("Each problem gives exactly its diagnostic, with position, path and message", arguments: cases)
    func diagnostics(_ testCase: Case) {
        #expect(DocumentFixtures.validationLines(testCase.text) == testCase.expected)
        #expect(!WaypointDocument.validate(testCase.text).isValid)
    }

    @Test("An app reading a newer document still refuses localized text without its default locale")
    func missingDefaultIsAnErrorForApps() {
        let text = Self.flowStep(#""content": {"a": {"$text": {"de": "Hallo"}}}"#)
        let validation = WaypointDocument.validate(Data(text.utf8), unknownKeys: .warning)
        #expect(validation.document == nil)
        #expect(validation.diagnostics.map(\.code) == [.missingDefaultLocale])
    }
}
