/// Parses JSON text (RFC 8259, UTF-8) into a ``JSONTape``, or stops at the first syntax error with its offset.
///
/// Not recursive: open containers are kept on an explicit stack, limited to ``maximumDepth`` levels, so no
/// input can exhaust the call stack. Strings are checked completely (UTF-8, escapes, surrogate pairs,
/// control characters) so that reading them later cannot fail. A UTF-8 byte order mark at the start is skipped.
struct JSONTapeParser {
    /// How deeply arrays and objects may nest.
    static let maximumDepth = 512
    /// The largest text accepted, in bytes (offsets are stored in 32 bits).
    static let maximumLength = Int(Int32.max)

    /// A syntax error: where, what, and which diagnostic code.
    struct Failure: Error, Sendable {
        /// The byte offset of the problem.
        let offset: Int
        /// What is wrong, for people.
        let message: String
        /// The diagnostic code (`syntax` or `too-deep`).
        let code: DiagnosticCode
    }

    private let bytes: [UInt8]
    /// The same bytes, read while parsing.
    private let buffer: UnsafeBufferPointer<UInt8>
    private var nodes: [JSONTape.Node] = []
    /// Open containers: node index; whether it is an object.
    private var stack: [(node: Int, isObject: Bool)] = []

    /// Parses `bytes`.
    static func parse(_ bytes: [UInt8]) -> Result<JSONTape, Failure> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONTapeParser(bytes: bytes, buffer: buffer)
            parser.nodes.reserveCapacity(bytes.count / 12 + 8)
            parser.stack.reserveCapacity(32)
            do throws(Failure) {
                try parser.run()
                return .success(JSONTape(bytes: bytes, nodes: parser.nodes))
            } catch {
                return .failure(error)
            }
        }
    }

    private init(bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.buffer = buffer
    }

    // The reading position is a local variable of `run()`, passed to the scanners: state that
    // closures or nested functions captured would have every access checked at run time.
    private mutating func run() throws(Failure) {
        guard buffer.count <= Self.maximumLength else {
            throw Failure(offset: 0, message: "the file is larger than 2 GB; split it", code: .syntax)
        }
        let buffer = self.buffer
        let count = buffer.count
        var position = 0
        if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
        var afterComma = false
        parsing: while true {
            // A value is expected here.
            skipWhitespace(&position)
            let trailingComma = afterComma
            afterComma = false
            guard position < count else {
                throw Failure(offset: position, message: "unexpected end of file; expected a value\(openedAt())", code: .syntax)
            }
            let byte = buffer[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < Self.maximumDepth else {
                    throw Failure(
                        offset: position,
                        message: "arrays and objects are nested more than \(Self.maximumDepth) levels deep; flatten the document",
                        code: .tooDeep)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append((nodes.count, isObject))
                nodes.append(JSONTape.Node(kind: isObject ? .object : .array, flag: 0, offset: UInt32(position), length: 0, end: 0))
                position += 1
                skipWhitespace(&position)
                if position < count, buffer[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    let closed = stack.removeLast()
                    nodes[closed.node].end = UInt32(nodes.count)
                } else if isObject {
                    try expectKey(&position)
                    continue parsing
                } else {
                    continue parsing
                }
            case UInt8(ascii: "\""):
                try scanString(buffer, &position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber(buffer, &position)
            case UInt8(ascii: "t"):
                try scanLiteral(buffer, &position, "true", kind: .bool, flag: 1)
            case UInt8(ascii: "f"):
                try scanLiteral(buffer, &position, "false", kind: .bool, flag: 0)
            case UInt8(ascii: "n"):
                try scanLiteral(buffer, &position, "null", kind: .null, flag: 0)
            case UInt8(ascii: "]") where trailingComma:
                throw Failure(offset: position, message: "a trailing comma is not allowed before `]`", code: .syntax)
            default:
                throw Failure(
                    offset: position,
                    message: "expected a value (a string in double quotes, a number, true, false, null, an object or an array), found \(Self.describe(buffer, at: position))",
                    code: .syntax)
            }
            // After a value: close containers, or move on to the next element or member.
            while true {
                guard let top = stack.last else {
                    skipWhitespace(&position)
                    guard position >= count else {
                        throw Failure(offset: position, message: "unexpected \(Self.describe(buffer, at: position)) after the end of the document", code: .syntax)
                    }
                    break parsing
                }
                nodes[top.node].length += 1
                skipWhitespace(&position)
                guard position < count else {
                    let expected = top.isObject ? "`,` or `}`" : "`,` or `]`"
                    throw Failure(offset: position, message: "unexpected end of file; expected \(expected)\(openedAt())", code: .syntax)
                }
                let separator = buffer[position]
                if separator == UInt8(ascii: ",") {
                    position += 1
                    afterComma = !top.isObject
                    if top.isObject { try expectKey(&position) }
                    continue parsing
                }
                if separator == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    nodes[top.node].end = UInt32(nodes.count)
                    continue
                }
                let expected = top.isObject ? "`,` or `}` after a member of the object" : "`,` or `]` after an element of the array"
                throw Failure(offset: position, message: "expected \(expected), found \(Self.describe(buffer, at: position))", code: .syntax)
            }
        }
    }

    @inline(__always)
    private func skipWhitespace(_ position: inout Int) {
        let count = buffer.count
        while position < count {
            let byte = buffer[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Where an unterminated container was opened, for the end-of-file message.
    private func openedAt() -> String {
        guard let last = stack.last else { return "" }
        let offset = Int(nodes[last.node].offset)
        let location = SourceText.location(of: offset, in: bytes)
        let what = last.isObject ? "the object" : "the array"
        return "; \(what) opened at line \(location.line), column \(location.column) is not closed"
    }

    /// Reads a key and the `:` after it.
    private mutating func expectKey(_ position: inout Int) throws(Failure) {
        let buffer = self.buffer
        let count = buffer.count
        skipWhitespace(&position)
        guard position < count else {
            throw Failure(offset: position, message: "unexpected end of file; expected a key in double quotes\(openedAt())", code: .syntax)
        }
        guard buffer[position] == UInt8(ascii: "\"") else {
            if buffer[position] == UInt8(ascii: "}") {
                throw Failure(offset: position, message: "a trailing comma is not allowed before `}`", code: .syntax)
            }
            throw Failure(offset: position, message: "expected a key in double quotes, found \(Self.describe(buffer, at: position))", code: .syntax)
        }
        try scanString(buffer, &position)
        skipWhitespace(&position)
        guard position < count else {
            throw Failure(offset: position, message: "unexpected end of file; expected `:` after the key\(openedAt())", code: .syntax)
        }
        guard buffer[position] == UInt8(ascii: ":") else {
            throw Failure(offset: position, message: "expected `:` after the key, found \(Self.describe(buffer, at: position))", code: .syntax)
        }
        position += 1
    }

    /// Scans a string starting at its opening quote, checking escapes and UTF-8, and appends its node.
    private mutating func scanString(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(Failure) {
        let start = position
        let count = buffer.count
        var escaped: UInt8 = 0
        position += 1
        while true {
            // Fast path over plain ASCII.
            while position < count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                position += 1
            }
            guard position < count else {
                throw Failure(offset: start, message: "the string that starts here is not closed; add the closing `\"`", code: .syntax)
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                nodes.append(JSONTape.Node(kind: .string, flag: escaped, offset: UInt32(start), length: UInt32(position - start), end: UInt32(nodes.count + 1)))
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = 1
                try scanEscape(buffer, &position)
            } else if byte < 0x20 {
                let message = byte == 0x0A
                    ? "the string that starts at line \(SourceText.location(of: start, in: Array(buffer)).line) is not closed before the end of the line; add the closing `\"` (write a line break in a string as \\n)"
                    : "control character U+\(Self.hex4(UInt32(byte))) must be escaped in a string (write it as \\u\(Self.hex4(UInt32(byte))))"
                throw Failure(offset: position, message: message, code: .syntax)
            } else {
                try scanUTF8(buffer, &position)
            }
        }
    }

    private func scanEscape(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(Failure) {
        let count = buffer.count
        let start = position
        guard position + 1 < count else {
            throw Failure(offset: start, message: "unexpected end of file in an escape sequence", code: .syntax)
        }
        let kind = buffer[position + 1]
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let first = try hexQuad(buffer, at: position + 2, escapeStart: start)
            position += 6
            if (0xDC00...0xDFFF).contains(first) {
                throw Failure(offset: start, message: "\\u\(Self.hex4(first)) is the second half of a surrogate pair without a first half", code: .syntax)
            }
            if (0xD800...0xDBFF).contains(first) {
                guard position + 1 < count, buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u") else {
                    throw Failure(offset: start, message: "\\u\(Self.hex4(first)) is the first half of a surrogate pair; it must be followed by \\uDC00…\\uDFFF", code: .syntax)
                }
                let second = try hexQuad(buffer, at: position + 2, escapeStart: position)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw Failure(offset: start, message: "\\u\(Self.hex4(first)) is the first half of a surrogate pair; it must be followed by \\uDC00…\\uDFFF", code: .syntax)
                }
                position += 6
            }
        default:
            throw Failure(
                offset: start,
                message: "invalid escape \(Self.describe(buffer, at: position + 1, prefix: "\\")); use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX",
                code: .syntax)
        }
    }

    private func hexQuad(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int, escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard position + offset < buffer.count, let digit = Self.hexValue(buffer[position + offset]) else {
                throw Failure(offset: escapeStart, message: "\\u must be followed by four hexadecimal digits", code: .syntax)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Checks one UTF-8 sequence starting with a byte ≥ 0x80 and moves past it.
    private func scanUTF8(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(Failure) {
        let lead = buffer[position]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default:
            throw Failure(offset: position, message: "invalid UTF-8 byte 0x\(Self.hex2(lead)); save the file as UTF-8", code: .syntax)
        }
        guard position + length <= buffer.count else {
            throw Failure(offset: position, message: "incomplete UTF-8 sequence at the end of the file; save the file as UTF-8", code: .syntax)
        }
        for offset in 1..<length {
            let byte = buffer[position + offset]
            guard byte & 0xC0 == 0x80 else {
                throw Failure(offset: position, message: "invalid UTF-8 sequence (byte 0x\(Self.hex2(byte)) cannot continue it); save the file as UTF-8", code: .syntax)
            }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw Failure(offset: position, message: "invalid UTF-8 sequence (overlong, surrogate or out of range); save the file as UTF-8", code: .syntax)
        }
        position += length
    }

    /// Scans a number (RFC 8259 grammar) and appends its node.
    private mutating func scanNumber(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(Failure) {
        let start = position
        let count = buffer.count
        var fractional: UInt8 = 0
        @inline(__always) func isDigit(_ at: Int) -> Bool {
            at < count && buffer[at] >= UInt8(ascii: "0") && buffer[at] <= UInt8(ascii: "9")
        }
        if buffer[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else {
            throw Failure(offset: start, message: "a digit must follow the minus sign", code: .syntax)
        }
        if buffer[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) {
                throw Failure(offset: start, message: "numbers may not have leading zeros", code: .syntax)
            }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < count, buffer[position] == UInt8(ascii: ".") {
            fractional = 1
            position += 1
            guard isDigit(position) else {
                throw Failure(offset: start, message: "a digit must follow the decimal point", code: .syntax)
            }
            while isDigit(position) { position += 1 }
        }
        if position < count, buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E") {
            fractional = 1
            position += 1
            if position < count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else {
                throw Failure(offset: start, message: "a digit must follow the exponent mark", code: .syntax)
            }
            while isDigit(position) { position += 1 }
        }
        nodes.append(JSONTape.Node(kind: .number, flag: fractional, offset: UInt32(start), length: UInt32(position - start), end: UInt32(nodes.count + 1)))
    }

    private mutating func scanLiteral(
        _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ literal: StaticString, kind: JSONTape.Kind, flag: UInt8
    ) throws(Failure) {
        let length = literal.utf8CodeUnitCount
        let pointer = literal.utf8Start
        var matches = position + length <= buffer.count
        if matches {
            for offset in 0..<length where buffer[position + offset] != pointer[offset] {
                matches = false
                break
            }
        }
        // The literal must not run on into letters (`nullx`, `trueish`).
        if matches, position + length < buffer.count, Self.isWordByte(buffer[position + length]) { matches = false }
        guard matches else {
            var end = position
            while end < buffer.count, end - position < 20, Self.isWordByte(buffer[end]) { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<max(end, position + 1)]), as: UTF8.self)
            throw Failure(offset: position, message: "`\(word)` is not a JSON value; use true, false or null, and put strings in double quotes", code: .syntax)
        }
        nodes.append(JSONTape.Node(kind: kind, flag: flag, offset: UInt32(position), length: UInt32(length), end: UInt32(nodes.count + 1)))
        position += length
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex2(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func hex4(_ value: UInt32) -> String {
        hex2(UInt8(truncatingIfNeeded: value >> 8)) + hex2(UInt8(truncatingIfNeeded: value))
    }

    /// Describes what is at `position` for a message: a character in backticks, or a byte that is not text.
    private static func describe(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int, prefix: String = "") -> String {
        guard position < buffer.count else { return "the end of the file" }
        let byte = buffer[position]
        switch byte {
        case 0x00: return "a NUL byte"
        case 0x01..<0x20, 0x7F: return "control character U+\(hex4(UInt32(byte)))"
        case 0x20..<0x7F:
            let character = String(UnicodeScalar(byte))
            return character == "`" ? "``` ` ```" : "`\(prefix)\(character)`"
        default:
            // A multi-byte character, when it is valid UTF-8; the byte otherwise.
            let end = min(buffer.count, position + 4)
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: buffer[position..<end]).makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                return "`\(prefix)\(Character(scalar))`"
            }
            return "the byte 0x\(hex2(byte)), which is not valid UTF-8"
        }
    }
}
