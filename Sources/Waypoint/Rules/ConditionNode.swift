import Foundation

/// A parsed condition: an object whose entries must all hold.
indirect enum ConditionNode: Sendable {
    /// Every clause holds (a condition object; `{}` always holds).
    case all([ConditionClause])
    /// Never holds: a condition that is not an object.
    case invalid
}

/// One entry of a condition object.
indirect enum ConditionClause: Sendable {
    /// `$or`: some condition holds, or there are none.
    case or([ConditionNode])
    /// `$nor`: no condition holds (false when there are none, as `$or` of nothing holds).
    case nor([ConditionNode])
    /// `$and`: every condition holds.
    case and([ConditionNode])
    /// `$not`: the condition does not hold.
    case not(ConditionNode)
    /// A logical operator with an operand of the wrong kind: never holds.
    case invalid
    /// The value at an attribute path passes a test.
    case path([String], ValueTest)
}

/// A test of one value (GrowthBook's `evalConditionValue`).
indirect enum ValueTest: Sendable {
    /// `value + "" === string`, or case-insensitively inside `$alli`.
    case string(String, insensitive: Bool)
    /// `value * 1 === number`.
    case number(Double)
    /// `value !== null && !!value === flag`.
    case bool(Bool)
    /// `value === null` (a missing attribute is null).
    case null
    /// An array or an object with plain keys: structural equality.
    case literal(JSONValue)
    /// An object whose keys are all operators: every operator holds.
    case operators([OperatorTest])
}

/// One operator applied to a value.
indirect enum OperatorTest: Sendable {
    case version(VersionComparison, String)
    case eq(JSONValue), ne(JSONValue), lt(JSONValue), lte(JSONValue), gt(JSONValue), gte(JSONValue)
    case exists(Bool)
    case isIn([JSONValue], insensitive: Bool)
    case notIn([JSONValue], insensitive: Bool)
    case inGroup(String), notInGroup(String)
    case not(ValueTest)
    case size(ValueTest)
    case elemMatchValue(ValueTest)
    case elemMatchCondition(ConditionNode)
    case all([ValueTest])
    case regex(CompiledPattern)
    case type(JSONValue)
    /// An unknown operator or an operand of the wrong kind: never holds.
    case never
}

/// The six version comparisons.
enum VersionComparison: Sendable {
    case equal, notEqual, greater, greaterOrEqual, less, lessOrEqual
}

/// A compiled regular expression.
struct CompiledPattern: Sendable {
    let expression: NSRegularExpression

    func matches(_ text: String) -> Bool {
        let range = NSRange(location: 0, length: (text as NSString).length)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
