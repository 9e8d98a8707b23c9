import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// The JSON Schema of the format agrees with the validator.
@Suite("Document schema")
struct DocumentSchemaTests {
    static func schema() throws -> JSONValue {
        try JSONValue(parsing: DocumentSchema.text)
    }

    @Test("The schema is JSON with the expected top-level keys")
    func topLevel() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"] == .string(DocumentSchema.id))
        #expect(schema["type"] == "object" && schema["additionalProperties"] == false)
        #expect(schema["required"] == ["schemaVersion"])
        #expect(Set(schema["properties"]?.objectValue?.keys ?? [:].keys) == Set(DocumentDecoder.documentKeys.names))
        #expect(Set(schema["$defs"]?.objectValue?.keys ?? [:].keys) == [
            "id", "condition", "flow", "flowStep", "walkthrough", "walkthroughStep", "highlightShape", "completionTrigger", "experiment",
        ])
    }

    @Test("Each object of the schema has the same keys as the validator reads", arguments: [
        ("flow", DocumentDecoder.flowKeys), ("flowStep", DocumentDecoder.flowStepKeys),
        ("walkthrough", DocumentDecoder.walkthroughKeys), ("walkthroughStep", DocumentDecoder.walkthroughStepKeys),
        ("experiment", DocumentDecoder.experimentKeys),
    ])
    func keysAgree(_ name: String, _ keys: DocumentDecoder.KeySet) throws {
        let definition = try #require(try Self.schema()["$defs"]?[name])
        #expect(definition["additionalProperties"] == false)
        #expect(Set(definition["properties"]?.objectValue?.keys ?? [:].keys) == Set(keys.names))
    }

    @Test("Every object with properties forbids others, except conditions")
    func closedObjects() throws {
        var stack = [try Self.schema()]
        var objects = 0
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                if members["properties"] != nil {
                    objects += 1
                    #expect(members["additionalProperties"] == false, "\(value)")
                }
                stack.append(contentsOf: members.values)
            case .array(let elements):
                stack.append(contentsOf: elements)
            default:
                break
            }
        }
        // The document, 4 entries and steps, 2 shapes, 5 triggers and the experiment.
        #expect(objects == 13)
    }

    @Test("Enumerations match the model")
    func enumerations() throws {
        let defs = try #require(try Self.schema()["$defs"])
        #expect(defs["walkthroughStep"]?["properties"]?["tooltipPosition"]?["enum"] == .array(TooltipPosition.allCases.map { .string($0.rawValue) }))
        let triggers = defs["completionTrigger"]?["oneOf"]?.arrayValue?.compactMap { $0["properties"]?["type"]?["const"]?.stringValue }
        #expect(triggers == ["tap", "swipe", "timer", "event", "button"])
        #expect(defs["completionTrigger"]?["oneOf"]?[1]?["properties"]?["direction"]?["enum"] == .array(SwipeDirection.allCases.map { .string($0.rawValue) }))
        #expect(defs["id"]?["pattern"] == "^[A-Za-z0-9._-]+$")
    }

    @Test("The sign-up example and every bundled example validate")
    func examplesValidate() throws {
        #expect(WaypointDocument.validate(DocumentFixtures.signupDocument).diagnostics.isEmpty)
        for name in DocumentFixtures.exampleFiles() {
            #expect(WaypointDocument.validate(try DocumentFixtures.example(name)).diagnostics.isEmpty, "\(name)")
        }
    }
}
