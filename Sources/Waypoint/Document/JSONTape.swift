/// A parsed JSON text as a flat list of nodes in document order, each with its byte offset in the text.
///
/// A container's children follow it directly; ``Node/end`` is the index just past its last descendant, so a
/// subtree is skipped in one step and nothing is recursive. An object's children alternate key (a string
/// node) and value. Strings and numbers are not converted while parsing: they are read from the text when
/// a validator asks for them, so a large document costs one pass and one array.
struct JSONTape: Sendable {
    /// The kinds of nodes.
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One value (or key) of the text.
    struct Node: Sendable {
        /// What the node is.
        var kind: Kind
        /// For `bool`, 1 for `true`; for `string`, 1 when it contains escapes; for `number`, 1 when it has a
        /// fraction or an exponent.
        var flag: UInt8
        /// The offset of the node's first byte (the quote of a string, the bracket of a container).
        var offset: UInt32
        /// For scalars, the length of the token in bytes (with the quotes of a string); for containers,
        /// the number of elements or members.
        var length: UInt32
        /// The index of the node after this one and its descendants.
        var end: UInt32
    }

    /// The text, as UTF-8 bytes.
    let bytes: [UInt8]
    /// The nodes, in document order; the root is at index 0.
    let nodes: [Node]

    /// The node at `index`.
    @inline(__always)
    subscript(index: Int) -> Node { nodes[index] }

    /// The kind of the node at `index`.
    @inline(__always)
    func kind(_ index: Int) -> Kind { nodes[index].kind }

    /// The index of the first child of the container at `index`.
    @inline(__always)
    func firstChild(_ index: Int) -> Int { index + 1 }

    /// The index of the node after the subtree at `index`.
    @inline(__always)
    func next(_ index: Int) -> Int { Int(nodes[index].end) }

    /// The indices of an array's elements.
    func elements(_ index: Int) -> [Int] {
        var result: [Int] = []
        let count = Int(nodes[index].length)
        result.reserveCapacity(count)
        var child = index + 1
        for _ in 0..<count {
            result.append(child)
            child = Int(nodes[child].end)
        }
        return result
    }

    /// Calls `body` with the index of each key and value of the object at `index`, in document order.
    @inline(__always)
    func forEachMember(_ index: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
        let count = Int(nodes[index].length)
        var child = index + 1
        for _ in 0..<count {
            let value = child + 1
            body(child, value)
            child = Int(nodes[value].end)
        }
    }

    /// The value of the member `key` of the object at `index`, if present (the first one if repeated).
    ///
    /// Keys are compared with `key` in the text, without making strings of them.
    func member(_ index: Int, _ key: String) -> Int? {
        guard nodes[index].kind == .object else { return nil }
        var text = key
        return text.withUTF8 { utf8 in
            var child = index + 1
            for _ in 0..<Int(nodes[index].length) {
                if string(child, equals: key, utf8: utf8) { return child + 1 }
                child = Int(nodes[child + 1].end)
            }
            return nil
        }
    }

    /// The `position`-th element of the array at `index`, if present.
    func element(_ index: Int, _ position: Int) -> Int? {
        guard nodes[index].kind == .array, position >= 0, position < Int(nodes[index].length) else { return nil }
        var child = index + 1
        for _ in 0..<position { child = Int(nodes[child].end) }
        return child
    }

