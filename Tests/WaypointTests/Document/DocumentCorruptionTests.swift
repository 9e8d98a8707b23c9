import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Random corruption of valid documents never crashes, hangs or fails silently.
@Suite("Document corruption")
struct DocumentCorruptionTests {
    @Test("Thousands of corrupted documents each end valid or with at least one located error", arguments: DocumentFixtures.exampleFiles())
    func randomCorruption(_ name: String) throws {
        let original = [UInt8](try DocumentFixtures.example(name))
        var generator = SplitMix64(seed: 0x5EED_0000 + UInt64(original.count))
        var outcomes = (valid: 0, invalid: 0)
        for _ in 0..<2_500 {
            let bytes = ByteCorruption.corrupt(original, using: &generator)
            let validation = WaypointDocument.validate(Data(bytes))
            let errors = validation.diagnostics.filter(\.isError)
            if let document = validation.document {
                #expect(errors.isEmpty)
                outcomes.valid += 1
                // What reads a valid document must not crash either.
                _ = validation.lint()
                _ = try? document.resolve(attributes: ["id": "u-1", "country": "US"])
            } else {
                #expect(!errors.isEmpty, "no error for an unreadable document: \(String(decoding: bytes, as: UTF8.self))")
                #expect(errors.allSatisfy { $0.line >= 1 && $0.column >= 1 && !$0.message.isEmpty })
                outcomes.invalid += 1
            }
        }
        // Both kinds happen: corruption inside a string can keep a document valid.
        #expect(outcomes.invalid > 1_000)
        #expect(outcomes.valid > 0)
    }

    @Test("NUL bytes, huge numbers and duplicate keys are diagnostics")
    func hostileInputs() {
        let nul = WaypointDocument.validate(Data([0x7B, 0x00, 0x7D]))
        #expect(nul.diagnostics.map(\.code) == [.syntax])
        let huge = #"{"schemaVersion": 1\#(String(repeating: "9", count: 400))}"#
        #expect(WaypointDocument.validate(huge).diagnostics.map(\.code) == [.badValue])
        let hugeInteger = #"{"schemaVersion": 123456789012345678901234567890}"#
        #expect(WaypointDocument.validate(hugeInteger).diagnostics.map(\.code) == [.badValue])
        let repeated = #"{"schemaVersion": 1, "flows": [], "flows": []}"#
        #expect(DocumentFixtures.validationLines(repeated) == [
            "1:35 error duplicate-key flows: `flows` appears more than once in the document; keep one",
        ])
        let repeatedInCondition = DocumentFixtures.flowDocument([#"{"id": "a", "when": {"x": 1, "x": 2}}"#])
        #expect(DocumentFixtures.validationLines(repeatedInCondition) == [
            "1:83 error duplicate-key flows[0].steps[0].when: `x` appears more than once in this condition object; keep one",
        ])
    }

    @Test("A wide document (100,000 elements) and a long string are fine")
    func largeInputs() {
        let wide = #"{"schemaVersion": 1, "experiments": [{"key": "e", "variations": ["# + (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",") + "]}]}"
        let validation = WaypointDocument.validate(wide)
        #expect(validation.diagnostics.isEmpty)
        #expect(validation.document?.experiments.first?.variations.count == 100_000)
        let long = DocumentFixtures.flowDocument([#"{"id": "a", "screen": ""# + String(repeating: "é", count: 200_000) + "\"}"])
        #expect(WaypointDocument.validate(long).document?.flows.first?.steps.first?.screen?.count == 200_000)
    }
}
