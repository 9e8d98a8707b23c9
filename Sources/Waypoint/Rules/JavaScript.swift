/// The JavaScript conversions and comparisons that GrowthBook's reference SDK relies on, over ``JSONValue``.
///
/// GrowthBook's conformance cases are defined by its JavaScript SDK, so `"8" > 5` is true, a missing attribute
/// compares as `0`, and `{"name": "null"}` matches a missing name. These helpers reproduce the language rules
/// (ECMAScript ToString, ToNumber, ToBoolean, strict equality and the relational comparison) for JSON values.
package enum JavaScript {
    /// ECMAScript ToBoolean.
    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let string): !string.isEmpty
        case .array, .object: true
        }
    }

    /// ECMAScript ToString (arrays join their elements with commas, objects become `[object Object]`).
    static func toString(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): numberToString(number)
        case .string(let string): string
        case .array(let elements): elements.map(joinedElement).joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    private static func joinedElement(_ element: JSONValue) -> String {
        element.isNull ? "" : toString(element)
    }

    /// ECMAScript ToNumber.
    static func toNumber(_ value: JSONValue) -> Double {
        switch value {
        case .null: 0
        case .bool(let flag): flag ? 1 : 0
        case .number(let number): number
        case .string(let string): stringToNumber(string)
        case .array: stringToNumber(toString(value))
        case .object: .nan
        }
    }

    /// ECMAScript strict equality (`===`): arrays and objects are never equal, being distinct references.
    static func strictlyEquals(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.utf16.elementsEqual(b.utf16)
        default: false
        }
    }

    /// Structural equality as `JSON.stringify(a) === JSON.stringify(b)` decides it, except that object keys
    /// are compared regardless of order.
    static func serializesEqually(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.utf16.elementsEqual(b.utf16)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { serializesEqually($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], serializesEqually(value, other) else { return false }
            }
            return true
        default: return false
        }
    }

    /// ECMAScript's abstract relational comparison `lhs < rhs`: `nil` stands for `undefined` (a NaN was involved).
    static func lessThan(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        let left = primitive(lhs)
        let right = primitive(rhs)
        if case .string(let a) = left, case .string(let b) = right {
            return a.utf16.lexicographicallyPrecedes(b.utf16)
        }
        let x = toNumber(left)
        let y = toNumber(right)
        if x.isNaN || y.isNaN { return nil }
        return x < y
    }

    /// `lhs < rhs`.
    static func less(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool { lessThan(lhs, rhs) == true }
    /// `lhs > rhs`.
    static func greater(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool { lessThan(rhs, lhs) == true }
    /// `lhs <= rhs`: true when `rhs < lhs` is false (not when it is undefined).
    static func lessOrEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool { lessThan(rhs, lhs) == false }
    /// `lhs >= rhs`: true when `lhs < rhs` is false (not when it is undefined).
    static func greaterOrEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool { lessThan(lhs, rhs) == false }

    private static func primitive(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array, .object: .string(toString(value))
        default: value
        }
    }

    /// ECMAScript StringToNumber: surrounding white space is ignored, an empty string is 0, `0x`/`0o`/`0b`
    /// prefixes and `Infinity` are accepted, anything else that is not a decimal literal is NaN.
    static func stringToNumber(_ string: String) -> Double {
        let trimmed = trimWhiteSpace(string)
        if trimmed.isEmpty { return 0 }
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let scalars = Array(trimmed.unicodeScalars)
        if scalars.count > 2, scalars[0] == "0" {
            let radix: Int? = switch scalars[1] {
            case "x", "X": 16
            case "o", "O": 8
            case "b", "B": 2
            default: nil
            }
            if let radix {
                var result = 0.0
                for scalar in scalars.dropFirst(2) {
                    guard let digit = Int(String(scalar), radix: radix) else { return .nan }
                    result = result * Double(radix) + Double(digit)
                }
                return result
            }
        }
        guard let normalized = decimalLiteral(scalars) else { return .nan }
        return Double(normalized) ?? .nan
    }

    /// Validates an ECMAScript StrDecimalLiteral and rewrites it in a form `Double.init` accepts.
    private static func decimalLiteral(_ scalars: [Unicode.Scalar]) -> String? {
        var index = 0
        var sign = ""
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
            sign = scalars[index] == "-" ? "-" : ""
            index += 1
        }
        func digits() -> String {
            var result = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
            return result
        }
        let integerPart = digits()
        var fractionPart = ""
        if index < scalars.count, scalars[index] == "." {
            index += 1
            fractionPart = digits()
        }
        guard !integerPart.isEmpty || !fractionPart.isEmpty else { return nil }
        var exponent = ""
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            var exponentSign = ""
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                exponentSign = String(scalars[index])
                index += 1
            }
            let exponentDigits = digits()
            guard !exponentDigits.isEmpty else { return nil }
            exponent = "e" + exponentSign + exponentDigits
        }
        guard index == scalars.count else { return nil }
        return sign + (integerPart.isEmpty ? "0" : integerPart) + "." + (fractionPart.isEmpty ? "0" : fractionPart) + exponent
    }

    private static func trimWhiteSpace(_ string: String) -> String {
        let scalars = string.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
                 0x3000, 0xFEFF:
                true
            default: false
            }
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// ECMAScript Number::toString: the shortest digits that round-trip, in plain notation from 1e-6 up to
    /// 1e21 and in exponent notation (`1e-7`, `1.5e+21`) outside it.
    package static func numberToString(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        let sign = number < 0 ? "-" : ""
        // Swift's description also prints the shortest round-tripping digits; only the layout differs.
        let text = abs(number).description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerDigits = String(pieces[0])
        let fractionDigits = pieces.count > 1 ? String(pieces[1]) : ""
        var digits = Array(integerDigits + fractionDigits)
        var pointPosition = integerDigits.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let k = digits.count
        let n = pointPosition
        let all = String(digits)
        if k <= n && n <= 21 {
            return sign + all + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return sign + String(digits[0..<n]) + "." + String(digits[n...])
        }
        if -6 < n && n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + all
        }
        let exponentText = (n - 1 >= 0 ? "+" : "-") + String(abs(n - 1))
        if k == 1 { return sign + all + "e" + exponentText }
        return sign + String(digits[0]) + "." + String(digits[1...]) + "e" + exponentText
    }
}