    /// Whether the string node at `index` has exactly the bytes of `literal` (without escapes).
    @inline(__always)
    func stringEquals(_ index: Int, _ literal: StaticString) -> Bool {
        let node = nodes[index]
        guard node.flag == 0, Int(node.length) - 2 == literal.utf8CodeUnitCount else { return false }
        let start = Int(node.offset) + 1
        let pointer = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount where bytes[start + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// Whether the string nodes `first` and `second` decode to equal strings; `secondText` is the
    /// decoded text of `second`.
    func stringsEqual(_ first: Int, _ second: Int, secondText: String) -> Bool {
        let node = nodes[second]
        guard node.flag == 0 else { return string(first) == secondText }
        return bytes.withUnsafeBufferPointer { buffer in
            let contents = buffer[(Int(node.offset) + 1)..<(Int(node.offset) + Int(node.length) - 1)]
            return string(first, equals: secondText, utf8: UnsafeBufferPointer(rebasing: contents))
        }
    }

    /// Whether the string node at `index` decodes to `text`, whose UTF-8 bytes are `utf8`.
    ///
    /// A string without escapes is compared byte by byte; only when the bytes differ and are not
    /// all ASCII is it compared as a string (by canonical equivalence: `é` can be written two ways).
    func string(_ index: Int, equals text: String, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[index]
        guard node.flag == 0 else { return string(index) == text }
        let plain: Bool? = bytes.withUnsafeBufferPointer { buffer in
            let start = Int(node.offset) + 1
            let count = Int(node.length) - 2
            if count == utf8.count {
                var offset = 0
                while offset < count, buffer[start + offset] == utf8[offset] { offset += 1 }
                if offset == count { return true }
            }
            for position in start..<(start + count) where buffer[position] >= 0x80 { return nil }
            for byte in utf8 where byte >= 0x80 { return nil }
            return false
        }
        return plain ?? (string(index) == text)
    }

    /// The decoded value of the string node at `index`.
    func string(_ index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.offset) + 1
        let end = Int(node.offset) + Int(node.length) - 1
        guard node.flag != 0 else {
            return bytes.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            }
        }
        return JSONTape.unescape(bytes, from: start, to: end)
    }

    /// The text of the token at `index`, as written (numbers, literals).
    func tokenText(_ index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.offset)
        let end = start + Int(node.length)
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// The number node at `index` as a `Double` (infinite when out of range).
    func double(_ index: Int) -> Double {
        if let integer = integer(index) { return Double(integer) }
        return Double(tokenText(index)) ?? .nan
    }

    /// The number node at `index` as an `Int`, when it is written without a fraction or exponent and fits.
    func integer(_ index: Int) -> Int? {
        let node = nodes[index]
        guard node.kind == .number, node.flag == 0 else { return nil }
        var position = Int(node.offset)
        let end = position + Int(node.length)
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0
        while position < end {
            let digit = Int(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = added
            position += 1
        }
        return value
    }

    /// The node at `index` and its descendants as a ``JSONValue``, with the duplicate keys found on the way
    /// (node indices of the repeated keys, in document order; the last value wins, as in `JSONSerialization`).
    func value(_ index: Int, duplicateKeys: inout [Int]) -> JSONValue {
        // Not recursive: nodes are converted from the last to the first, so that every child is ready
        // before its container, whatever the depth.
        let end = Int(nodes[index].end)
        var values = [JSONValue?](repeating: nil, count: end - index)
        var duplicates: [Int] = []
        var current = end - 1
        while current >= index {
            let node = nodes[current]
            let value: JSONValue
            switch node.kind {
            case .null: value = .null
            case .bool: value = .bool(node.flag != 0)
            case .number: value = .number(double(current))
            case .string: value = .string(string(current))
            case .array:
                var elements: [JSONValue] = []
                elements.reserveCapacity(Int(node.length))
                var child = current + 1
                for _ in 0..<Int(node.length) {
                    elements.append(values[child - index] ?? .null)
                    values[child - index] = nil
                    child = Int(nodes[child].end)
                }
                value = .array(elements)
            case .object:
                var members: [String: JSONValue] = [:]
                members.reserveCapacity(Int(node.length))
                forEachMember(current) { key, member in
                    let name = values[key - index]?.stringValue ?? string(key)
                    if members.updateValue(values[member - index] ?? .null, forKey: name) != nil {
                        duplicates.append(key)
                    }
                    values[key - index] = nil
                    values[member - index] = nil
                }
                value = .object(members)
            }
            values[current - index] = value
            current -= 1
        }
        duplicateKeys.append(contentsOf: duplicates.sorted())
        return values[0] ?? .null
    }

    /// Decodes the escapes of a string's contents (already checked by the parser).
    static func unescape(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var position = start
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 {
                guard at + offset < end else { return value }
                value = value << 4 | UInt32(JSONTapeParser.hexValue(bytes[at + offset]) ?? 0)
            }
            return value
        }
        func append(_ scalar: UInt32) {
            let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(value)).utf8))
        }
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < end else {
                output.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                let first = hex(position)
                position += 4
                if (0xD800...0xDBFF).contains(first), position + 6 <= end,
                   bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let second = hex(position + 2)
                    if (0xDC00...0xDFFF).contains(second) {
                        position += 6
                        append(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                        continue
                    }
                }
                append(first)
            default: output.append(escaped)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
