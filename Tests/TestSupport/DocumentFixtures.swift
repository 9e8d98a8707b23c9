import Foundation
import Waypoint
import WaypointTools

/// Documents and helpers shared by the document tests.
package enum DocumentFixtures {
    /// The folder of the bundled example documents.
    package static let examplesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Documents")

    /// The bundled example documents, by file name.
    package static func exampleFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The contents of a bundled example document.
    package static func example(_ name: String) throws -> Data {
        try Data(contentsOf: examplesFolder.appendingPathComponent(name))
    }

    /// The shopping app's sign-up flow as a document (its `end-flow` subflow is not part of it).
    package static let signupDocument = #"""
    {
      "schemaVersion": 1,
      "flows": [
        {
          "id": "signup",
          "version": 1,
          "start": "splash",
          "steps": [
            { "id": "splash", "screen": "Splash",
              "on": { "login": "login", "register": "registration", "loggedIn": "$complete" } },
            { "id": "login", "screen": "Login", "on": { "next": "$complete" } },
            { "id": "registration", "screen": "Registration",
              "on": { "newUser": "personalization", "existingUser": "$complete" } },
            { "id": "personalization", "screen": "Personalization",
              "when": { "country": { "$in": ["US", "CA"] } } },
            { "id": "shared-end", "subflow": "end-flow" }
          ]
        }
      ],
      "walkthroughs": [
        {
          "id": "layering",
          "version": 2,
          "maxDisplayCount": 3,
          "when": { "appLaunches": { "$gte": 2 } },
          "steps": [
            { "id": "intro", "targetElementId": "editor.layersButton",
              "highlightShape": { "type": "circle" },
              "tooltipText": "Your layers live here", "tooltipPosition": "below",
              "completionTrigger": { "type": "tap", "elementId": "editor.layersButton" },
              "canSkip": true },
            { "id": "panel-cell", "targetElementId": "layers.firstCell",
              "highlightShape": { "type": "rectangle", "cornerRadius": 8 },
              "tooltipText": "Drag to reorder", "tooltipPosition": "auto",
              "completionTrigger": { "type": "timer", "seconds": 4 }, "canSkip": false }
          ]
        }
      ],
      "experiments": [
        { "key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5],
          "coverage": 1.0, "hashAttribute": "id", "hashVersion": 2 }
      ]
    }
    """#

    /// Each diagnostic as `LINE:COLUMN severity code path: message`.
    package static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.line):\($0.column) \($0.severity.rawValue) \($0.code.rawValue) \($0.path): \($0.message)" }
    }

    /// The diagnostics of validating `text`, as ``lines(_:)``.
    package static func validationLines(_ text: String) -> [String] {
        lines(WaypointDocument.validate(text).diagnostics)
    }

    /// The lint diagnostics of `text` (which must decode), as ``lines(_:)``.
    package static func lintLines(_ text: String) -> [String] {
        let validation = WaypointDocument.validate(text)
        guard validation.isValid else { return ["does not decode"] + lines(validation.diagnostics) }
        return lines(validation.lint())
    }

    /// A document with one flow of the given steps (JSON texts).
    package static func flowDocument(_ steps: [String], extra: String = "") -> String {
        #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": ["# + steps.joined(separator: ", ") + "]}" + extra + "]}"
    }
}
