/// Evaluates parsed conditions with GrowthBook's semantics.
struct ConditionEvaluator {
    let savedGroups: SavedGroups

    /// GrowthBook's `evalCondition`: every clause of the object holds.
    func evaluate(_ node: ConditionNode, on object: JSONValue) -> Bool {
        switch node {
        case .invalid: return false
        case .all(let clauses): return clauses.allSatisfy { holds($0, on: object) }
        }
    }

    private func holds(_ clause: ConditionClause, on object: JSONValue) -> Bool {
        switch clause {
        case .or(let nodes): nodes.isEmpty || nodes.contains { evaluate($0, on: object) }
        case .nor(let nodes): !(nodes.isEmpty || nodes.contains { evaluate($0, on: object) })
        case .and(let nodes): nodes.allSatisfy { evaluate($0, on: object) }
        case .not(let node): !evaluate(node, on: object)
        case .invalid: false
        case .path(let parts, let test): passes(test, object.value(atPathParts: parts) ?? .null)
        }
    }

    /// GrowthBook's `evalConditionValue`.
    func passes(_ test: ValueTest, _ value: JSONValue) -> Bool {
        switch test {
        case .string(let expected, let insensitive):
            let text = JavaScript.toString(value)
            return insensitive
                ? text.lowercased().utf16.elementsEqual(expected.lowercased().utf16)
                : text.utf16.elementsEqual(expected.utf16)
        case .number(let expected): return JavaScript.toNumber(value) == expected
        case .bool(let expected): return !value.isNull && JavaScript.isTruthy(value) == expected
        case .null: return value.isNull
        case .literal(let expected): return JavaScript.serializesEqually(value, expected)
        case .operators(let tests): return tests.allSatisfy { passes($0, value) }
        }
    }

    private func passes(_ test: OperatorTest, _ actual: JSONValue) -> Bool {
        switch test {
        case .version(let comparison, let expected):
            let padded = VersionString.padded(actual)
            switch comparison {
            case .equal: return padded.utf16.elementsEqual(expected.utf16)
            case .notEqual: return !padded.utf16.elementsEqual(expected.utf16)
            case .greater: return VersionString.less(expected, padded)
            case .greaterOrEqual: return !VersionString.less(padded, expected)
            case .less: return VersionString.less(padded, expected)
            case .lessOrEqual: return !VersionString.less(expected, padded)
            }
        case .eq(let expected): return JavaScript.strictlyEquals(actual, expected)
        case .ne(let expected): return !JavaScript.strictlyEquals(actual, expected)
        case .lt(let expected): return JavaScript.less(actual, expected)
        case .lte(let expected): return JavaScript.lessOrEqual(actual, expected)
        case .gt(let expected): return JavaScript.greater(actual, expected)
        case .gte(let expected): return JavaScript.greaterOrEqual(actual, expected)
        case .exists(let shouldExist): return shouldExist != actual.isNull
        case .isIn(let values, let insensitive): return Self.isIn(actual, values, insensitive: insensitive)
        case .notIn(let values, let insensitive): return !Self.isIn(actual, values, insensitive: insensitive)
        case .inGroup(let id): return Self.isIn(actual, savedGroups[id] ?? [], insensitive: false)
        case .notInGroup(let id): return !Self.isIn(actual, savedGroups[id] ?? [], insensitive: false)
        case .not(let inner): return !passes(inner, actual)
        case .size(let inner):
            guard case .array(let elements) = actual else { return false }
            return passes(inner, .number(Double(elements.count)))
        case .elemMatchValue(let inner):
            guard case .array(let elements) = actual else { return false }
            return elements.contains { JavaScript.isTruthy($0) && passes(inner, $0) }
        case .elemMatchCondition(let node):
            guard case .array(let elements) = actual else { return false }
            return elements.contains { JavaScript.isTruthy($0) && evaluate(node, on: $0) }
        case .all(let tests):
            guard case .array(let elements) = actual else { return false }
            return tests.allSatisfy { test in elements.contains { passes(test, $0) } }
        case .regex(let pattern): return pattern.matches(JavaScript.toString(actual))
        case .type(let expected):
            guard case .string(let name) = expected else { return false }
            return actual.typeName == name
        case .never: return false
        }
    }

    /// GrowthBook's `isIn`: membership, or a non-empty intersection when the value is an array.
    private static func isIn(_ actual: JSONValue, _ values: [JSONValue], insensitive: Bool) -> Bool {
        let same: (JSONValue, JSONValue) -> Bool = insensitive
            ? { JavaScript.strictlyEquals(caseFolded($0), caseFolded($1)) }
            : { JavaScript.strictlyEquals($0, $1) }
        if case .array(let elements) = actual {
            return elements.contains { element in values.contains { same(element, $0) } }
        }
        return values.contains { same(actual, $0) }
    }

    private static func caseFolded(_ value: JSONValue) -> JSONValue {
        if case .string(let string) = value { return .string(string.lowercased()) }
        return value
    }
}
