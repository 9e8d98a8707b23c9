import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

@Suite("Document diff")
struct DocumentDiffTests {
    private func diff(_ before: String, _ after: String) throws -> [DocumentChange] {
        try DocumentDiff(before: Data(before.utf8), after: Data(after.utf8)).changes
    }

    @Test("steps and flows are addressed by id; entries that share an id by their variation")
    func idKeyedArrays() throws {
        let before = try Revision.publishedText()
        let after = try Revision.editedText(Revision.removeRegistration)
        #expect(try diff(before, after) == [
            DocumentChange(
                kind: .changed, path: "flows[signup:control].steps[splash].on.register",
                before: #""registration""#, after: #""personalization""#),
            DocumentChange(
                kind: .removed, path: "flows[signup:control].steps[registration]",
                before: #"{"id":"registration","on":{"existingUser":"$complete","newUser":"personalization"},"screen":"Registration"}"#),
        ])
    }

    @Test("a flow id used once is addressed by the id alone; nested changes are reported at the deepest path")
    func nestedChange() throws {
        let before = #"{"flows":[{"id":"signup","steps":[{"id":"registration","on":{"newUser":"personalization"}}]}]}"#
        let after = #"{"flows":[{"id":"signup","steps":[{"id":"registration","on":{"newUser":"shared-end"}}]}]}"#
        #expect(try diff(before, after) == [
            DocumentChange(
                kind: .changed, path: "flows[signup].steps[registration].on.newUser",
                before: #""personalization""#, after: #""shared-end""#),
        ])
    }

    @Test("texts only: one change per text, walkthrough steps by id")
    func textChanges() throws {
        let changes = try diff(try Revision.publishedText(), try Revision.editedText(Revision.changeTexts))
        #expect(changes == [
            DocumentChange(
                kind: .changed, path: "walkthroughs[layering].steps[intro].tooltipText",
                before: #""Your layers live here""#, after: #""All your layers, here""#),
            DocumentChange(
                kind: .changed, path: "walkthroughs[layering].steps[panel-cell].tooltipText",
                before: #""Drag to reorder""#, after: #""Drag a layer to move it""#),
        ])
    }

    @Test("added and removed keys, index arrays, reordered elements, quoted keys, in a fixed order")
    func everyKind() throws {
        let before = #"""
            {"a b": 1, "list": [1, 2], "obj": {"x.y": true, "keep": "same"},
             "steps": [{"id": "s1", "v": 1}, {"id": "s2", "v": 2}], "gone": null}
            """#
        let after = #"""
            {"type": 1, "steps": [{"id": "s2", "v": 3}, {"id": "s1", "v": 1}],
             "obj": {"keep": "same", "new": {"k": [1]}, "x.y": false}, "list": [1, 2, 3], "a b": 2}
            """#
        #expect(try diff(before, after) == [
            DocumentChange(kind: .changed, path: #"["a b"]"#, before: "1", after: "2"),
            DocumentChange(kind: .removed, path: "gone", before: "null"),
            DocumentChange(kind: .added, path: "list[2]", after: "3"),
            DocumentChange(kind: .added, path: "obj.new", after: #"{"k":[1]}"#),
            DocumentChange(kind: .changed, path: #"obj["x.y"]"#, before: "true", after: "false"),
            DocumentChange(kind: .changed, path: "steps", before: #"["s1","s2"]"#, after: #"["s2","s1"]"#),
            DocumentChange(kind: .changed, path: "steps[s2].v", before: "2", after: "3"),
            DocumentChange(kind: .added, path: "type", after: "1"),
        ])
    }

    @Test("entries that share an id and a variation, or ids that read as indices, are addressed by index")
    func fallsBackToIndices() throws {
        #expect(try diff(
            #"{"flows":[{"id":"f","variation":"a","n":1},{"id":"f","variation":"b","n":1}]}"#,
            #"{"flows":[{"id":"f","variation":"b","n":2}]}"#
        ) == [
            DocumentChange(kind: .removed, path: "flows[f:a]", before: #"{"id":"f","n":1,"variation":"a"}"#),
            DocumentChange(kind: .changed, path: "flows[f:b].n", before: "1", after: "2"),
        ])
        #expect(try diff(#"{"x":[{"id":"1"},{"id":"2"}]}"#, #"{"x":[{"id":"2"}]}"#) == [
            DocumentChange(kind: .changed, path: "x[0].id", before: #""1""#, after: #""2""#),
            DocumentChange(kind: .removed, path: "x[1]", before: #"{"id":"2"}"#),
        ])
        #expect(try diff(#"[{"id":"a"},{"id":"a"}]"#, #"[{"id":"a"}]"#) == [
            DocumentChange(kind: .removed, path: "[1]", before: #"{"id":"a"}"#),
        ])
    }

    @Test("values are compared as JSON: key order and 1 versus 1.0 do not matter, true is not 1")
    func jsonEquality() throws {
        #expect(try diff(#"{"a":1,"b":[1,{"c":true}]}"#, #"{"b":[1.0,{"c":true}],"a":1}"#).isEmpty)
        #expect(try diff(#"{"a":true}"#, #"{"a":1}"#) == [DocumentChange(kind: .changed, path: "a", before: "true", after: "1")])
        #expect(try diff(#"{"a":{"b":1}}"#, #"{"a":"b"}"#) == [DocumentChange(kind: .changed, path: "a", before: #"{"b":1}"#, after: #""b""#)])
        #expect(try diff("1", #""x""#) == [DocumentChange(kind: .changed, path: "", before: "1", after: #""x""#)])
    }

    @Test("long values are cut to 120 characters with an ellipsis")
    func longValuesAreCut() throws {
        let changes = try diff(try Revision.publishedText(), try Revision.withoutSignupText())
        #expect(changes.map(\.kind) == [.removed, .removed])
        #expect(changes.map(\.path) == ["flows[signup:control]", "flows[signup:short]"])
        let removed = try #require(changes.first { $0.path == "flows[signup:control]" })
        #expect(removed.kind == .removed)
        #expect(removed.before?.count == 120)
        #expect(removed.before?.hasPrefix(#"{"experiment":"short-signup","id":"signup","start":"splash","steps":[{"id":"splash""#) == true)
        #expect(removed.before?.hasSuffix("…") == true)
        // The short entry's compact JSON is 191 characters: its first 119, then the ellipsis.
        let full = #"{"experiment":"short-signup","id":"signup","steps":[{"id":"splash","on":{"continue":"shared-end"},"screen":"Splash"},{"id":"shared-end","subflow":"end-flow"}],"variation":"short","version":1}"#
        #expect(changes.last?.before == String(full.prefix(119)) + "…")
    }

    @Test("a text that is not JSON is an error naming it")
    func notJSON() throws {
        let error = try #require(throws: DocumentDiffError.self) {
            try DocumentDiff(before: Data("{}".utf8), after: Data(#"{"a":"#.utf8))
        }
        #expect(error.description.hasPrefix("The second document is not valid JSON"))
    }

    @Test("a text nested too deep for the parser is an error, not a crash")
    func tooDeep() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: DocumentDiffError.self) {
            try DocumentDiff(before: Data(deep.utf8), after: Data("[]".utf8))
        }
        #expect(error.description.hasPrefix("The first document is not valid JSON"))
        // Nesting a document may have is compared to the bottom.
        let nested = { (value: String) in String(repeating: #"{"a":"#, count: 100) + value + String(repeating: "}", count: 100) }
        let changes = try DocumentDiff(before: Data(nested("1").utf8), after: Data(nested("2").utf8)).changes
        #expect(changes == [DocumentChange(kind: .changed, path: Array(repeating: "a", count: 100).joined(separator: "."), before: "1", after: "2")])
    }

    @Test("the JSON form, keys sorted, and back")
    func jsonForm() throws {
        let diff = DocumentDiff(changes: [
            DocumentChange(kind: .changed, path: #"["a b"]"#, before: "1", after: "2"),
            DocumentChange(kind: .added, path: "c", after: "3"),
        ])
        #expect(String(decoding: diff.jsonData(), as: UTF8.self)
            == #"{"changes":[{"after":"2","before":"1","kind":"changed","path":"[\"a b\"]"},{"after":"3","kind":"added","path":"c"}]}"#)
        #expect(try JSONDecoder().decode(DocumentDiff.self, from: diff.jsonData()) == diff)
    }
}
