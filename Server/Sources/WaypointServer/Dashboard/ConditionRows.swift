import Foundation
import Waypoint

/// One row of the experiment form's condition builder: an attribute, an operator and a value, as a
/// product person types them (`country` · is one of · `US, CA`).
struct ConditionRow: Sendable, Hashable {
    var attribute: String
    var op: ConditionRowOperator
    /// The value as typed: a number, `true`/`false`, a text (in double quotes to keep `"42"` a
    /// text), or for a list operator the items separated by commas.
    var value: String

    init(_ attribute: String, _ op: ConditionRowOperator, _ value: String) {
        self.attribute = attribute
        self.op = op
        self.value = value
    }
}

/// The GrowthBook operators the condition builder offers (Server/README.md, "The dashboard").
enum ConditionRowOperator: String, Sendable, Hashable, CaseIterable {
    case eq = "$eq", ne = "$ne", `in` = "$in", nin = "$nin", gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte"
    case exists = "$exists", regex = "$regex"

    /// The operator in words, for the select and for a condition read aloud.
    var words: String {
        switch self {
        case .eq: "is"
        case .ne: "is not"
        case .in: "is one of"
        case .nin: "is none of"
        case .gt: "is greater than"
        case .gte: "is at least"
        case .lt: "is less than"
        case .lte: "is at most"
        case .exists: "exists (true or false)"
        case .regex: "matches the pattern"
        }
    }

    /// Whether the value is a comma-separated list.
    var takesList: Bool { self == .in || self == .nin }
}

/// Why rows do not make a condition: the row (from 0) and what to type instead.
struct ConditionRowError: Error, Sendable, Hashable, CustomStringConvertible {
    let row: Int
    let message: String

    var description: String { "Condition row \(row + 1): \(message)" }
}

/// The condition builder: rows ↔ a GrowthBook condition object, the rows combined with AND.
///
/// Rows of distinct attribute and operator make one object (`{"age": {"$gte": 18, "$lt": 65}}`);
/// rows that repeat an attribute's operator make `{"$and": [{…}, {…}]}`. A condition the rows cannot
/// express (`$or`, `$elemMatch`, a list of texts with commas…) has no rows: the form shows it in
/// words and leaves it as it is.
enum ConditionRows {
    /// The condition of `rows` (blank rows ignored); nil when no row is filled in.
    static func condition(from rows: [ConditionRow]) throws(ConditionRowError) -> JSONValue? {
        var parts: [(attribute: String, op: ConditionRowOperator, value: JSONValue)] = []
        for (index, row) in rows.enumerated() {
            let attribute = row.attribute.trimmingCharacters(in: .whitespaces)
            let value = row.value.trimmingCharacters(in: .whitespaces)
            if attribute.isEmpty {
                guard value.isEmpty else {
                    throw ConditionRowError(row: index, message: "name the attribute the value \(String(reflecting: value)) is compared with, such as country.")
                }
                continue
            }
            guard !attribute.hasPrefix("$") else {
                throw ConditionRowError(row: index, message: "\(attribute) is not an attribute: names starting with $ are operators; type the attribute's name, such as country.")
            }
            parts.append((attribute, row.op, try operand(value, op: row.op, row: index)))
        }
        guard !parts.isEmpty else { return nil }
        let pairs = parts.map { "\($0.attribute) \($0.op.rawValue)" }
        if Set(pairs).count == pairs.count {
            var members: [String: JSONValue] = [:]
            for part in parts {
                var tests: [String: JSONValue] = [:]
                if case .object(let written)? = members[part.attribute] { tests = written }
                tests[part.op.rawValue] = part.value
                members[part.attribute] = .object(tests)
            }
            return .object(members)
        }
        return .object(["$and": .array(parts.map { .object([$0.attribute: .object([$0.op.rawValue: $0.value])]) })])
    }

    /// The rows of `condition`; nil when rows cannot express it exactly.
    static func rows(from condition: JSONValue) -> [ConditionRow]? {
        guard case .object(let members) = condition else { return nil }
        if members.count == 1, case .array(let list)? = members["$and"] {
            var rows: [ConditionRow] = []
            for element in list {
                guard case .object(let inner) = element, inner.count == 1, let only = inner.first,
                      case .object(let tests) = only.value, tests.count == 1, let part = Self.rows(attribute: only.key, tests: tests)
                else { return nil }
                rows += part
            }
            // Rows that would come back as one object are written so by the builder: keep the form only when it round-trips.
            guard (try? self.condition(from: rows)) == condition else { return nil }
            return rows
        }
        // `{}`: everyone.
        if members.isEmpty { return [] }
        var rows: [ConditionRow] = []
        var normalized: [String: JSONValue] = [:]
        for attribute in members.keys.sorted() {
            guard !attribute.hasPrefix("$"), let member = members[attribute] else { return nil }
            let tests: [String: JSONValue]
            switch member {
            case .object(let written): tests = written
            // `{"country": "US"}` is `{"country": {"$eq": "US"}}`.
            case .string, .number, .bool: tests = [ConditionRowOperator.eq.rawValue: member]
            case .null, .array: return nil
            }
            guard !tests.isEmpty, let part = Self.rows(attribute: attribute, tests: tests) else { return nil }
            normalized[attribute] = .object(tests)
            rows += part
        }
        guard (try? self.condition(from: rows)) == .object(normalized) else { return nil }
        return rows
    }

