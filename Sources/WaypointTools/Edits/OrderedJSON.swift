import Foundation
import Waypoint

/// A JSON value that keeps its members in order and its numbers as written: what an edit's fragments
/// are read into (an edit's `on` keeps the order of its outcomes) and what ``CanonicalDocument`` writes.
enum OrderedJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as its JSON text (`0.5`, `1`, `1e-7`).
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([Member])

    /// A member of an object.
    struct Member: Sendable, Hashable {
        let key: String
        let value: OrderedJSON
    }

    /// An object from `members`, in their order.
    static func object(_ members: [(String, OrderedJSON)]) -> OrderedJSON {
        .object(members.map { Member(key: $0.0, value: $0.1) })
    }

    /// `{}`.
    static let emptyObject = OrderedJSON.object([Member]())

    /// A number written as JavaScript writes it (`1`, `0.5`, `1e-7`), as Waypoint writes numbers everywhere.
    static func number(_ value: Double) -> OrderedJSON {
        .number(JavaScript.numberToString(value))
    }

    /// The value of member `key`, for an object.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object, in order; empty for any other value.
    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// The string, for a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// "a string", "a number", "an object"… for messages.
    var kindDescription: String {
        switch self {
        case .null: "`null`"
        case .bool(let value): "`\(value)`"
        case .number(let text): "the number `\(text)`"
        case .string(let text): "the string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The object with member `key` set to `value` (replaced in place, or added at the end).
    func setting(_ key: String, to value: OrderedJSON) -> OrderedJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index] = Member(key: key, value: value)
        } else {
            members.append(Member(key: key, value: value))
        }
        return .object(members)
    }

    /// The value as a ``JSONValue`` (numbers as doubles, members unordered).
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text): .number(Double(text) ?? .nan)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members): .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }) { first, _ in first })
        }
    }

    /// The value from a ``JSONValue``, object keys sorted.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(OrderedJSON.init))
        case .object(let members): self = .object(members.keys.sorted().map { Member(key: $0, value: OrderedJSON(members[$0]!)) })
        }
    }

    // MARK: Writing

    /// The value as text: 2-space indentation, one member or element per line, `"key": value`; empty
    /// arrays and objects as `[]` and `{}`. Slashes and non-ASCII characters are written as they are.
    func text(indent: Int = 0) -> String {
        var output = ""
        write(into: &output, indent: indent)
        return output
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                element.write(into: &output, indent: indent + 2)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(member.key, into: &output)
                output += ": "
                member.value.write(into: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    // MARK: Reading

    /// Why a text is not JSON: the problem and the byte offset where it was found.
    struct ParseError: Error, Sendable, Hashable {
        let message: String
        let offset: Int
    }

    /// Reads JSON text (UTF-8), keeping members in order and numbers as written.
    ///
    /// - Throws: ``ParseError`` for text that is not one JSON value, nests deeper than 64 levels, or has
    ///   an object with the same key twice.
    init(parsing bytes: [UInt8]) throws(ParseError) {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw ParseError(message: "unexpected text after the JSON value", offset: parser.position) }
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        func fail(_ message: String) -> ParseError { ParseError(message: message, offset: position) }

        mutating func expect(_ literal: String, _ value: OrderedJSON) throws(ParseError) -> OrderedJSON {
            let expected = Array(literal.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw fail("expected a JSON value")
            }
            position += expected.count
            return value
        }

        mutating func value(depth: Int) throws(ParseError) -> OrderedJSON {
            guard depth < 64 else { throw fail("the JSON nests deeper than 64 levels") }
            guard position < bytes.count else { throw fail("the JSON ends where a value is expected") }
            switch bytes[position] {
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                position += 1
                var elements: [OrderedJSON] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array([]) }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard position < bytes.count else { throw fail("the JSON ends inside an array") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected `,` or `]` in an array") }
                    position += 1
                    return .array(elements)
                }
            case UInt8(ascii: "{"):
                position += 1
                var members: [Member] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object([Member]()) }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                    let keyOffset = position
                    let key = try string()
                    guard !members.contains(where: { $0.key == key }) else {
                        throw ParseError(message: "the key \"\(key)\" appears more than once in an object", offset: keyOffset)
                    }
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected `:` after a key") }
                    position += 1
                    skipSpace()
                    members.append(Member(key: key, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard position < bytes.count else { throw fail("the JSON ends inside an object") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected `,` or `}` in an object") }
                    position += 1
                    return .object(members)
                }
            default:
                return .number(try number())
            }
        }

        mutating func number() throws(ParseError) -> String {
            let start = position
            func digits() -> Int {
                let begin = position
                while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
                return position - begin
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
                position = start
                throw fail("expected a JSON value")
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw fail("expected digits after `.` in a number") }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent of a number") }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var run = position
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                guard byte >= 0x20 else { throw fail("a control character inside a string; write it escaped, such as \\n") }
                guard byte == UInt8(ascii: "\\") else { position += 1; continue }
                flush(position)
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                       bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("an unpaired surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("an unpaired surrogate in a \\u escape") }
                    scalars.append(scalar)
                default:
                    throw fail("an unknown escape in a string")
                }
                run = position
            }
            throw fail("the JSON ends inside a string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard bytes.count - position >= 4, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw fail("expected 4 hexadecimal digits after \\u") }
            position += 4
            return value
        }
    }
}
