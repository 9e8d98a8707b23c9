import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Lint of experiment `changes` and localized texts: every variation's graph, overlapping experiments
/// through changed steps, `missing-translation` and `missing-default-locale`.
@Suite("Lint of changes and texts")
struct ChangesLintTests {
    static let loop = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "steps": [
                { "id": "a", "on": { "next": "b" } },
                { "id": "b", "on": { "next": "c" } },
                { "id": "c", "on": { "next": "$complete" } },
                { "id": "orphan" } ] }
          ],
          "experiments": [
            { "key": "e", "variations": ["control", "loop", "rename"],
              "changes": {
                "loop": [ { "flow": "f", "step": "b", "set": { "on": { "next": "a" } } } ],
                "rename": [ { "flow": "f", "step": "c", "set": { "screen": "C2" } } ] } }
          ]
        }
        """#

    @Test("A problem only one variation has names it and points at its change; one the document has is reported once")
    func variationProblems() {
        #expect(DocumentFixtures.lintLines(Self.loop) == [
            "8:17 warning unreachable-step flows[0].steps[3].id: step `orphan` of flow `f` can never be entered: no way from the start step `a` leads to it; link it from another step or remove it",
            "13:62 error no-exit-cycle experiments[0].changes.loop[0].set.on: in variation `loop` of `e`: steps `a` and `b` of flow `f` lead only to each other: once there, the flow can never complete; add an outcome that leaves the cycle",
            "13:62 warning unreachable-step experiments[0].changes.loop[0].set.on: in variation `loop` of `e`: step `c` of flow `f` can never be entered: no way from the start step `a` leads to it; link it from another step or remove it",
        ])
    }

    static let dead = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "steps": [ { "id": "a" }, { "id": "s", "subflow": "g" } ] },
            { "id": "g", "steps": [ { "id": "x" } ] }
          ],
          "experiments": [
            { "key": "e", "variations": ["control", "stuck"],
              "changes": { "stuck": [ { "flow": "f", "step": "s", "set": { "on": { "done": "$complete" } } } ] } }
          ]
        }
        """#

    @Test("A changed `on` that leaves a subflow step without `next` is a dead end at the change")
    func deadEndAtTheChange() {
        #expect(DocumentFixtures.lintLines(Self.dead) == [
            "9:74 error dead-end experiments[0].changes.stuck[0].set.on: in variation `stuck` of `e`: the flow `f` can never complete after step `a`: every way on from it ends in a cycle without exit",
            "9:74 error dead-end experiments[0].changes.stuck[0].set.on: in variation `stuck` of `e`: the flow `f` cannot go on after step `s`: a subflow step continues with `next` when its subflow completes, and its `on` has no `next`",
        ])
    }

    static let unknown = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "experiment": "e1", "variation": "a", "steps": [ { "id": "x" }, { "id": "y" } ] },
            { "id": "f", "experiment": "e1", "variation": "b", "steps": [ { "id": "x" } ] }
          ],
          "experiments": [
            { "key": "e1", "variations": ["a", "b"],
              "changes": { "b": [ { "flow": "f", "step": "x", "set": { "on": { "next": "y" } } } ] } }
          ]
        }
        """#

    @Test("A changed outcome that leads to a step one entry of the flow lacks is an unknown target at the outcome of the change")
    func unknownTargetInOneEntry() {
        #expect(DocumentFixtures.lintLines(Self.unknown) == [
            "9:80 error unknown-target experiments[0].changes.b[0].set.on.next: in variation `b` of `e1`: flow `f` (variation `b` of `e1`) has no step `y`",
        ])
    }

    static let tour = #"""
        {
          "schemaVersion": 1,
          "walkthroughs": [
            { "id": "tour", "version": 1, "steps": [
                { "id": "x", "targetElementId": "home.a", "tooltipText": "A",
                  "completionTrigger": { "type": "tap", "elementId": "home.a" } },
                { "id": "y", "targetElementId": "home.b", "tooltipText": "B" } ] }
          ],
          "experiments": [
            { "key": "e", "variations": ["control", "same"],
              "changes": {
                "same": [ { "walkthrough": "tour", "step": "y",
                            "set": { "targetElementId": "home.a", "completionTrigger": { "type": "tap", "elementId": "home.a" } } } ] } }
          ]
        }
        """#

    @Test("A changed element and trigger that put two hints on one element is a duplicate target at the change")
    func duplicateTargetInAVariation() {
        #expect(DocumentFixtures.lintLines(Self.tour) == [
            "13:49 warning duplicate-target experiments[0].changes.same[0].set.targetElementId: in variation `same` of `e`: steps `x` and `y` of walkthrough `tour` both point at `home.a` and complete on the same tap trigger, so one action would complete both; give one of them another element or trigger",
        ])
    }

    @Test("A step a variation skips is not reported as unreachable, and the bundled fixture lints without errors")
    func skippedStepsAreIntended() {
        let lines = DocumentFixtures.lintLines(StepChangesFixture.text)
        #expect(lines.allSatisfy { $0.contains("missing-translation") }, "\(lines)")
        #expect(lines.count == 4)
    }

    static let overlap = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "steps": [ { "id": "a" }, { "id": "s", "subflow": "g" } ] },
            { "id": "g", "steps": [ { "id": "x" } ] }
          ],
          "experiments": [
            { "key": "e1", "variations": ["a", "b"],
              "changes": { "b": [ { "flow": "f", "step": "a", "set": { "screen": "A2" } } ] } },
            { "key": "e2", "variations": ["a", "b"],
              "changes": { "b": [ { "flow": "g", "step": "x", "set": { "screen": "X2" } } ] } },
            { "key": "e3", "variations": ["a", "b"],
              "changes": { "b": [ { "flow": "f", "step": "a", "set": { "screen": "A3" } } ] } }
          ]
        }
        """#

    @Test("Experiments that change steps of a flow and of its subflow do not overlap; two that change one step do, naming both")
    func overlappingThroughChanges() throws {
        #expect(DocumentFixtures.lintLines(Self.overlap) == [
            "13:37 error overlapping-experiments experiments[2].changes.b[0].flow: two experiments change step `a` of flow `f`: `e1` (experiments[0]) and `e3` (experiments[2]); a step can be decided by only one experiment, so put them in one namespace with disjoint ranges, or make one experiment with more variations",
        ])
        let reach = ExperimentReach(document: try #require(WaypointDocument.validate(Self.overlap).document))
        #expect(reach.experiments(reaching: "f").map(\.key) == ["e1", "e3", "e2"])
        #expect(reach.experiments(reaching: "g").map(\.changedSteps) == [["x"]])
        #expect(reach.experiments(reaching: "g").first?.variations == ["a", "b"])
    }

    static let entriesAndChanges = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "experiment": "e1", "variation": "a", "steps": [ { "id": "x" } ] },
            { "id": "f", "experiment": "e1", "variation": "b", "steps": [ { "id": "x" }, { "id": "y" } ] }
          ],
          "experiments": [
            { "key": "e1", "variations": ["a", "b"] },
            { "key": "e2", "variations": ["a", "b"],
              "changes": { "b": [ { "flow": "f", "step": "x", "set": { "screen": "X2" } } ] } }
          ]
        }
        """#

    @Test("A flow whose entries vary by one experiment and whose step another changes does not overlap: each is exposed at its own point")
    func entriesAndChangesDoNotOverlap() {
        #expect(DocumentFixtures.lintLines(Self.entriesAndChanges) == [])
    }

    @Test("One experiment changing a flow and its subflow reaches the run once and does not overlap")
    func oneExperimentOnFlowAndSubflow() throws {
        let document = try StepChangesFixture.document()
        let reach = ExperimentReach(document: document).experiments(reaching: "onboarding")
        #expect(reach.map(\.key) == ["paywall-copy"])
        #expect(reach.first?.changedSteps == ["paywall"])
        #expect(reach.first?.variations == ["control", "annual-first"])
        #expect(!DocumentFixtures.lintLines(StepChangesFixture.text).contains { $0.contains("overlapping") })
    }

    static let texts = #"""
        {
          "schemaVersion": 1,
          "defaultLocale": "en",
          "flows": [
            { "id": "f", "steps": [
                { "id": "a", "content": {
                    "title": { "$text": { "en": "Hi", "de": "Hallo", "fr": "Salut" } },
                    "buttons": [ { "$text": { "en": "Go", "pt-BR": "Vai" } } ] } } ] }
          ],
          "walkthroughs": [
            { "id": "tour", "version": 1, "steps": [
                { "id": "x", "targetElementId": "home.a", "tooltipText": { "$text": { "en": "Tap", "de": "Tippen", "fr": "Touchez", "pt": "Toque" } } } ] }
          ]
        }
        """#

    @Test("A localized text without a locale other texts have is a warning at the text, listing the locales")
    func missingTranslation() {
        #expect(DocumentFixtures.lintLines(Self.texts) == [
            "7:22 warning missing-translation flows[0].steps[0].content.title: this localized text has no `pt` or `pt-BR`, which other texts of the document have; users in those locales see the `en` text (the default locale); add \"pt\": \"…\", \"pt-BR\": \"…\"",
            "8:26 warning missing-translation flows[0].steps[0].content.buttons[0]: this localized text has no `de`, `fr` or `pt`, which other texts of the document have; users in those locales see the `en` text (the default locale); add \"de\": \"…\", \"fr\": \"…\", \"pt\": \"…\"",
        ])
    }

    @Test("Texts that a change sets count, and a locale is covered by its truncation")
    func translationsInChanges() {
        let text = #"{"schemaVersion": 1, "defaultLocale": "en", "flows": [{"id": "f", "steps": [{"id": "a", "content": {"t": {"$text": {"en": "A", "pt": "A"}}}}]}], "#
            + #""experiments": [{"key": "e", "variations": ["a", "b"], "changes": {"b": [{"flow": "f", "step": "a", "set": {"content": {"t": {"$text": {"en": "B", "pt-BR": "B", "de": "B"}}}}}]}}]}"#
        #expect(DocumentFixtures.lintLines(text) == [
            "1:106 warning missing-translation flows[0].steps[0].content.t: this localized text has no `de`, which other texts of the document have; users in that locale see the `en` text (the default locale); add \"de\": \"…\"",
            "1:271 warning missing-translation experiments[0].changes.b[0].set.content.t: this localized text has no `pt`, which other texts of the document have; users in that locale see the `en` text (the default locale); add \"pt\": \"…\"",
        ])
    }

    static let noDefault = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "f", "steps": [ { "id": "a", "content": { "title": { "$text": { "en": "Hi", "de": "Hallo" } } } } ] }
          ]
        }
        """#

    @Test("missing-default-locale is the format's error: lint shows it once, as validate does")
    func missingDefaultLocaleOnce() {
        let validation = WaypointDocument.validate(Self.noDefault)
        let all = DocumentFixtures.lines(validation.allDiagnostics)
        #expect(all == [
            "4:64 error missing-default-locale flows[0].steps[0].content.title: the document has localized text but no `defaultLocale`; add \"defaultLocale\": \"de\" at the top level: the locale shown when the user's is missing",
        ])
        #expect(DocumentFixtures.lines(validation.diagnostics) == all)
    }

    @Test("A condition that a change sets is checked as a step's own")
    func mixedConditionInAChange() {
        let text = #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "a"}]}], "experiments": [{"key": "e", "variations": ["a", "b"], "#
            + #""changes": {"b": [{"flow": "f", "step": "a", "set": {"when": {"country": {"$in": ["US"], "x": 1}}}}]}}]}"#
        let lines = DocumentFixtures.lintLines(text)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("warning mixed-condition experiments[0].changes.b[0].set.when.country: the test of `country` mixes operators") == true, "\(lines)")
    }

    @Test("An experiment that only changes steps is used")
    func changesAreAUse() {
        let text = #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "a"}]}], "experiments": [{"key": "e", "variations": ["a", "b"], "#
            + #""changes": {"b": [{"flow": "f", "step": "a", "set": {"screen": "A2"}}]}}]}"#
        #expect(DocumentFixtures.lintLines(text) == [])
    }
}
