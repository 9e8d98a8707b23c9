import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Reading valid documents: the model, its defaults, and documents written with `JSONEncoder` read back.
@Suite("Document decoding")
struct DocumentDecodingTests {
    @Test("The sign-up example decodes, with the defaults of the format")
    func signupDocument() throws {
        let validation = WaypointDocument.validate(DocumentFixtures.signupDocument)
        #expect(validation.diagnostics.isEmpty)
        let document = try #require(validation.document)
        #expect(document.schemaVersion == 1)
        let signup = try #require(document.flows.first)
        #expect(signup.id == "signup" && signup.version == 1 && signup.start == "splash")
        #expect(signup.steps.map(\.id) == ["splash", "login", "registration", "personalization", "shared-end"])
        #expect(signup.steps[0].on == [
            FlowOutcome(name: "login", target: "login"), FlowOutcome(name: "register", target: "registration"),
            FlowOutcome(name: "loggedIn", target: .complete),
        ])
        #expect(signup.steps[3].on == nil)
        #expect(signup.steps[3].when == Condition(json: ["country": ["$in": ["US", "CA"]]]))
        #expect(signup.steps[4].subflow == "end-flow" && signup.steps[4].screen == nil)

        let layering = try #require(document.walkthroughs.first)
        #expect(layering.version == 2 && layering.maxDisplayCount == 3)
        #expect(layering.when == Condition(json: ["appLaunches": ["$gte": 2]]))
        #expect(layering.steps[0] == WalkthroughStepEntry(
            id: "intro", targetElementId: "editor.layersButton", highlightShape: .circle(), tooltipText: "Your layers live here",
            tooltipPosition: .below, completionTrigger: .tap(elementId: "editor.layersButton"), canSkip: true))
        #expect(layering.steps[1].highlightShape == .rectangle(cornerRadius: 8, padding: 8))
        #expect(layering.steps[1].completionTrigger == .timer(seconds: 4))
        #expect(layering.steps[1].canSkip == false)

        let experiment = try #require(document.experiments.first)
        #expect(experiment == ExperimentEntry(
            key: "short-signup", variations: ["control", "short"], weights: [0.5, 0.5], coverage: 1, hashAttribute: "id", hashVersion: 2))
    }

    @Test("Optional fields take the documented defaults")
    func defaults() throws {
        let text = #"""
        {"schemaVersion": 1,
         "flows": [{"id": "f", "steps": [{"id": "a"}]}],
         "walkthroughs": [{"id": "w", "steps": [{"id": "s", "targetElementId": "t", "tooltipText": "Hi",
            "highlightShape": {"type": "rectangle"}}]}],
         "experiments": [{"key": "e", "variations": ["a", "b"]}]}
        """#
        let document = try #require(WaypointDocument.validate(text).document)
        #expect(document.flows[0].version == 1 && document.flows[0].start == nil && document.flows[0].startStepID == "a")
        let step = document.walkthroughs[0].steps[0]
        #expect(step.highlightShape == HighlightShape(.rectangle(cornerRadius: 0), padding: 8))
        #expect(step.tooltipPosition == .auto && step.completionTrigger == .button && step.canSkip && step.targetTimeout == nil)
        #expect(document.walkthroughs[0].version == 1 && document.walkthroughs[0].maxDisplayCount == nil)
        let experiment = document.experiments[0].experiment
        #expect(experiment.hashAttribute == "id" && experiment.hashVersion == 2 && experiment.variations == ["a", "b"])
        #expect(WaypointDocument.validate(#"{"schemaVersion": 1}"#).document == WaypointDocument())
    }

    @Test("Every bundled example decodes without a problem", arguments: DocumentFixtures.exampleFiles())
    func bundledExamples(_ name: String) throws {
        let validation = WaypointDocument.validate(try DocumentFixtures.example(name))
        #expect(validation.diagnostics.isEmpty, "\(validation.diagnostics)")
        #expect(validation.isValid)
    }

    @Test("The bundled examples exist")
    func examplesArePresent() {
        #expect(DocumentFixtures.exampleFiles() == ["every-feature.json", "waypoint.json"])
    }

    @Test("Encoding and validating again gives the same document", arguments: ["signup", "every-feature.json", "waypoint.json"])
    func roundTrip(_ source: String) throws {
        let text = source == "signup" ? Data(DocumentFixtures.signupDocument.utf8) : try DocumentFixtures.example(source)
        let document = try #require(WaypointDocument.validate(text).document)
        let again = WaypointDocument.validate(try JSONEncoder().encode(document))
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        // `JSONEncoder` does not promise to keep the order of an object's keys: compare outcomes by name.
        #expect(again.document.map(Self.sortingOutcomes) == Self.sortingOutcomes(document))
    }

    @Test("A document built in code, with every optional field, is written in a form the validator reads back")
    func roundTripOfEveryField() throws {
        let document = WaypointDocument(
            flows: [
                FlowEntry(id: "signup", version: 3, start: "b", experiment: "exp", variation: "short", steps: [
                    FlowStepEntry(id: "a", screen: "A", on: [FlowOutcome(name: "go", target: "b"), FlowOutcome(name: "done", target: .complete)]),
                    FlowStepEntry(id: "b", when: Condition(json: ["country": ["$in": ["US", "CA"]]])),
                    FlowStepEntry(id: "c", subflow: "end"),
                ]),
                FlowEntry(id: "end", steps: [FlowStepEntry(id: "done", screen: "Done")]),
            ],
            walkthroughs: [
                WalkthroughEntry(id: "tour", version: 2, maxDisplayCount: 3, when: Condition(json: ["appLaunches": ["$gte": 2]]),
                                 experiment: "exp", variation: "control", steps: [
                    WalkthroughStepEntry(
                        id: "one", targetElementId: "x.button", highlightShape: .circle(padding: 4), tooltipText: "Tap here",
                        tooltipPosition: .below, completionTrigger: .tap(elementId: "x.button"), canSkip: false,
                        when: Condition(json: ["plan": "pro"]), targetTimeout: 2.5),
                    WalkthroughStepEntry(id: "two", targetElementId: "x.list", highlightShape: .rectangle(cornerRadius: 8),
                                         tooltipText: "Swipe", completionTrigger: .swipe(.left)),
                    WalkthroughStepEntry(id: "three", targetElementId: "x.list", tooltipText: "Wait", completionTrigger: .timer(seconds: 4)),
                    WalkthroughStepEntry(id: "four", targetElementId: "x.list", tooltipText: "Share", completionTrigger: .event(name: "shared")),
                ]),
            ],
            experiments: [
                ExperimentEntry(
                    key: "exp", variations: ["control", "short"], weights: [0.25, 0.75], coverage: 0.5, hashAttribute: "deviceId",
                    hashVersion: 1, seed: "exp-2026", namespace: ExperimentNamespace(id: "onboarding", range: BucketRange(0, 0.5)),
                    condition: Condition(json: ["country": "US"]), active: false),
                ExperimentEntry(key: "plain", variations: ["a", "b"]),
            ])
        let validation = WaypointDocument.validate(try JSONEncoder().encode(document))
        #expect(validation.diagnostics.isEmpty, "\(validation.diagnostics)")
        #expect(validation.document.map(Self.sortingOutcomes) == Self.sortingOutcomes(document))
    }

    @Test("Escapes, a byte order mark and CRLF line ends are read")
    func textDetails() throws {
        let text = "\u{FEFF}{\"schemaVersion\": 1,\r\n \"flows\": [{\"id\": \"f\", \"steps\": [{\"id\": \"a\", \"screen\": \"Caf\\u00e9 \\ud83d\\ude00 \\\"q\\\"\\n\"}]}]}"
        let validation = WaypointDocument.validate(Data(text.utf8))
        #expect(validation.diagnostics.isEmpty)
        #expect(validation.document?.flows[0].steps[0].screen == "Café 😀 \"q\"\n")
        let bad = "{\"schemaVersion\": 1,\r\n \"flows\": 3}"
        #expect(DocumentFixtures.validationLines(bad) == ["2:11 error wrong-type flows: `flows` must be an array, but this is the number `3`"])
    }

    static func sortingOutcomes(_ document: WaypointDocument) -> WaypointDocument {
        var copy = document
        for flow in copy.flows.indices {
            for step in copy.flows[flow].steps.indices {
                copy.flows[flow].steps[step].on = copy.flows[flow].steps[step].on?.sorted { $0.name < $1.name }
            }
        }
        return copy
    }
}
