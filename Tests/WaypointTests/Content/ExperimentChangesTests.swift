import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Experiment `changes`: reading them, every problem with its position and a did-you-mean, and
/// applying a variation's changes.
@Suite("Experiment changes")
struct ExperimentChangesTests {
    /// A document whose experiment `paywall-copy` has, for variation `variation` (line 13, column 5),
    /// the one change `change` (line 14, from column 7).
    static func document(variation: String = "annual-first", _ change: String) -> String {
        """
        {
          "schemaVersion": 1,
          "flows": [
            {"id": "onboarding", "steps": [
              {"id": "welcome", "screen": "Welcome"},
              {"id": "paywall", "screen": "Paywall", "content": {"headline": "Go premium"}},
              {"id": "end", "subflow": "finish"}
            ]},
            {"id": "finish", "steps": [{"id": "notifications"}, {"id": "done"}]}
          ],
          "walkthroughs": [{"id": "home-tour", "steps": [{"id": "streaks", "targetElementId": "home.streaks", "tooltipText": "Your streak"}]}],
          "experiments": [{"key": "paywall-copy", "variations": ["control", "annual-first"], "changes": {
            "\(variation)": [
              \(change)
            ]}}]
        }
        """
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let path = "experiments[0].changes.annual-first[0]"

    static let cases: [Case] = [
        Case(name: "unknown flow", text: document(#"{"flow": "onbording", "step": "paywall", "set": {"screen": "P"}}"#), expected: [
            "14:16 error unknown-target \(path).flow: the document has no flow `onbording`; did you mean `onboarding`?",
        ]),
        Case(name: "unknown flow without a likely fix", text: document(#"{"flow": "settings", "step": "paywall", "set": {"screen": "P"}}"#), expected: [
            "14:16 error unknown-target \(path).flow: the document has no flow `settings`; its flows are `onboarding` and `finish`",
        ]),
        Case(name: "unknown step", text: document(#"{"flow": "onboarding", "step": "paywal", "set": {"screen": "P"}}"#), expected: [
            "14:38 error unknown-target \(path).step: flow `onboarding` has no step `paywal`; did you mean `paywall`?",
        ]),
        Case(name: "a subflow's step named under the flow that runs it",
             text: document(#"{"flow": "onboarding", "step": "notifications", "set": {"skip": true}}"#), expected: [
            #"14:38 error unknown-target \#(path).step: flow `onboarding` has no step `notifications`; it is a step of flow `finish`: change a subflow's step under the subflow's own id, "flow": "finish""#,
        ]),
        Case(name: "unknown walkthrough", text: document(#"{"walkthrough": "home-tuor", "step": "streaks", "set": {"canSkip": false}}"#), expected: [
            "14:23 error unknown-target \(path).walkthrough: the document has no walkthrough `home-tuor`; did you mean `home-tour`?",
        ]),
        Case(name: "unknown walkthrough step", text: document(#"{"walkthrough": "home-tour", "step": "streak", "set": {"canSkip": false}}"#), expected: [
            "14:44 error unknown-target \(path).step: walkthrough `home-tour` has no step `streak`; did you mean `streaks`?",
        ]),
        Case(name: "unknown variation", text: document(variation: "anual-first", #"{"flow": "onboarding", "step": "paywall", "set": {"screen": "P"}}"#), expected: [
            #"13:5 error unknown-variation experiments[0].changes.anual-first: `anual-first` is not a variation of experiment `paywall-copy`; did you mean `annual-first`?"#,
        ]),
        Case(name: "unknown variation without a likely fix", text: document(variation: "b", #"{"flow": "onboarding", "step": "paywall", "set": {"screen": "P"}}"#), expected: [
            "13:5 error unknown-variation experiments[0].changes.b: `b` is not a variation of experiment `paywall-copy`; its variations are `control` and `annual-first`",
        ]),
        Case(name: "misspelt field", text: document(#"{"flow": "onboarding", "step": "paywall", "set": {"scren": "P"}}"#), expected: [
            "14:57 error unknown-key \(path).set.scren: unknown key `scren` in a flow step change; did you mean `screen`?",
        ]),
        Case(name: "a walkthrough field on a flow step", text: document(#"{"flow": "onboarding", "step": "paywall", "set": {"tooltipText": "P"}}"#), expected: [
            "14:57 error unknown-key \(path).set.tooltipText: unknown key `tooltipText` in a flow step change; allowed keys are `screen`, `content`, `when`, `on` and `skip`",
        ]),
        Case(name: "a flow field on a walkthrough step", text: document(#"{"walkthrough": "home-tour", "step": "streaks", "set": {"screen": "P"}}"#), expected: [
            "14:63 error unknown-key \(path).set.screen: unknown key `screen` in a walkthrough step change; allowed keys are `tooltipText`, `tooltipPosition`, `highlightShape`, `completionTrigger`, `canSkip`, `when` and `targetElementId`",
        ]),
        Case(name: "an outcome to no step", text: document(#"{"flow": "onboarding", "step": "welcome", "set": {"on": {"next": "paywal"}}}"#), expected: [
            "14:72 error unknown-target \(path).set.on.next: outcome `next` leads to `paywal`, which is not a step of flow `onboarding`; did you mean `paywall`?",
        ]),
        Case(name: "an outcome named back", text: document(#"{"flow": "onboarding", "step": "welcome", "set": {"on": {"back": "end"}}}"#), expected: [
            "14:64 error reserved-outcome \(path).set.on.back: the outcome `back` is reserved: it always returns to the previous step; give this outcome another name",
        ]),
        Case(name: "a bad condition", text: document(#"{"flow": "onboarding", "step": "paywall", "set": {"when": {"age": {"$gtt": 3}}}}"#), expected: [
            "14:82 error bad-condition \(path).set.when.age.$gtt: unknown operator '$gtt'; it never matches. Did you mean '$gt'?",
        ]),
        Case(name: "a bad shape", text: document(#"{"walkthrough": "home-tour", "step": "streaks", "set": {"highlightShape": {"type": "circel"}}}"#), expected: [
            "14:90 error bad-value \(path).set.highlightShape.type: `circel` is not a highlight shape; use `circle` or `rectangle` (did you mean `circle`?)",
        ]),
        Case(name: "a bad tooltip position", text: document(#"{"walkthrough": "home-tour", "step": "streaks", "set": {"tooltipPosition": "left"}}"#), expected: [
            "14:82 error bad-value \(path).set.tooltipPosition: `left` is not a tooltip position; use `above`, `below` or `auto`",
        ]),
        Case(name: "skip that is not a boolean", text: document(#"{"flow": "onboarding", "step": "paywall", "set": {"skip": "yes"}}"#), expected: [
            "14:65 error wrong-type \(path).set.skip: `skip` must be `true` or `false`, but this is the string `yes`",
        ]),
        Case(name: "a screen for a subflow step", text: document(#"{"flow": "onboarding", "step": "end", "set": {"screen": "P"}}"#), expected: [
            "14:53 error conflicting-keys \(path).set.screen: step `end` runs a subflow, so it has no `screen`; change the subflow's own steps instead",
        ]),
        Case(name: "an empty set", text: document(#"{"flow": "onboarding", "step": "paywall", "set": {}}"#), expected: [
            "14:56 error bad-value \(path).set: `set` changes nothing; set at least one of `screen`, `content`, `when`, `on` or `skip`",
        ]),
        Case(name: "both a flow and a walkthrough", text: document(#"{"flow": "onboarding", "walkthrough": "home-tour", "step": "paywall", "set": {"screen": "P"}}"#), expected: [
            "14:30 error conflicting-keys \(path).walkthrough: a change names one `flow` or one `walkthrough`, not both; write one change for each",
        ]),
        Case(name: "neither a flow nor a walkthrough", text: document(#"{"step": "paywall", "set": {"screen": "P"}}"#), expected: [
            "14:7 error missing-key \(path).flow: a change needs `flow` (or `walkthrough`): the flow or walkthrough whose step it changes",
        ]),
        Case(name: "the same step changed twice",
             text: document(#"{"flow": "onboarding", "step": "paywall", "set": {"screen": "P"}}, {"flow": "onboarding", "step": "paywall", "set": {"skip": true}}"#),
             expected: [
            #"14:105 error conflicting-keys experiments[0].changes.annual-first[1].step: step `paywall` of flow `onboarding` is already changed in variation `annual-first`; merge the two changes into one `set`"#,
        ]),
        Case(name: "changes that are not an object",
             text: #"{"schemaVersion": 1, "experiments": [{"key": "e", "variations": ["a", "b"], "changes": []}]}"#,
             expected: [
            #"1:88 error wrong-type experiments[0].changes: `changes` must be an object such as {"annual-first": [{"flow": "onboarding", "step": "paywall", "set": {"screen": "PaywallAnnual"}}]}, but this is an array"#,
        ]),
    ]

    @Test("Each problem gives exactly its diagnostic, with position, path and did-you-mean", arguments: cases)
    func diagnostics(_ testCase: Case) {
        #expect(DocumentFixtures.validationLines(testCase.text) == testCase.expected)
        #expect(!WaypointDocument.validate(testCase.text).isValid)
    }

    @Test("Changes are read into the model and written back")
    func decodesAndRoundTrips() throws {
        let document = try StepChangesFixture.document()
        let changes = try #require(document.experiment("paywall-copy")?.changes["annual-first"])
        #expect(changes.count == 3)
        #expect(changes[0] == .flowStep(flow: "onboarding", step: "paywall", set: FlowStepChange(
            screen: "PaywallAnnual",
            content: ContentPatch(values: ["headline": .text(.translations(["en": "Save 40% with a year", "de": "Spare 40 % im Jahr"]))]))))
        #expect(changes[1] == .flowStep(flow: "finish", step: "notifications", set: FlowStepChange(skip: true)))
        #expect(changes[2] == .walkthroughStep(walkthrough: "home-tour", step: "streaks", set: WalkthroughStepChange(
            tooltipText: .translations(["en": "Keep it going", "de": "Bleib dran"]), tooltipPosition: .above)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let reread = WaypointDocument.validate(try encoder.encode(document))
        #expect(reread.diagnostics.isEmpty)
        #expect(reread.document == document)
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The change (line 14 of ``ExperimentChangesTests/document(variation:_:)``).
        let change: String
        /// The changed step, encoded with sorted keys, in the variation.
        let expected: String
        var testDescription: String { name }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(name: "screen", change: #"{"flow": "onboarding", "step": "paywall", "set": {"screen": "PaywallAnnual"}}"#,
                  expected: #"{"content":{"headline":"Go premium"},"id":"paywall","screen":"PaywallAnnual"}"#),
        // `content` merges key by key (docs/ARCHITECTURE.md, "Experiments that change steps"): the
        // step's headline stays beside the title the change adds. This case once expected the whole
        // content replaced.
        FieldCase(name: "content merges into the step's content",
                  change: #"{"flow": "onboarding", "step": "paywall", "set": {"content": {"title": "Save"}}}"#,
                  expected: #"{"content":{"headline":"Go premium","title":"Save"},"id":"paywall","screen":"Paywall"}"#),
        FieldCase(name: "content null removes a key",
                  change: #"{"flow": "onboarding", "step": "paywall", "set": {"content": {"title": "Save", "headline": null}}}"#,
                  expected: #"{"content":{"title":"Save"},"id":"paywall","screen":"Paywall"}"#),
        FieldCase(name: "when", change: #"{"flow": "onboarding", "step": "paywall", "set": {"when": {"country": "US"}}}"#,
                  expected: #"{"content":{"headline":"Go premium"},"id":"paywall","screen":"Paywall","when":{"country":"US"}}"#),
        FieldCase(name: "on", change: #"{"flow": "onboarding", "step": "welcome", "set": {"on": {"next": "end", "later": "$complete"}}}"#,
                  expected: #"{"id":"welcome","on":{"later":"$complete","next":"end"},"screen":"Welcome"}"#),
        FieldCase(name: "tooltipText", change: #"{"walkthrough": "home-tour", "step": "streaks", "set": {"tooltipText": "Keep going"}}"#,
                  expected: #"{"canSkip":true,"completionTrigger":{"type":"button"},"highlightShape":{"cornerRadius":0,"padding":8,"type":"rectangle"},"id":"streaks","targetElementId":"home.streaks","tooltipPosition":"auto","tooltipText":"Keep going"}"#),
        FieldCase(name: "tooltipPosition, highlightShape, completionTrigger, canSkip, when and targetElementId",
                  change: #"{"walkthrough": "home-tour", "step": "streaks", "set": {"tooltipPosition": "above", "highlightShape": {"type": "circle"}, "completionTrigger": {"type": "timer", "seconds": 3}, "canSkip": false, "when": {"plan": "free"}, "targetElementId": "home.fire"}}"#,
                  expected: #"{"canSkip":false,"completionTrigger":{"seconds":3,"type":"timer"},"highlightShape":{"padding":8,"type":"circle"},"id":"streaks","targetElementId":"home.fire","tooltipPosition":"above","tooltipText":"Your streak","when":{"plan":"free"}}"#),
    ]

    @Test("Applying a variation replaces exactly the fields its change sets", arguments: fieldCases)
    func appliesField(_ testCase: FieldCase) throws {
        let document = try WaypointDocument(validating: Data(Self.document(testCase.change).utf8))
        let changed = try document.applying(variation: "annual-first", of: "paywall-copy")
        let control = try document.applying(variation: "control", of: "paywall-copy")
        #expect(control == document)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let steps: [Data] = try changed.flows.flatMap(\.steps).map { try encoder.encode($0) }
            + changed.walkthroughs.flatMap(\.steps).map { try encoder.encode($0) }
        let original: [Data] = try document.flows.flatMap(\.steps).map { try encoder.encode($0) }
            + document.walkthroughs.flatMap(\.steps).map { try encoder.encode($0) }
        let differing = zip(steps, original).filter { $0 != $1 }.map { String(decoding: $0.0, as: UTF8.self) }
        #expect(differing == [testCase.expected])
    }

    @Test("skip: true marks the step skipped; it is not written in the document form")
    func skip() throws {
        let document = try StepChangesFixture.document()
        let changed = try document.applying(variation: "annual-first", of: "paywall-copy")
        let finish = try #require(changed.flows.first { $0.id == "finish" })
        #expect(finish.steps.map(\.skip) == [true, false])
        #expect(try document.flows.first { $0.id == "finish" }?.steps.map(\.skip) == [false, false])
        let data = try JSONEncoder().encode(finish.steps[0])
        #expect(!String(decoding: data, as: UTF8.self).contains("skip"))
    }

    @Test("An unknown experiment or variation is refused with a did-you-mean")
    func unknownNames() throws {
        let document = try StepChangesFixture.document()
        #expect(throws: DocumentError.self) { try document.applying(variation: "annual-first", of: "paywall") }
        do {
            _ = try document.applying(variation: "annual-first", of: "paywal-copy")
        } catch {
            #expect(error.description == "The document has no experiment `paywal-copy`; did you mean `paywall-copy`?")
        }
        do {
            _ = try document.applying(variation: "anual", of: "paywall-copy")
            Issue.record("an unknown variation was accepted")
        } catch {
            #expect(error.description == "Experiment `paywall-copy` has no variation `anual`; its variations are `control` and `annual-first`.")
        }
    }

    @Test("The steps any variation changes are where a run is exposed")
    func changedSteps() throws {
        let experiment = try #require(try StepChangesFixture.document().experiment("paywall-copy"))
        #expect(experiment.changedSteps(ofFlow: "onboarding") == ["paywall"])
        #expect(experiment.changedSteps(ofFlow: "finish") == ["notifications"])
        #expect(experiment.changedSteps(ofWalkthrough: "home-tour") == ["streaks"])
        #expect(experiment.changes(for: "control").isEmpty)
    }
}