    /// The rows of one attribute's operators, in the builder's order of operators.
    private static func rows(attribute: String, tests: [String: JSONValue]) -> [ConditionRow]? {
        guard tests.keys.allSatisfy({ ConditionRowOperator(rawValue: $0) != nil }) else { return nil }
        var rows: [ConditionRow] = []
        for op in ConditionRowOperator.allCases {
            guard let value = tests[op.rawValue] else { continue }
            guard let text = text(of: value, op: op) else { return nil }
            rows.append(ConditionRow(attribute, op, text))
        }
        return rows
    }

    // MARK: Values

    /// The operand of `op` typed as `text`.
    static func operand(_ text: String, op: ConditionRowOperator, row: Int) throws(ConditionRowError) -> JSONValue {
        switch op {
        case .in, .nin:
            guard !text.isEmpty else { return .array([]) }
            return .array(text.split(separator: ",", omittingEmptySubsequences: false).map { scalar($0.trimmingCharacters(in: .whitespaces)) })
        case .exists:
            switch text.lowercased() {
            case "true", "yes": return .bool(true)
            case "false", "no": return .bool(false)
            default:
                throw ConditionRowError(row: row, message: "“exists” takes true (the attribute is set) or false (it is not), not \(String(reflecting: text)).")
            }
        case .regex:
            guard (try? NSRegularExpression(pattern: text)) != nil else {
                throw ConditionRowError(row: row, message: "\(String(reflecting: text)) is not a valid pattern; check its brackets and backslashes.")
            }
            return .string(text)
        case .gt, .gte, .lt, .lte:
            let value = scalar(text)
            if case .bool = value {
                throw ConditionRowError(row: row, message: "“\(op.words)” compares numbers or texts, not \(text); type a number such as 18.")
            }
            return value
        case .eq, .ne:
            return scalar(text)
        }
    }

    /// A typed value: a number, `true`/`false`, a text in double quotes, or else the text itself.
    static func scalar(_ text: String) -> JSONValue {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return .string(String(text.dropFirst().dropLast())) }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = number(text) { return .number(number) }
        return .string(text)
    }

    /// `text` as a JSON number (`18`, `-2.5`, `1e3`), or nil.
    private static func number(_ text: String) -> Double? {
        guard text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The text a row shows for `value`, which typed again gives `value` back; nil when none does.
    static func text(of value: JSONValue, op: ConditionRowOperator) -> String? {
        switch op {
        case .in, .nin:
            guard case .array(let items) = value else { return nil }
            var texts: [String] = []
            for item in items {
                guard let text = scalarText(item), !text.contains(","), text == text.trimmingCharacters(in: .whitespaces) else { return nil }
                texts.append(text)
            }
            // One empty item reads back as no item.
            if texts == [""] { return nil }
            return texts.joined(separator: ", ")
        case .exists:
            return value.boolValue.map { $0 ? "true" : "false" }
        case .regex:
            guard case .string(let pattern) = value, pattern == pattern.trimmingCharacters(in: .whitespaces) else { return nil }
            return pattern
        case .eq, .ne, .gt, .gte, .lt, .lte:
            guard let text = scalarText(value), text == text.trimmingCharacters(in: .whitespaces) else { return nil }
            return text
        }
    }

    /// A number, boolean or text as typed; a text that would read as a number or boolean in quotes.
    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .number, .bool: return value.jsonText
        case .string(let text):
            if case .string(text) = scalar(text) { return text }
            return "\"" + text + "\""
        default: return nil
        }
    }

    // MARK: Words

    /// A condition in words, for one the rows cannot express: `country is one of US, CA and age is at least 18`,
    /// or its parts as written.
    static func words(_ condition: JSONValue) -> String {
        if let rows = rows(from: condition) { return words(rows) }
        return phrase(condition)
    }

    static func words(_ rows: [ConditionRow]) -> String {
        rows.map { row in
            row.op == .exists
                ? "\(row.attribute) \(row.value == "true" ? "is set" : "is not set")"
                : "\(row.attribute) \(row.op.words) \(row.value)"
        }.joined(separator: " and ")
    }

    /// Any JSON value spoken plainly, keys and operators as written: `$or: (country: US), (age: $gte 18)`.
    static func phrase(_ value: JSONValue) -> String {
        switch value {
        case .null: return "nothing"
        case .bool, .number: return value.jsonText
        case .string(let text): return text
        case .array(let items): return items.map { "(\(phrase($0)))" }.joined(separator: ", ")
        case .object(let members):
            return members.keys.sorted().map { key in
                let inner = members[key] ?? .null
                if case .object = inner { return "\(key) \(phrase(inner))" }
                return "\(key): \(phrase(inner))"
            }.joined(separator: "; ")
        }
    }
}
