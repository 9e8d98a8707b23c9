/// Any JSON value: the attributes of a user, the operands of a condition, the variations of an experiment.
///
/// Numbers are kept as `Double`, as JavaScript and every GrowthBook SDK keep them, so `1` and `1.0` are the
/// same value; integers beyond ±2⁵³ lose precision. Booleans stay booleans: `true` is never the number `1`.
/// Objects are dictionaries: JSON objects are unordered (RFC 8259), so two objects with the same members in a
/// different order are equal. (GrowthBook's JavaScript SDK compares literal objects through `JSON.stringify`,
/// which also compares the order of their keys; Waypoint does not.)
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member `key` of an object; `nil` when the value is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array; `nil` when the value is not an array or the index is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, when the value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when the value is one.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, when the value is a number without a fractional part that fits in an `Int`.
    public var intValue: Int? {
        guard case .number(let value) = self, let exact = Int(exactly: value) else { return nil }
        return exact
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The name of the value's JSON type: `null`, `boolean`, `number`, `string`, `array` or `object`.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates a number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a number from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object; when a key appears twice, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
