/// A part of a condition that GrowthBook cannot evaluate, with where it is and how to fix it.
///
/// Such a part never matches (it evaluates to `false`, as in every GrowthBook SDK); ``Condition/problems``
/// lists them so that a document validator can report them instead of letting a typo hide a step.
package struct ConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case notAnObject(found: JSONValue)
        case logicalOperandNotArray(operator: String, found: JSONValue)
        case unknownOperator(String, suggestion: String?)
        case operandNotArray(operator: String, found: JSONValue)
        case operandNotString(operator: String, found: JSONValue)
        case invalidPattern(operator: String, pattern: String, reason: String)
    }

    private let kind: Kind

    /// Where the problem is, relative to the condition's root: `$and[1].country.$in`, `["father.age"].$gt`;
    /// empty for the root itself.
    package let path: String

    private init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    static func notAnObject(found: JSONValue, path: String) -> ConditionError {
        ConditionError(.notAnObject(found: found), path: path)
    }
    static func logicalOperandNotArray(operator op: String, found: JSONValue, path: String) -> ConditionError {
        ConditionError(.logicalOperandNotArray(operator: op, found: found), path: path)
    }
    static func unknownOperator(_ op: String, suggestion: String?, path: String) -> ConditionError {
        ConditionError(.unknownOperator(op, suggestion: suggestion), path: path)
    }
    static func operandNotArray(operator op: String, found: JSONValue, path: String) -> ConditionError {
        ConditionError(.operandNotArray(operator: op, found: found), path: path)
    }
    static func operandNotString(operator op: String, found: JSONValue, path: String) -> ConditionError {
        ConditionError(.operandNotString(operator: op, found: found), path: path)
    }
    static func invalidPattern(operator op: String, pattern: String, reason: String, path: String) -> ConditionError {
        ConditionError(.invalidPattern(operator: op, pattern: pattern, reason: reason), path: path)
    }

    /// Whether the problem is an operator GrowthBook does not know (such as `$regx`).
    package var isUnknownOperator: Bool {
        if case .unknownOperator = kind { return true }
        return false
    }

    /// What is wrong and how to fix it, without the path.
    package var message: String {
        switch kind {
        case .notAnObject(let found):
            return "a condition must be a JSON object such as {\"country\": \"US\"}, but this is \(Self.describe(found)); it never matches."
        case .logicalOperandNotArray(let op, let found):
            return "'\(op)' takes an array of conditions such as [{\"a\": 1}, {\"b\": 2}], but this is \(Self.describe(found)); it never matches."
        case .unknownOperator(let op, let suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? " Use one of \(ConditionOperator.knownNames.joined(separator: ", "))."
            return "unknown operator '\(op)'; it never matches.\(hint)"
        case .operandNotArray(let op, let found):
            return "'\(op)' takes an array of values, but this is \(Self.describe(found)); it never matches. Write [\(found.jsonText)] to compare with a single value."
        case .operandNotString(let op, let found):
            let what = op.hasPrefix("$regex") ? "a regular expression string" : "the id of a saved group as a string"
            return "'\(op)' takes \(what), but this is \(Self.describe(found)); it never matches."
        case .invalidPattern(let op, let pattern, let reason):
            return "'\(op)' pattern \(JSONValue.string(pattern).jsonText) is not a valid regular expression (\(reason)); it never matches. Escape special characters such as ( [ * ? with a backslash."
        }
    }

    package var description: String {
        path.isEmpty ? "Condition: \(message)" : "Condition at '\(path)': \(message)"
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "the boolean \(flag)"
        case .number: "the number \(value.jsonText)"
        case .string: "the string \(value.jsonText)"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Rendering of the paths in condition problems (and of every JSON path the tools print).
package enum ConditionPath {
    /// Appends an object key: `a.b`, or `a["b.c"]` when the key is not a plain name.
    package static func appending(_ key: String, to path: String) -> String {
        var text = path
        append(key, to: &text)
        return text
    }

    /// Appends an array index: `a[2]`.
    package static func appending(index: Int, to path: String) -> String {
        var text = path
        append(index: index, to: &text)
        return text
    }

    /// Appends an object key to `path` in place, as ``appending(_:to:)`` renders it.
    package static func append(_ key: String, to path: inout String) {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "$") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        if plain {
            if !path.isEmpty { path.append(".") }
            path.append(key)
        } else {
            path.append("[")
            path.append(JSONValue.string(key).jsonText)
            path.append("]")
        }
    }

    /// Appends an array index to `path` in place: `a[2]`.
    package static func append(index: Int, to path: inout String) {
        path.append("[")
        path.append(String(index))
        path.append("]")
    }
}
