import Foundation

/// Turns the JSON form of a condition into a ``ConditionNode``, collecting the parts that cannot match.
struct ConditionParser {
    private(set) var problems: [ConditionError] = []

    /// A condition object (GrowthBook's `evalCondition`).
    mutating func condition(_ json: JSONValue, path: String) -> ConditionNode {
        guard case .object(let members) = json else {
            problems.append(.notAnObject(found: json, path: path))
            return .invalid
        }
        var clauses: [ConditionClause] = []
        for key in members.keys.sorted() {
            guard let value = members[key] else { continue }
            let keyPath = ConditionPath.appending(key, to: path)
            switch key {
            case "$or": clauses.append(logical(key, value, path: keyPath, make: ConditionClause.or))
            case "$nor": clauses.append(logical(key, value, path: keyPath, make: ConditionClause.nor))
            case "$and": clauses.append(logical(key, value, path: keyPath, make: ConditionClause.and))
            case "$not": clauses.append(.not(condition(value, path: keyPath)))
            default: clauses.append(.path(AttributePath.split(key), valueTest(value, path: keyPath)))
            }
        }
        return .all(clauses)
    }

    private mutating func logical(
        _ name: String, _ value: JSONValue, path: String, make: ([ConditionNode]) -> ConditionClause
    ) -> ConditionClause {
        guard case .array(let elements) = value else {
            problems.append(.logicalOperandNotArray(operator: name, found: value, path: path))
            return .invalid
        }
        var nodes: [ConditionNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(condition(element, path: ConditionPath.appending(index: index, to: path)))
        }
        return make(nodes)
    }

    /// A test of one value (GrowthBook's `evalConditionValue`).
    mutating func valueTest(_ json: JSONValue, path: String, insensitive: Bool = false) -> ValueTest {
        switch json {
        case .string(let string): return .string(string, insensitive: insensitive)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .array: return .literal(json)
        case .object(let members):
            guard Self.isOperatorObject(members) else { return .literal(json) }
            var tests: [OperatorTest] = []
            for key in members.keys.sorted() {
                guard let operand = members[key] else { continue }
                tests.append(operatorTest(key, operand, path: ConditionPath.appending(key, to: path)))
            }
            return .operators(tests)
        }
    }

    /// Whether every key of a non-empty object is an operator (starts with `$`).
    static func isOperatorObject(_ members: [String: JSONValue]) -> Bool {
        !members.isEmpty && members.keys.allSatisfy { $0.hasPrefix("$") }
    }

    private mutating func operatorTest(_ name: String, _ operand: JSONValue, path: String) -> OperatorTest {
        guard let op = ConditionOperator(rawValue: name) else {
            problems.append(.unknownOperator(name, suggestion: ConditionOperator.suggestion(for: name), path: path))
            return .never
        }
        switch op {
        case .veq: return .version(.equal, VersionString.padded(operand))
        case .vne: return .version(.notEqual, VersionString.padded(operand))
        case .vgt: return .version(.greater, VersionString.padded(operand))
        case .vgte: return .version(.greaterOrEqual, VersionString.padded(operand))
        case .vlt: return .version(.less, VersionString.padded(operand))
        case .vlte: return .version(.lessOrEqual, VersionString.padded(operand))
        case .eq: return .eq(operand)
        case .ne: return .ne(operand)
        case .lt: return .lt(operand)
        case .lte: return .lte(operand)
        case .gt: return .gt(operand)
        case .gte: return .gte(operand)
        case .exists: return .exists(JavaScript.isTruthy(operand))
        case .type: return .type(operand)
        case .in, .nin, .ini, .nini:
            guard case .array(let values) = operand else {
                problems.append(.operandNotArray(operator: name, found: operand, path: path))
                return .never
            }
            let insensitive = op == .ini || op == .nini
            return op == .in || op == .ini
                ? .isIn(values, insensitive: insensitive) : .notIn(values, insensitive: insensitive)
        case .all, .alli:
            guard case .array(let values) = operand else {
                problems.append(.operandNotArray(operator: name, found: operand, path: path))
                return .never
            }
            var tests: [ValueTest] = []
            for (index, value) in values.enumerated() {
                tests.append(valueTest(value, path: ConditionPath.appending(index: index, to: path), insensitive: op == .alli))
            }
            return .all(tests)
        case .inGroup, .notInGroup:
            let id: String
            if case .string(let string) = operand {
                id = string
            } else {
                problems.append(.operandNotString(operator: name, found: operand, path: path))
                id = JavaScript.toString(operand)
            }
            return op == .inGroup ? .inGroup(id) : .notInGroup(id)
        case .not: return .not(valueTest(operand, path: path))
        case .size: return .size(valueTest(operand, path: path))
        case .elemMatch:
            guard case .object(let members) = operand else {
                problems.append(.notAnObject(found: operand, path: path))
                return .never
            }
            return Self.isOperatorObject(members)
                ? .elemMatchValue(valueTest(operand, path: path)) : .elemMatchCondition(condition(operand, path: path))
        case .regex, .regexi:
            guard case .string(let pattern) = operand else {
                problems.append(.operandNotString(operator: name, found: operand, path: path))
                return .never
            }
            do {
                let options: NSRegularExpression.Options = op == .regexi ? [.caseInsensitive] : []
                return .regex(CompiledPattern(expression: try NSRegularExpression(pattern: pattern, options: options)))
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? "the pattern does not compile"
                problems.append(.invalidPattern(operator: name, pattern: pattern, reason: reason, path: path))
                return .never
            }
        }
    }
}
