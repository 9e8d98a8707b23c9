import Foundation
import Testing
@testable import Waypoint

/// Reading valid documents: the model, its defaults, and agreement with `JSONDecoder`.
@Suite("Document decoding")
struct DocumentDecodingTests {
    @Test("The design's example decodes, with the defaults of the format")
    func designExample() throws {
        let validation = WaypointDocument.validate(DocumentFixtures.designExample)
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

    @Test("JSONDecoder reads the same structs (outcomes sorted by name, as it does not keep key order)")
    func plainDecoderAgrees() throws {
        for text in [DocumentFixtures.designExample, String(decoding: try DocumentFixtures.example("every-feature.json"), as: UTF8.self)] {
            let strict = try #require(WaypointDocument.validate(text).document)
            let plain = try JSONDecoder().decode(WaypointDocument.self, from: Data(text.utf8))
            #expect(Self.sortingOutcomes(strict) == plain)
        }
    }

    @Test("Encoding and validating again gives the same document")
    func roundTrip() throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("every-feature.json")).document)
        let data = try JSONEncoder().encode(document)
        let again = WaypointDocument.validate(data)
        #expect(again.diagnostics.isEmpty)
        // `JSONEncoder` does not keep the order of an object's keys: compare outcomes by name.
        #expect(again.document.map(Self.sortingOutcomes) == Self.sortingOutcomes(document))
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
