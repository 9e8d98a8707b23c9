import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// A variation's `content` is merged into the step's key by key: the keys given replace the step's,
/// `null` removes one, the others stay (docs/ARCHITECTURE.md, "Experiments that change steps").
@Suite("Content merged by changes")
struct ContentMergeTests {
    /// The paywall has a headline, a button and a badge; `annual-first` sets `change` as its content.
    static func document(_ change: String) -> String {
        """
        {
          "schemaVersion": 1,
          "flows": [
            {"id": "onboarding", "steps": [
              {"id": "paywall", "screen": "Paywall", "content": {"headline": "Go premium", "button": "Continue", "badge": "New"}}
            ]}
          ],
          "experiments": [{"key": "paywall-copy", "variations": ["control", "annual-first"], "changes": {
            "annual-first": [{"flow": "onboarding", "step": "paywall", "set": {"content": \(change)}}]}}]
        }
        """
    }

    @Test("A change's content is read as the keys it sets and the keys it removes", arguments: [
        (#"{"headline": "Save 40%"}"#, ["headline": ContentValue.text("Save 40%")], Set<String>()),
        (#"{"headline": "Save 40%", "badge": null}"#, ["headline": .text("Save 40%")], ["badge"]),
        (#"{"badge": null, "button": null}"#, [:], ["badge", "button"]),
    ] as [(String, [String: ContentValue], Set<String>)])
    func decodes(_ change: String, _ values: [String: ContentValue], _ removals: Set<String>) throws {
        let document = try WaypointDocument(validating: Data(Self.document(change).utf8))
        let set = try #require(document.experiment("paywall-copy")?.changes["annual-first"]?.first)
        guard case .flowStep(_, _, let stepChange) = set else { Issue.record("not a flow step change"); return }
        #expect(stepChange.content == ContentPatch(values: values, removals: removals))
    }

    @Test("Applying a variation merges its content into the step's", arguments: [
        (#"{"headline": "Save 40%"}"#, ["headline": "Save 40%", "button": "Continue", "badge": "New"]),
        (#"{"headline": "Save 40%", "badge": null}"#, ["headline": "Save 40%", "button": "Continue"]),
        (#"{"cta": "Start", "badge": null}"#, ["headline": "Go premium", "button": "Continue", "cta": "Start"]),
    ])
    func applies(_ change: String, _ expected: [String: String]) throws {
        let document = try WaypointDocument(validating: Data(Self.document(change).utf8))
        let varied = try document.applying(variation: "annual-first", of: "paywall-copy")
        #expect(varied.flows[0].steps[0].content == expected.mapValues { ContentValue.text(.plain($0)) })
        #expect(try document.applying(variation: "control", of: "paywall-copy") == document)
    }

    @Test("At run time a user in the variation sees the merged content, without the removed key")
    func runtime() throws {
        let document = try WaypointDocument(validating: Data(Self.document(#"{"headline": "Save 40%", "badge": null}"#).utf8))
        let annual = try document.resolve(attributes: ["id": "u"], forcedVariations: ["paywall-copy": "annual-first"], preferredLanguages: [])
        let step = try #require(annual.flows["onboarding"]?.fixedSteps?.first)
        #expect(step.content.string("headline") == "Save 40%")
        #expect(step.content.string("button") == "Continue")
        #expect(step.content["badge"] == nil)
        let control = try document.resolve(attributes: ["id": "u"], forcedVariations: ["paywall-copy": "control"], preferredLanguages: [])
        #expect(control.flows["onboarding"]?.fixedSteps?.first?.content.string("badge") == "New")
    }

    @Test("The merge rule itself", arguments: [
        (ContentPatch(values: ["a": .number(2)]), ["a": ContentValue.number(1), "b": .bool(true)], ["a": ContentValue.number(2), "b": .bool(true)] as [String: ContentValue]?),
        (ContentPatch(removals: ["b"]), ["a": .number(1), "b": .bool(true)], ["a": .number(1)]),
        (ContentPatch(removals: ["a"]), ["a": .number(1)], nil),
        (ContentPatch(values: ["a": .number(3)]), nil, ["a": .number(3)]),
    ] as [(ContentPatch, [String: ContentValue]?, [String: ContentValue]?)])
    func mergeRule(_ patch: ContentPatch, _ content: [String: ContentValue]?, _ expected: [String: ContentValue]?) {
        #expect(patch.merged(into: content) == expected)
    }

    @Test("A null deeper than the change's top level, and a key written twice, are refused")
    func refusals() {
        #expect(DocumentFixtures.validationLines(Self.document(#"{"badge": {"text": null}}"#)).contains {
            $0.contains("wrong-type") && $0.contains("this is `null`; remove the key instead")
        })
        #expect(DocumentFixtures.validationLines(Self.document(#"{"badge": null, "badge": "x"}"#)).contains { $0.contains("duplicate-key") })
        // A step's own content still may not hold null.
        let own = #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "s", "content": {"a": null}}]}]}"#
        #expect(!WaypointDocument.validate(own).isValid)
    }
}
