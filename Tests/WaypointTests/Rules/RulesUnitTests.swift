import Foundation
import Testing
@testable import Waypoint

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Parsing keeps booleans and numbers apart")
    func parsingKeepsTypes() throws {
        let value = try JSONValue(parsing: #"[1, true, 0, false, null, "x", {"a": [1.5]}]"#)
        #expect(value == [1, true, 0, false, nil, "x", ["a": [1.5]]])
        #expect(value[0] == .number(1))
        #expect(value[1] == .bool(true))
        #expect(value[0] != value[1])
        #expect(value[6]?["a"]?[0]?.doubleValue == 1.5)
        #expect(value[7] == nil)
        #expect(value["a"] == nil)
    }

    @Test("Top-level scalars parse")
    func topLevelScalars() throws {
        #expect(try JSONValue(parsing: "3") == 3)
        #expect(try JSONValue(parsing: "\"ü\"") == "ü")
        #expect(try JSONValue(parsing: "null") == nil)
    }

    @Test("Encoding and parsing round-trip; integers are written without a fraction")
    func roundTrip() throws {
        let value: JSONValue = ["n": 1, "x": 2.5, "s": "日本 \"q\"\n", "a": [true, nil], "o": [:]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONValue(parsing: data) == value)
        #expect(value.jsonText == #"{"a":[true,null],"n":1,"o":{},"s":"日本 \"q\"\n","x":2.5}"#)
    }

    @Test("Invalid JSON gives a message that says so")
    func parseError() {
        #expect {
            try JSONValue(parsing: "{\"a\": }")
        } throws: { error in
            (error as? JSONParseError)?.description.hasPrefix("The text is not valid JSON: ") == true
        }
    }

    @Test("Numbers print as JavaScript prints them", arguments: [
        (1.0, "1"), (-0.5, "-0.5"), (123.456, "123.456"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
        (0.000001, "0.000001"), (1e-7, "1e-7"), (1.5e-10, "1.5e-10"), (2_147_483_648.0, "2147483648"),
    ])
    func javaScriptNumbers(_ number: Double, _ text: String) {
        #expect(JavaScript.numberToString(number) == text)
    }

    @Test("Strings convert to numbers as in JavaScript", arguments: [
        ("8", 8.0), (" 12 ", 12), ("", 0), ("0x10", 16), ("1e3", 1000), (".5", 0.5), ("-Infinity", -Double.infinity),
    ])
    func javaScriptStringToNumber(_ text: String, _ number: Double) {
        #expect(JavaScript.stringToNumber(text) == number)
    }

    @Test("Strings that are not numbers convert to NaN", arguments: ["abc", "1a", "0x", "inf", "nan", "1e"])
    func javaScriptNaN(_ text: String) {
        #expect(JavaScript.stringToNumber(text).isNaN)
    }
}

@Suite("Attributes")
struct RulesAttributesTests {
    let attributes: Attributes = [
        "id": "u1",
        "father": ["age": 70, "name": nil],
        "tags": ["a", "b"],
        "a.b": "literal",
    ]

    @Test("Dotted paths reach into objects and arrays")
    func paths() {
        #expect(attributes.value(atPath: "father.age") == 70)
        #expect(attributes.value(atPath: "father.name") == .null)
        #expect(attributes.value(atPath: "tags.1") == "b")
        #expect(attributes.value(atPath: "tags.length") == 2)
    }

    @Test("Missing parts give nil", arguments: ["father.mother", "tags.2", "tags.01", "id.length", "father.name.x", "a.b"])
    func missing(_ path: String) {
        #expect(attributes.value(atPath: path) == nil)
    }

    @Test("The subscript reads a name as is, dots included")
    func literalNames() {
        #expect(attributes["a.b"] == "literal")
        var copy = attributes
        copy["country"] = "DE"
        #expect(copy.value(atPath: "country") == "DE")
    }

    @Test("Attributes decode from a JSON object")
    func decoding() throws {
        let decoded = try JSONDecoder().decode(Attributes.self, from: Data(#"{"id": "u1", "n": 1}"#.utf8))
        #expect(decoded == ["id": "u1", "n": 1])
    }
}

@Suite("Condition problems")
struct ConditionErrorTests {
    @Test("An unknown operator never matches and is reported with a suggestion")
    func unknownOperator() throws {
        let condition = Condition(json: ["name": ["$regx": "hello"]])
        #expect(!condition.evaluate(["name": "hello"]))
        let problem = try #require(condition.problems.first)
        #expect(problem.isUnknownOperator)
        #expect(problem.path == "name.$regx")
        #expect(problem.description == "Condition at 'name.$regx': unknown operator '$regx'; it never matches. Did you mean '$regex'?")
    }

    @Test("Under $not, an unknown operator makes the condition true, as in GrowthBook")
    func unknownOperatorUnderNot() {
        let condition = Condition(json: ["$not": ["name": ["$regx": "hello"]]])
        #expect(condition.evaluate(["name": "hello"]))
        #expect(condition.problems.map(\.path) == ["$not.name.$regx"])
    }

    @Test("Paths show dotted keys in brackets and array indices")
    func paths() {
        let condition = Condition(json: ["$and": [["country": "US"], ["father.age": ["$in": 65]]]])
        #expect(condition.problems.map(\.description) == [
            #"Condition at '$and[1]["father.age"].$in': '$in' takes an array of values, but this is the number 65; it never matches. Write [65] to compare with a single value."#,
        ])
    }

