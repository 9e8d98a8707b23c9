/// What is known about a user (id, country, app version, counters…), against which conditions are evaluated.
///
/// Values may be nested; a dotted path such as `"father.age"` reaches into objects, and a numeric part such as
/// `"tags.0"` into arrays, as in GrowthBook (`"tags.length"` is the length of an array).
public struct Attributes: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
    /// The top-level attributes by name.
    public var values: [String: JSONValue]

    /// Creates attributes from their top-level values.
    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    /// Creates attributes from a dictionary literal; when a name appears twice, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Decodes attributes from a JSON object.
    public init(from decoder: any Decoder) throws {
        self.values = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    /// Encodes the attributes as a JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// The top-level attribute `name`, read and written as is (a dot in `name` is part of the name).
    public subscript(name: String) -> JSONValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The attributes as one JSON object.
    package var json: JSONValue { .object(values) }

    /// The value at a dotted path (`"father.age"`), or `nil` when some part of the path is missing.
    ///
    /// The path is always split at dots, as GrowthBook's `getPath` does.
    package func value(atPath path: String) -> JSONValue? {
        JSONValue.object(values).value(atPathParts: AttributePath.split(path))
    }
}

/// Splitting of dotted attribute paths.
enum AttributePath {
    /// The parts of a dotted path; empty parts are kept (`"a..b"` has three parts), as in JavaScript.
    static func split(_ path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

extension JSONValue {
    /// Follows the parts of a path through objects (by key) and arrays (by canonical index, or `length`).
    func value(atPathParts parts: [String]) -> JSONValue? {
        var current = self
        for part in parts {
            switch current {
            case .object(let members):
                guard let next = members[part] else { return nil }
                current = next
            case .array(let elements):
                if part == "length" {
                    current = .number(Double(elements.count))
                } else if let index = Self.canonicalIndex(part), index < elements.count {
                    current = elements[index]
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return current
    }

    private static func canonicalIndex(_ part: String) -> Int? {
        guard let index = Int(part), index >= 0, String(index) == part else { return nil }
        return index
    }
}
