import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Exact diagnostics (position, severity, code, path and message) for bad documents.
@Suite("Document diagnostics")
struct DocumentDiagnosticTests {
    /// A walkthrough step with the given extra members, on lines 4–5 of the document.
    static func walkthroughStep(_ members: String) -> String {
        """
        {
          "schemaVersion": 1,
          "walkthroughs": [{"id": "w", "steps": [{
            "id": "s", "targetElementId": "t", "tooltipText": "x",
            \(members)
          }]}]
        }
        """
    }

    /// A flow step with the given members, on line 4 of the document.
    static func flowStep(_ members: String) -> String {
        """
        {
          "schemaVersion": 1,
          "flows": [{"id": "f", "steps": [
            {\(members)}
          ]}]
        }
        """
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "bad tooltip position", text: walkthroughStep(#""tooltipPosition": "left""#), expected: [
            "5:24 error bad-value walkthroughs[0].steps[0].tooltipPosition: `left` is not a tooltip position; use `above`, `below` or `auto`",
        ]),
        Case(name: "misspelt key", text: walkthroughStep(#""tooltipPositon": "below""#), expected: [
            "5:5 error unknown-key walkthroughs[0].steps[0].tooltipPositon: unknown key `tooltipPositon` in a walkthrough step; did you mean `tooltipPosition`?",
        ]),
        Case(name: "unknown key without a likely fix", text: walkthroughStep(#""colour": "red""#), expected: [
            "5:5 error unknown-key walkthroughs[0].steps[0].colour: unknown key `colour` in a walkthrough step; allowed keys are `id`, `targetElementId`, `highlightShape`, `tooltipText`, `tooltipPosition`, `completionTrigger`, `canSkip`, `when` and `targetTimeout`",
        ]),
        Case(name: "wrong type", text: walkthroughStep(#""canSkip": "yes""#), expected: [
            "5:16 error wrong-type walkthroughs[0].steps[0].canSkip: `canSkip` must be `true` or `false`, but this is the string `yes`",
        ]),
        Case(name: "negative timeout", text: walkthroughStep(#""targetTimeout": -3"#), expected: [
            "5:22 error negative-duration walkthroughs[0].steps[0].targetTimeout: `targetTimeout` must not be negative (it is `-3`); use 0 or more seconds, or leave it out to wait for ever",
        ]),
        Case(name: "negative timer", text: walkthroughStep(#""completionTrigger": {"type": "timer", "seconds": -0.5}"#), expected: [
            "5:55 error negative-duration walkthroughs[0].steps[0].completionTrigger.seconds: `seconds` must not be negative (it is `-0.5`); use 0 or more seconds",
        ]),
        Case(name: "trigger without its key", text: walkthroughStep(#""completionTrigger": {"type": "tap"}"#), expected: [
            "5:26 error missing-key walkthroughs[0].steps[0].completionTrigger.elementId: a `tap` trigger needs `elementId`: the id of the element to tap",
        ]),
        Case(name: "key of another trigger", text: walkthroughStep(#""completionTrigger": {"type": "button", "seconds": 3}"#), expected: [
            "5:45 error unknown-key walkthroughs[0].steps[0].completionTrigger.seconds: `seconds` applies only to a `timer` trigger; remove it",
        ]),
        Case(name: "bad swipe direction", text: walkthroughStep(#""completionTrigger": {"type": "swipe", "direction": "sideways"}"#), expected: [
            "5:57 error bad-value walkthroughs[0].steps[0].completionTrigger.direction: `sideways` is not a swipe direction; use `left`, `right`, `up` or `down`",
        ]),
        Case(name: "bad trigger type with suggestion", text: walkthroughStep(#""completionTrigger": {"type": "tapp", "elementId": "t"}"#), expected: [
            "5:35 error bad-value walkthroughs[0].steps[0].completionTrigger.type: `tapp` is not a completion trigger; use `tap`, `swipe`, `timer`, `event` or `button` (did you mean `tap`?)",
        ]),
        Case(name: "corner radius on a circle", text: walkthroughStep(#""highlightShape": {"type": "circle", "cornerRadius": 4}"#), expected: [
            "5:42 error unknown-key walkthroughs[0].steps[0].highlightShape.cornerRadius: `cornerRadius` applies only to a `rectangle`; remove it or use \"type\": \"rectangle\"",
        ]),
        Case(name: "negative padding", text: walkthroughStep(#""highlightShape": {"type": "rectangle", "padding": -1}"#), expected: [
            "5:56 error bad-value walkthroughs[0].steps[0].highlightShape.padding: `padding` must not be negative (it is `-1`); use 0 or more points",
        ]),
        Case(name: "bad id", text: flowStep(#""id": "sign up""#), expected: [
            "4:12 error bad-id flows[0].steps[0].id: `sign up` is not a valid id; ids use only letters, digits, `.`, `_` and `-`",
        ]),
        Case(name: "empty id", text: flowStep(#""id": """#), expected: [
            "4:12 error bad-id flows[0].steps[0].id: `id` must not be empty; ids use letters, digits, `.`, `_` and `-`",
        ]),
        Case(name: "missing id", text: flowStep(#""screen": "Welcome""#), expected: [
            "4:5 error missing-key flows[0].steps[0].id: a flow step needs `id`",
        ]),
        Case(name: "reserved outcome", text: flowStep(#""id": "a", "on": {"back": "a"}"#), expected: [
            "4:24 error reserved-outcome flows[0].steps[0].on.back: the outcome `back` is reserved: it always returns to the previous step; give this outcome another name",
        ]),
        Case(name: "misspelt completion", text: flowStep(#""id": "a", "on": {"next": "$compete"}"#), expected: [
            "4:32 error bad-id flows[0].steps[0].on.next: `$compete` is not a step id or `$complete`; did you mean `$complete`?",
        ]),
        Case(name: "outcome target of the wrong type", text: flowStep(#""id": "a", "on": {"next": 3}"#), expected: [
            "4:32 error wrong-type flows[0].steps[0].on.next: the target of outcome `next` must be a step id or \"$complete\", but this is the number `3`",
        ]),
        Case(name: "screen and subflow", text: flowStep(#""id": "a", "screen": "A", "subflow": "g""#), expected: [
            "4:43 error conflicting-keys flows[0].steps[0].subflow: a step has `screen` or `subflow`, not both; a subflow step shows the screens of the subflow",
        ]),
        Case(name: "condition with an unknown operator", text: flowStep(#""id": "a", "when": {"age": {"$gtt": 3}}"#), expected: [
            "4:42 error bad-condition flows[0].steps[0].when.age.$gtt: unknown operator '$gtt'; it never matches. Did you mean '$gt'?",
        ]),
        Case(name: "condition on a dotted attribute", text: flowStep(#""id": "a", "when": {"father.age": {"$in": 3}}"#), expected: [
            "4:48 error bad-condition flows[0].steps[0].when[\"father.age\"].$in: '$in' takes an array of values, but this is the number 3; it never matches. Write [3] to compare with a single value.",
        ]),
        Case(name: "condition that is not an object", text: flowStep(#""id": "a", "when": true"#), expected: [
            "4:25 error wrong-type flows[0].steps[0].when: `when` must be a condition object such as {\"country\": \"US\"}, but this is `true`",
        ]),
        Case(name: "repeated key", text: flowStep(#""id": "a", "id": "b""#), expected: [
            "4:17 error duplicate-key flows[0].steps[0].id: `id` appears more than once in a flow step; keep one",
        ]),
        Case(name: "repeated outcome", text: flowStep(#""id": "a", "on": {"x": "$complete", "y": "$complete", "x": "a"}"#), expected: [
            "4:60 error duplicate-key flows[0].steps[0].on.x: the outcome `x` appears more than once in `on`; keep one",
        ]),
        Case(name: "outcome repeated with an escape", text: flowStep(#""id": "a", "on": {"\u0078": "$complete", "x": "a"}"#), expected: [
            "4:47 error duplicate-key flows[0].steps[0].on.x: the outcome `x` appears more than once in `on`; keep one",
        ]),
        // `é` as one scalar, then as `e` and a combining accent: the same string, so the same outcome.
        Case(name: "outcome repeated in another normalization", text: flowStep("\"id\": \"a\", \"on\": {\"\u{E9}\": \"$complete\", \"e\u{301}\": \"a\"}"), expected: [
            "4:24 error bad-id flows[0].steps[0].on[\"\u{E9}\"]: `\u{E9}` is not a valid `outcome name`; ids use only letters, digits, `.`, `_` and `-`",
            "4:42 error duplicate-key flows[0].steps[0].on[\"e\u{301}\"]: the outcome `e\u{301}` appears more than once in `on`; keep one",
        ]),
        Case(name: "unsupported schema version", text: #"{"schemaVersion": 2, "flows": [{"bogus": 1}]}"#, expected: [
            "1:19 error unsupported-schema-version schemaVersion: schemaVersion 2 is not supported; this version of Waypoint reads schemaVersion 1",
        ]),
        Case(name: "missing schema version", text: #"{"flows": []}"#, expected: [
            "1:1 error missing-key schemaVersion: the document needs `schemaVersion`; write \"schemaVersion\": 1",
        ]),
        Case(name: "document that is not an object", text: "[]", expected: [
            "1:1 error wrong-type : the document must be a JSON object such as {\"schemaVersion\": 1, \"flows\": []}, but this is an array",
        ]),
        Case(name: "version that is not whole", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "version": 1.5, "steps": []}]}"#, expected: [
            "1:55 error bad-value flows[0].version: `version` must be a whole number of at least 1, but this is `1.5`",
        ]),
        Case(name: "variation without experiment", text: #"{"schemaVersion": 1, "flows": [{"id": "f", "variation": "b", "steps": []}]}"#, expected: [
            "1:32 error missing-key flows[0].experiment: a flow with a variation needs `experiment`: the experiment the variation belongs to",
        ]),
        Case(name: "huge number", text: #"{"schemaVersion": 1, "experiments": [{"key": "e", "variations": ["a", "b"], "coverage": 1e400}]}"#, expected: [
            "1:89 error bad-value experiments[0].coverage: `coverage` is too large a number (`1e400`)",
        ]),
        Case(name: "hash version", text: #"{"schemaVersion": 1, "experiments": [{"key": "e", "variations": ["a", "b"], "hashVersion": 3}]}"#, expected: [
            "1:92 error bad-value experiments[0].hashVersion: `hashVersion` must be 1 or 2, but this is `3`",
        ]),
        Case(name: "non-ASCII columns count characters", text: "{\"schemaVersion\": 1, \"flows\": [{\"id\": \"été\", \"steps\": [{\"id\": \"日本 x\"}]}]}", expected: [
            "1:39 error bad-id flows[0].id: `été` is not a valid id; ids use only letters, digits, `.`, `_` and `-`",
            "1:63 error bad-id flows[0].steps[0].id: `日本 x` is not a valid id; ids use only letters, digits, `.`, `_` and `-`",
        ]),
    ]

    @Test("One bad value gives exactly one diagnostic, with its position, path and message", arguments: cases)
    func single(_ testCase: Case) {
        #expect(DocumentFixtures.validationLines(testCase.text) == testCase.expected)
        #expect(!WaypointDocument.validate(testCase.text).isValid)
    }

    @Test("An outcome repeated in a long `on` is reported once, at its second key")
    func repeatedOutcomeAmongMany() {
        let outcomes = (0..<17).map { #""o\#($0)": "$complete""# } + [#""o3": "a""#]
        let text = Self.flowStep(#""id": "a", "on": {"# + outcomes.joined(separator: ", ") + "}")
        // `"oN": "$complete", ` is 19 characters for N < 10, 20 for 10...16; the first key is at column 24.
        #expect(DocumentFixtures.validationLines(text) == [
            "4:\(24 + 10 * 19 + 7 * 20) error duplicate-key flows[0].steps[0].on.o3: the outcome `o3` appears more than once in `on`; keep one",
        ])
    }

    @Test("Every problem is reported in one pass, in document order")
    func everyProblemAtOnce() {
        let text = """
        {
          "schemaVersion": 1,
          "flows": [
            {"id": "signup", "strat": "a", "steps": [
              {"id": "a", "on": {"next": "b"}},
              {"id": "b", "screen": 7}
            ]}
          ],
          "walkthroughs": [{"id": "w", "steps": [{
            "id": "s", "targetElementId": "t", "tooltipText": "x",
            "tooltipPosition": "left", "canSkip": 1
          }]}],
          "experiments": [{"key": "e", "variations": ["a"]}]
        }
        """
        #expect(DocumentFixtures.validationLines(text) == [
            "4:22 error unknown-key flows[0].strat: unknown key `strat` in a flow; did you mean `start`?",
            "6:29 error wrong-type flows[0].steps[1].screen: `screen` must be a string, but this is the number `7`",
            "11:24 error bad-value walkthroughs[0].steps[0].tooltipPosition: `left` is not a tooltip position; use `above`, `below` or `auto`",
            "11:43 error wrong-type walkthroughs[0].steps[0].canSkip: `canSkip` must be `true` or `false`, but this is the number `1`",
            "13:46 error bad-value experiments[0].variations: an experiment needs at least two variations (the first is the control), but this one has 1",
        ])
    }

    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: String
        var testDescription: String { expected }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(text: "{\n  \"a\": 1,\n}", expected: "3:1 error syntax : a trailing comma is not allowed before `}`"),
        SyntaxCase(text: "[1, 2,\n]", expected: "2:1 error syntax : a trailing comma is not allowed before `]`"),
        SyntaxCase(text: "{\"a\" 1}", expected: "1:6 error syntax : expected `:` after the key, found `1`"),
        SyntaxCase(text: "{\n  \"a\": [1, 2\n", expected: "3:1 error syntax : unexpected end of file; expected `,` or `]`; the array opened at line 2, column 8 is not closed"),
        SyntaxCase(text: "{'a': 1}", expected: "1:2 error syntax : expected a key in double quotes, found `'`"),
        SyntaxCase(text: "{\"a\": tru}", expected: "1:7 error syntax : `tru` is not a JSON value; use true, false or null, and put strings in double quotes"),
        SyntaxCase(text: "{\"a\": 01}", expected: "1:7 error syntax : numbers may not have leading zeros"),
        SyntaxCase(text: "{\"a\": -}", expected: "1:7 error syntax : a digit must follow the minus sign"),
        SyntaxCase(text: "{\"a\": \"x\ny\"}", expected: "1:9 error syntax : the string that starts at line 1 is not closed before the end of the line; add the closing `\"` (write a line break in a string as \\n)"),
        SyntaxCase(text: "{\"a\": \"\\q\"}", expected: "1:8 error syntax : invalid escape `\\q`; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"),
        SyntaxCase(text: "{\"a\": \"\\uD800\"}", expected: "1:8 error syntax : \\uD800 is the first half of a surrogate pair; it must be followed by \\uDC00…\\uDFFF"),
        SyntaxCase(text: "{\"a\": 1} x", expected: "1:10 error syntax : unexpected `x` after the end of the document"),
        SyntaxCase(text: "{\"a\":\u{0} 1}", expected: "1:6 error syntax : expected a value (a string in double quotes, a number, true, false, null, an object or an array), found a NUL byte"),
        SyntaxCase(text: "", expected: "1:1 error syntax : unexpected end of file; expected a value"),
    ]

    @Test("Syntax errors give line, column and what was expected", arguments: syntaxCases)
    func syntax(_ testCase: SyntaxCase) {
        #expect(DocumentFixtures.validationLines(testCase.text) == [testCase.expected])
    }

    @Test("Invalid UTF-8 is a syntax error at the byte")
    func invalidUTF8() {
        var bytes = Array(#"{"schemaVersion": 1, "flows": [{"id": "ab"}]}"#.utf8)
        bytes[40] = 0xFF
        let validation = WaypointDocument.validate(Data(bytes))
        #expect(DocumentFixtures.lines(validation.diagnostics) == [
            "1:41 error syntax : invalid UTF-8 byte 0xFF; save the file as UTF-8",
        ])
    }

    @Test("Nesting beyond the limit is reported, not a crash")
    func tooDeep() {
        let text = #"{"schemaVersion": 1, "flows": [{"id": "f", "steps": [{"id": "a", "when": {"x": "# + String(repeating: "[", count: 100_000)
        let diagnostics = WaypointDocument.validate(text).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .tooDeep)
        #expect(diagnostics.first?.message == "arrays and objects are nested more than 512 levels deep; flatten the document")
        // The 507th bracket opens level 513.
        #expect(diagnostics.first?.column == 79 + 507)
    }

    @Test("A condition nested up to the limit is read without recursion")
    func deepCondition() {
        let depth = 500
        let nested = String(repeating: #"{"$not": "#, count: depth) + #"{"a": 1}"# + String(repeating: "}", count: depth)
        let text = DocumentFixtures.flowDocument([#"{"id": "a", "when": "# + nested + "}"])
        let validation = WaypointDocument.validate(text)
        #expect(validation.diagnostics.isEmpty)
        let condition = validation.document?.flows.first?.steps.first?.when
        // An even number of negations: the condition is `a == 1`.
        #expect(condition?.evaluate(["a": 1]) == true)
        #expect(condition?.evaluate(["a": 2]) == false)
    }

    @Test("The JSON form has exactly the documented field names")
    func jsonShape() throws {
        let diagnostic = Diagnostic(.error, .badValue, path: "walkthroughs[0].steps[2].tooltipPosition",
                                    at: SourcePosition(line: 14, column: 30), "`left` is not a tooltip position; use `above`, `below` or `auto`")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(diagnostic), as: UTF8.self)
        #expect(json == #"{"code":"bad-value","column":30,"line":14,"message":"`left` is not a tooltip position; use `above`, `below` or `auto`","path":"walkthroughs[0].steps[2].tooltipPosition","severity":"error"}"#)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(json.utf8)) == diagnostic)
    }

    @Test("The text form is compiler-style")
    func textForm() {
        let diagnostic = Diagnostic(.warning, .unreachableStep, path: "flows[0].steps[3].id", at: SourcePosition(line: 9, column: 14), "step `x` can never be entered")
        #expect(diagnostic.formatted(file: "waypoint.json") == "waypoint.json:9:14: warning: step `x` can never be entered [unreachable-step]")
        let unlocated = Diagnostic(.error, .emptyFlow, path: "flows[0].steps", at: .unknown, "no steps")
        #expect(unlocated.formatted(file: "built-in") == "built-in: error: no steps [empty-flow]")
    }

    @Test("A source locates any path of the document")
    func sourceLocations() throws {
        let validation = WaypointDocument.validate(DocumentFixtures.signupDocument)
        let source = try #require(validation.source)
        #expect(source.location(ofPath: "flows[0].steps[2].on.newUser") == SourcePosition(line: 13, column: 30))
        #expect(source.location(ofPath: "walkthroughs[0].steps[1].highlightShape.cornerRadius") == SourcePosition(line: 33, column: 68))
        #expect(source.location(ofPath: "flows[0].steps[3].when.country.$in[1]") == SourcePosition(line: 15, column: 48))
        #expect(source.location(ofPath: "flows[3]") == nil)
    }

    @Test("Throwing initialiser lists every error")
    func throwingInitialiser() {
        let text = Self.walkthroughStep(#""tooltipPosition": "left", "canSkip": 2"#)
        #expect {
            try WaypointDocument(validating: Data(text.utf8))
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.diagnostics.count == 2 && error.description.hasPrefix("The document has 2 errors; fix them and read it again:\n  document:5:24: error: `left` is not a tooltip position")
        }
    }
}
