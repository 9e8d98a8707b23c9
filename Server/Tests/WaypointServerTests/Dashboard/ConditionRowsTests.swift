import Foundation
import Testing
import Waypoint
@testable import WaypointServer

/// The experiment form's condition builder: rows → a GrowthBook condition, and back for showing an
/// existing condition; what rows cannot express is kept and read in words.
@Suite("Condition builder rows")
struct ConditionRowsTests {
    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test func rowsOfDistinctAttributesMakeOneObjectCombinedWithAnd() throws {
        let rows = [ConditionRow("country", .in, "US, CA"), ConditionRow("appLaunches", .gte, "2"), ConditionRow("appLaunches", .lt, "10")]
        let condition = try #require(try ConditionRows.condition(from: rows))
        #expect(condition == (try Self.json(#"{"country": {"$in": ["US", "CA"]}, "appLaunches": {"$gte": 2, "$lt": 10}}"#)))
    }

    @Test func valuesAreReadAsTheOperatorNeeds() throws {
        func operand(_ text: String, _ op: ConditionRowOperator) throws -> JSONValue { try ConditionRows.operand(text, op: op, row: 0) }
        #expect(try operand("18", .gte) == .number(18))
        #expect(try operand("1.5", .lt) == .number(1.5))
        #expect(try operand("true", .eq) == .bool(true))
        #expect(try operand("premium", .eq) == .string("premium"))
        // Quotes keep a number a text (a postal code).
        #expect(try operand("\"01234\"", .eq) == .string("01234"))
        #expect(try operand("01234", .eq) == .string("01234"), "a number with a leading zero is not a JSON number: a text")
        #expect(try operand("US, CA, 3", .in) == .array([.string("US"), .string("CA"), .number(3)]))
        #expect(try operand("", .nin) == .array([]))
        #expect(try operand("no", .exists) == .bool(false))
        #expect(try operand("^pt", .regex) == .string("^pt"))
        #expect(throws: ConditionRowError.self) { try operand("maybe", .exists) }
        #expect(throws: ConditionRowError.self) { try operand("true", .gt) }
        #expect(throws: ConditionRowError.self) { try operand("([a", .regex) }
    }

    @Test func blankRowsAreIgnoredAndAValueWithoutAnAttributeIsRefused() throws {
        #expect(try ConditionRows.condition(from: [ConditionRow("", .eq, "")]) == nil)
        #expect(try ConditionRows.condition(from: []) == nil)
        do {
            _ = try ConditionRows.condition(from: [ConditionRow("plan", .eq, "pro"), ConditionRow(" ", .eq, "US")])
            Issue.record("a value without an attribute was accepted")
        } catch {
            #expect(error.row == 1)
            #expect(error.message.contains("name the attribute"))
        }
        #expect(throws: ConditionRowError.self) { try ConditionRows.condition(from: [ConditionRow("$or", .eq, "1")]) }
    }

    @Test func theSameOperatorTwiceOnOneAttributeMakesAnAndList() throws {
        let rows = [ConditionRow("tags", .ne, "beta"), ConditionRow("tags", .ne, "internal")]
        let condition = try #require(try ConditionRows.condition(from: rows))
        #expect(condition == (try Self.json(#"{"$and": [{"tags": {"$ne": "beta"}}, {"tags": {"$ne": "internal"}}]}"#)))
        #expect(ConditionRows.rows(from: condition) == rows)
    }

    @Test func anExistingConditionReadsBackAsTheRowsThatMakeIt() throws {
        let written = [
            #"{"country": {"$in": ["US", "CA"]}, "appLaunches": {"$gte": 2}}"#,
            #"{"plan": {"$ne": "free", "$exists": true}}"#,
            #"{"locale": {"$regex": "^pt"}, "score": {"$lte": -1.5}, "beta": {"$eq": false}}"#,
            #"{"zip": {"$nin": ["01234", "\"quoted\""]}}"#,
            #"{"code": {"$eq": "42"}}"#,
        ]
        for text in written {
            let condition = try Self.json(text)
            let rows = try #require(ConditionRows.rows(from: condition), "\(text) has no rows")
            #expect(try ConditionRows.condition(from: rows) == condition, "\(text) → \(rows)")
        }
        // A text that reads as a number is shown in quotes, so it stays a text.
        #expect(ConditionRows.rows(from: try Self.json(#"{"code": {"$eq": "42"}}"#)) == [ConditionRow("code", .eq, "\"42\"")])
        // `{"country": "US"}` is `$eq`; `{}` is no row.
        #expect(ConditionRows.rows(from: try Self.json(#"{"country": "US"}"#)) == [ConditionRow("country", .eq, "US")])
        #expect(ConditionRows.rows(from: try Self.json("{}")) == [])
    }

    @Test func aConditionTheRowsCannotExpressHasNoRowsAndIsReadInWords() throws {
        let cannot = [
            #"{"$or": [{"country": "US"}, {"appLaunches": {"$gte": 5}}]}"#,
            #"{"tags": {"$elemMatch": {"$eq": "beta"}}}"#,
            #"{"cities": {"$in": ["Paris, TX", "Austin"]}}"#,
            #"{"version": {"$vgt": "2.0.0"}}"#,
            #"{"father.age": {"$not": {"$lt": 40}}}"#,
        ]
        for text in cannot {
            let condition = try Self.json(text)
            #expect(ConditionRows.rows(from: condition) == nil, "\(text) has rows")
            #expect(!ConditionRows.words(condition).isEmpty)
        }
        #expect(ConditionRows.words(try Self.json(#"{"$or": [{"country": "US"}, {"appLaunches": {"$gte": 5}}]}"#))
            == "$or: (country: US), (appLaunches $gte: 5)")
        #expect(ConditionRows.words([ConditionRow("country", .in, "US, CA"), ConditionRow("plan", .exists, "true")])
            == "country is one of US, CA and plan is set")
    }
}
