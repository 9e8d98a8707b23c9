/// A GrowthBook condition over a user's attributes, such as `{"country": {"$in": ["US", "CA"]}}`.
///
/// Evaluation follows GrowthBook's reference SDK exactly, including its JavaScript conversions (`"8"` is
/// greater than `5`, a missing attribute compares as `0`) and its treatment of mistakes: an unknown operator
/// or an operand of the wrong kind makes that part of the condition `false`. Such parts are also listed in
/// `problems` so that a validator can report them; `init(validating:)` refuses them.
///
/// Differences from the JavaScript SDK, where its behaviour is an accident of the language rather than a rule:
/// objects compare equal regardless of key order; `$and`, `$or`, `$nor` with a non-array operand, `$not` or
/// `$elemMatch` with a non-object operand, and a condition that is not an object are `false` (not thrown errors
/// or string indexing); regular expressions use `NSRegularExpression` (ICU syntax), which agrees with
/// JavaScript's on the common syntax (`^ $ . * + ? | () [] {n,m} \d \w \s`, case-insensitive matching).
public struct Condition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The condition as written.
    public let json: JSONValue
    /// The parts GrowthBook cannot evaluate, in a stable order; each of them never matches.
    package let problems: [ConditionError]
    let root: ConditionNode

    /// Parses a condition, accepting mistakes the way GrowthBook does (see `problems`).
    package init(json: JSONValue) {
        var parser = ConditionParser()
        self.root = parser.condition(json, path: "")
        self.json = json
        self.problems = parser.problems
    }

    /// Parses a condition, throwing its first problem, if any (`problems` has all of them).
    package init(validating json: JSONValue) throws(ConditionError) {
        self.init(json: json)
        if let first = problems.first { throw first }
    }

    /// The condition that every user matches: `{}`.
    package static let always = Condition(json: .object([:]))

    /// Decodes a condition from its JSON form, accepting mistakes the way GrowthBook does.
    public init(from decoder: any Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    /// Encodes the condition as written.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Whether the attributes satisfy the condition.
    ///
    /// - Parameter savedGroups: the lists that `$inGroup` and `$notInGroup` refer to by id; an unknown id is
    ///   an empty list.
    package func evaluate(_ attributes: Attributes, savedGroups: SavedGroups = [:]) -> Bool {
        ConditionEvaluator(savedGroups: savedGroups).evaluate(root, on: .object(attributes.values))
    }

    /// Whether a JSON value satisfies the condition, as if its members were the attributes.
    package func evaluate(json value: JSONValue, savedGroups: SavedGroups = [:]) -> Bool {
        ConditionEvaluator(savedGroups: savedGroups).evaluate(root, on: value)
    }

    public static func == (lhs: Condition, rhs: Condition) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The condition as compact JSON text.
    public var description: String { json.jsonText }
}

/// Named lists of values for the `$inGroup` and `$notInGroup` operators, by group id.
public typealias SavedGroups = [String: [JSONValue]]