    @Test("An invalid pattern is reported with the pattern")
    func invalidPattern() throws {
        let condition = Condition(json: ["name": ["$regex": "/???***[)"]])
        #expect(!condition.evaluate(["name": "hello"]))
        let problem = try #require(condition.problems.first)
        #expect(problem.message.hasPrefix(#"'$regex' pattern "/???***[)" is not a valid regular expression ("#))
        #expect(problem.message.hasSuffix("it never matches. Escape special characters such as ( [ * ? with a backslash."))
    }

    @Test("Conditions that are not objects, and logical operators without arrays, are reported")
    func structure() {
        #expect(Condition(json: ["US"]).problems.map(\.description) == [
            #"Condition: a condition must be a JSON object such as {"country": "US"}, but this is an array; it never matches."#,
        ])
        let condition = Condition(json: ["$or": ["a": 1]])
        #expect(!condition.evaluate(["a": 1]))
        #expect(condition.problems.map(\.description) == [
            #"Condition at '$or': '$or' takes an array of conditions such as [{"a": 1}, {"b": 2}], but this is an object; it never matches."#,
        ])
    }

    @Test("A saved group id must be a string")
    func savedGroupID() {
        let condition = Condition(json: ["id": ["$inGroup": 5]])
        #expect(condition.problems.map(\.message) == [
            "'$inGroup' takes the id of a saved group as a string, but this is the number 5; it never matches.",
        ])
    }

    @Test("Validating init throws the first problem; valid conditions have none")
    func validating() throws {
        #expect(throws: ConditionError.self) { try Condition(validating: ["a": ["$gt": 1, "$bogus": 2]]) }
        let valid = try Condition(validating: ["country": ["$in": ["US", "CA"]], "appLaunches": ["$gte": 2]])
        #expect(valid.problems.isEmpty)
        #expect(valid.evaluate(["country": "CA", "appLaunches": 3]))
        #expect(!valid.evaluate(["country": "CA", "appLaunches": 1]))
    }

    @Test("A far-off unknown operator lists the known ones")
    func noSuggestion() throws {
        let problem = try #require(Condition(json: ["a": ["$zzzzzzzz": 1]]).problems.first)
        #expect(problem.message.hasPrefix("unknown operator '$zzzzzzzz'; it never matches. Use one of $eq, $ne, "))
    }
}

@Suite("Condition in flows and experiments")
struct ConditionIntegrationTests {
    @Test("A condition becomes a step condition over attributes")
    func stepCondition() {
        let condition = Condition(json: ["country": ["$in": ["US", "CA"]]])
        let step = condition.stepCondition()
        #expect(step.label == #"{"country":{"$in":["US","CA"]}}"#)
        #expect(step.evaluate(["country": "US"]))
        #expect(!step.evaluate(["country": "DE"]))
        let grouped = StepCondition(Condition(json: ["id": ["$inGroup": "beta"]]), savedGroups: ["beta": ["u1"]])
        #expect(grouped.evaluate(["id": "u1"]))
        #expect(!grouped.evaluate(["id": "u2"]))
    }

    @Test("Conditions decode and encode as their JSON")
    func codable() throws {
        let condition = try JSONDecoder().decode(Condition.self, from: Data(#"{"appLaunches": {"$gte": 2}}"#.utf8))
        #expect(condition.evaluate(["appLaunches": 2]))
        #expect(try JSONValue(parsing: JSONEncoder().encode(condition)) == condition.json)
    }

    @Test("A numeric id hashes as its JavaScript text")
    func numericID() {
        let experiment = Experiment(key: "exp", variations: ["a", "b"], hashVersion: 2)
        let numeric = experiment.assign(attributes: ["id": 123])
        let text = experiment.assign(attributes: ["id": "123"])
        #expect(numeric.bucket == Bucketing.hash(seed: "exp", value: "123", version: 2))
        #expect(numeric.variationIndex == text.variationIndex)
    }

    @Test("The document's experiment form decodes, and the hash attribute may be a dotted path")
    func documentExperiment() throws {
        let json = #"{"key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5], "coverage": 1.0, "hashAttribute": "user.id", "hashVersion": 2}"#
        let experiment = try JSONDecoder().decode(Experiment.self, from: Data(json.utf8))
        let result = experiment.assign(attributes: ["user": ["id": "u1"]])
        let n = try #require(Bucketing.hash(seed: "short-signup", value: "u1", version: 2))
        #expect(result.inExperiment)
        #expect(result.hashAttribute == "user.id")
        #expect(result.hashAttributeValue == "u1")
        #expect(result.variationName == (n < 0.5 ? "control" : "short"))
        #expect(!experiment.assign(attributes: ["id": "u1"]).inExperiment)
    }
}
