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
            "locale", "localizedText", "text", "content", "contentPatch", "contentValue", "goal", "outcomes", "flowChange", "flowStepChange", "walkthroughChange",
            "walkthroughStepChange",
        ])
    }

    @Test("Each object of the schema has the same keys as the validator reads", arguments: [
        ("flow", DocumentDecoder.flowKeys), ("flowStep", DocumentDecoder.flowStepKeys),
        ("walkthrough", DocumentDecoder.walkthroughKeys), ("walkthroughStep", DocumentDecoder.walkthroughStepKeys),
        ("experiment", DocumentDecoder.experimentKeys), ("flowStepChange", DocumentDecoder.flowStepChangeKeys),
        ("walkthroughStepChange", DocumentDecoder.walkthroughStepChangeKeys), ("localizedText", DocumentDecoder.localizedTextKeys),
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
        // The document, 4 entries and steps, 2 shapes, 5 triggers, the experiment, the localized
        // text, and the 2 changes with their 2 sets.
        #expect(objects == 18)
    }

    @Test("A change names a flow or a walkthrough, with the keys the validator reads")
    func changeKeys() throws {
        let defs = try #require(try Self.schema()["$defs"])
        let flowChange = Set(defs["flowChange"]?["properties"]?.objectValue?.keys ?? [:].keys)
        let walkthroughChange = Set(defs["walkthroughChange"]?["properties"]?.objectValue?.keys ?? [:].keys)
        #expect(flowChange.union(walkthroughChange) == Set(DocumentDecoder.changeKeys.names))
        #expect(flowChange == ["flow", "step", "set"] && walkthroughChange == ["walkthrough", "step", "set"])
        #expect(defs["walkthroughStepChange"]?["properties"]?["tooltipPosition"]?["enum"]
            == .array(TooltipPosition.allCases.map { .string($0.rawValue) }))
    }

    @Test("Locale tags the schema accepts are those the validator accepts", arguments: [
        "en", "de", "pt-BR", "zh-Hant-TW", "es-419", "pt_BR", "", "e", "en-", "toolonglanguage", "en-US-x1234567890",
    ])
    func localePattern(_ tag: String) throws {
        let pattern = try #require(try Self.schema()["$defs"]?["locale"]?["pattern"]?.stringValue)
        let schemaAccepts = tag.range(of: pattern, options: .regularExpression) != nil
        #expect(schemaAccepts == (DocumentDecoder.localeTagProblem(tag, label: "locale") == nil))
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
