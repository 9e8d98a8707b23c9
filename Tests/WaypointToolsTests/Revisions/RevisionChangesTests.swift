import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointTools

/// The changes between two documents in words, as the revision page of a draft lists them.
@Suite("Revision changes in words")
struct RevisionChangesTests {
    static let base = #"""
        {"schemaVersion": 1, "defaultLocale": "en",
         "flows": [{"id": "upgrade", "version": 1, "steps": [
           {"id": "paywall", "screen": "Paywall", "on": {"subscribe": "purchase", "notNow": "$complete"},
            "content": {"headline": {"$text": {"en": "Go premium", "de": "Premium holen"}}, "trialDays": 7, "image": "hero.png"}},
           {"id": "purchase", "screen": "Purchase"}]}],
         "walkthroughs": [{"id": "home", "version": 1, "steps": [
           {"id": "tap-plus", "targetElementId": "plus", "tooltipText": "Tap to add", "tooltipPosition": "below"}]}],
         "experiments": [{"key": "old-test", "variations": ["a", "b"]}]}
        """#

    static func document(_ text: String) throws -> WaypointDocument { try WaypointDocument(validating: Data(text.utf8)) }

    static func lines(_ edits: [DocumentEdit]) throws -> [String] {
        let before = try document(base)
        let after = try DocumentEdits.apply(edits, to: before).document
        return RevisionChanges.lines(from: before, to: after).map(\.text)
    }

    @Test func aTranslationAddedAndATextChangedAreOneLineEachPerLocale() throws {
        let lines = try Self.lines([
            .setText(flow: "upgrade", step: "paywall", field: "headline", locale: "es", text: "Hazte premium"),
            .setText(flow: "upgrade", step: "paywall", field: "headline", locale: "en", text: "Go Premium"),
        ])
        #expect(lines == ["paywall · headline (en): 'Go premium' → 'Go Premium'", "paywall · headline (es): 'Hazte premium'"])
        let before = try Self.document(Self.base)
        let after = try DocumentEdits.apply(
            [.setText(flow: "upgrade", step: "paywall", field: "headline", locale: "es", text: "Hazte premium")], to: before).document
        #expect(RevisionChanges.lines(from: before, to: after) == [.init(.added, "paywall · headline (es): 'Hazte premium'")])
    }

    @Test func plainValuesStepFieldsAndHintsInWords() throws {
        let lines = try Self.lines([
            .setContent(flow: "upgrade", step: "paywall", field: "trialDays", value: .number(14)),
            .setContent(flow: "upgrade", step: "paywall", field: "image", value: nil),
            .setContent(flow: "upgrade", step: "paywall", field: "annual", value: .bool(true)),
            .setStep(flow: "upgrade", step: "paywall", set: FlowStepChange(
                screen: "PaywallAnnual", on: [.init(name: "subscribe", target: "purchase"), .init(name: "notNow", target: "purchase")])),
            .setStep(walkthrough: "home", step: "tap-plus", set: WalkthroughStepChange(
                tooltipPosition: .above, highlightShape: .circle(), completionTrigger: .timer(seconds: 4))),
        ])
        #expect(lines == [
            "paywall · screen: Paywall → PaywallAnnual",
            "paywall · on notNow: $complete → purchase",
            "paywall · annual: true",
            "paywall · image removed (was 'hero.png')",
            "paywall · trialDays: 7 → 14",
            "hint 'tap-plus' · position: below → above",
            "hint 'tap-plus' · shape: rectangle → circle",
            "hint 'tap-plus' · trigger: the Next button → after 4 s",
        ])
    }

    @Test func experimentsAddedRemovedAndTheirVariationChanges() throws {
        let before = try Self.document(Self.base)
        let after = try DocumentEdits.apply(Data(#"""
            {"edits": [{"op": "stop-experiment", "key": "old-test"},
              {"op": "add-experiment", "experiment": {"key": "paywall-copy", "variations": ["control", "annual-first"],
                "weights": [0.5, 0.5], "goal": "purchase",
                "changes": {"annual-first": [{"flow": "upgrade", "step": "paywall", "set": {"content": {"headline": {"$text": {"en": "Save 40%", "de": "Spare 40 %"}}}}}]}}}]}
            """#.utf8), to: before).document
        // A new experiment says what each variation changes, value by value.
        #expect(RevisionChanges.lines(from: before, to: after).map(\.text) == [
            "experiment paywall-copy added (2 variations, goal purchase)",
            "experiment paywall-copy · annual-first · paywall · headline (en): 'Save 40%'",
            "experiment paywall-copy · annual-first · paywall · headline (de): 'Spare 40 %'",
            "experiment old-test removed",
        ])
        #expect(RevisionChanges.lines(from: before, to: after).map(\.kind) == [.added, .added, .added, .removed])

        // The variation's headline changed in one locale, and its weights.
        let changed = try DocumentEdits.apply([
            .updateExperiment("paywall-copy", changes: ["annual-first": [.flowStep(flow: "upgrade", step: "paywall", set: FlowStepChange(
                content: ContentPatch(values: [
                    "headline": .text(.translations(["en": "Save 40% a year", "de": "Spare 40 %"])), "trialDays": .number(14),
                ])))]]),
        ], to: after).document
        #expect(RevisionChanges.lines(from: after, to: changed).map(\.text) == [
            "experiment paywall-copy · annual-first · paywall · headline (en): 'Save 40%' → 'Save 40% a year'",
            "experiment paywall-copy · annual-first · paywall · trialDays: 14",
        ])
    }

    @Test func equalDocumentsHaveNoLines() throws {
        let document = try Self.document(Self.base)
        #expect(RevisionChanges.lines(from: document, to: document) == [])
    }

    @Test func stepsAndFlowsAddedAndRemoved() throws {
        let before = try Self.document(Self.base)
        var after = before
        after.flows[0].steps.removeLast()
        after.flows[0].steps[0].on = [FlowOutcome(name: "notNow", target: .complete)]
        after.walkthroughs = []
        #expect(RevisionChanges.lines(from: before, to: after).map(\.text) == [
            "paywall · on subscribe removed (was purchase)", "flow upgrade · step purchase removed", "walkthrough home removed",
        ])
    }

    /// A form's edits, written as JSON, read back as the same edits: the dashboard sends the API's body.
    @Test func editsWrittenAsJSONReadBackEqual() throws {
        let edits: [DocumentEdit] = [
            .setText(flow: "upgrade", step: "paywall", field: "headline", locale: "es", text: "Hazte \"premium\"\n"),
            .setText(walkthrough: "home", step: "tap-plus", locale: "de", text: "Tippen"),
            .setContent(flow: "upgrade", step: "paywall", field: "trialDays", value: .number(14.5)),
            .setContent(flow: "upgrade", step: "paywall", field: "image", value: nil),
            .setStep(flow: "upgrade", step: "paywall", set: FlowStepChange(screen: "P", content: ContentPatch(values: ["b": .bool(false)], removals: ["a"]))),
            .setStep(walkthrough: "home", step: "tap-plus", set: WalkthroughStepChange(completionTrigger: .swipe(.left))),
            .updateExperiment("old-test", changes: [:]),
            .stopExperiment("old-test"),
            .shipVariation("b", of: "old-test"),
        ]
        let data = DocumentEdits.encode(edits)
        #expect(try DocumentEdits.decode(data) == edits)
        #expect(!String(decoding: data, as: UTF8.self).contains("\n"))
    }
}
