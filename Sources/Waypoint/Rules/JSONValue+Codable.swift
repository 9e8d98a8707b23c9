import Foundation

extension JSONValue: Codable {
    /// Decodes any JSON value, keeping booleans and numbers apart.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value; a number without a fractional part is written without one (`1`, not `1.0`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let integer = Int64(exactly: value) {
                try container.encode(integer)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses JSON text (UTF-8); any value may be at the top level.
    public init(parsing data: Data) throws(JSONParseError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw JSONParseError(reason: Self.reason(context.underlyingError, fallback: context.debugDescription))
        } catch {
            throw JSONParseError(reason: String(describing: error))
        }
    }

    /// Parses JSON text; any value may be at the top level.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// The value as compact JSON text, with the keys of objects sorted.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private static func reason(_ underlying: (any Error)?, fallback: String) -> String {
        guard let underlying else { return fallback }
        let nsError = underlying as NSError
        if let description = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return description }
        return fallback
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JavaScript.numberToString(value)
        case .string(let value): JSONString.append(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSONString.append(key, to: &output)
                output += ":"
                members[key]?.write(to: &output)
            }
            output += "}"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text (see ``jsonText``).
    public var description: String { jsonText }
}

/// JSON text that could not be parsed, with the parser's explanation.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser found wrong, in its own words.
    public let reason: String

    init(reason: String) { self.reason = reason }

    public var description: String {
        "The text is not valid JSON: \(reason). Check it with a JSON validator; strings need double quotes and no trailing commas are allowed."
    }
}
