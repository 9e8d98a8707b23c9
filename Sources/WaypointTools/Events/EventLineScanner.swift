import Foundation
import Waypoint

/// A hand-written scanner for one JSON Lines event, fast enough for hundreds of megabytes.
///
/// It checks the whole line is one well-formed JSON object (strings with valid escapes and valid
/// UTF-8, numbers, literals, nested values) and that the event's fields have the types
/// `OnboardingEvent` requires, and it records where the few fields the reports need are,
/// without building any `String`. A line is valid exactly when it is such an object with string
/// `messageId`, `userId`, `event` and an ISO 8601 `timestamp`, whose other known fields are
/// strings or integers as `OnboardingEvent` declares (or `null`; `revision` an integer), and which, for a
/// `Step Viewed` event, has a `flowId` and a `stepId`.
struct EventLineScanner {
    /// Where a string value is in the line.
    struct Field {
        var start = -1
        var count = 0
        /// Whether the raw text contains escapes (then it must be decoded before use).
        var escaped = false

        var isPresent: Bool { start >= 0 }

        /// Whether the field's value, escapes decoded, is `bytes`; `p` is the line it was scanned from.
        @inline(__always)
        func equals(_ bytes: [UInt8], in p: UnsafePointer<UInt8>) -> Bool {
            if escaped { return EventLineScanner.decode(self, in: p) == bytes }
            guard count == bytes.count else { return false }
            return bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return count == 0 }
                return memcmp(base, p + start, count) == 0
            }
        }

        /// The field's value's number in `table` (escapes decoded), inserting it; `p` is the line
        /// it was scanned from.
        @inline(__always)
        func intern(in table: inout ByteStringTable, _ p: UnsafePointer<UInt8>, insert: Bool = true) -> Int? {
            escaped
                ? table.index(of: EventLineScanner.decode(self, in: p), insert: insert)
                : table.index(of: p + start, count: count, insert: insert)
        }
    }

    /// The fields the reports read (the funnel, the walkthrough report, and the revision preview).
    struct Fields {
        var event = Field()
        var userID = Field()
        var flowID = Field()
        var stepID = Field()
        var variation = Field()
        var experiment = Field()
        var outcome = Field()
        var walkthroughID = Field()
        var trigger = Field()
        var appVersion = Field()
        /// The locale the run's text was shown in (`locale`).
        var locale = Field()
        /// The platform the app ran on (`platform`).
        var platform = Field()
        var timestamp: Int64 = 0
        var stepIndex: Int64?
        var durationMs: Int64?
        /// The document revision the app ran the flow or walkthrough from (`revision`), if given.
        var revision: Int64?
    }

    private enum Key {
        case requiredString, optionalString, optionalInteger, other
        case event, userID, flowID, stepID, variation, experiment, outcome, timestamp, stepIndex, durationMs, revision
        case walkthroughID, trigger, appVersion, locale, platform
    }

    private let p: UnsafePointer<UInt8>
    private let end: Int
    private var i = 0

    private init(_ p: UnsafePointer<UInt8>, count: Int) {
        self.p = p
        self.end = count
    }

    /// Scans the line of `count` bytes at `p` (without its newline); `nil` when it is not a valid event.
    static func scan(_ p: UnsafePointer<UInt8>, count: Int) -> Fields? {
        var scanner = EventLineScanner(p, count: count)
        return scanner.scanObject()
    }

    /// Whether the line holds nothing but whitespace (such lines are neither events nor invalid).
    static func isBlank(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        for index in 0..<count where !isWhitespace(p[index]) { return false }
        return true
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < end, Self.isWhitespace(p[i]) { i += 1 }
    }

    private mutating func scanObject() -> Fields? {
        var fields = Fields()
        var seen: UInt8 = 0  // bits: messageId, userId, event, timestamp
        var timestampField = Field()
        skipWhitespace()
        guard i < end, p[i] == 0x7B else { return nil }
        i += 1
        skipWhitespace()
        guard i < end else { return nil }
        if p[i] == 0x7D {
            return nil  // {} has no fields
        }
        while true {
            guard i < end, p[i] == 0x22, let keyField = scanString() else { return nil }
            skipWhitespace()
            guard i < end, p[i] == 0x3A else { return nil }
            i += 1
            skipWhitespace()
            guard i < end else { return nil }
            let key = classify(keyField)
            let byte = p[i]
            let isNull = byte == 0x6E
            switch key {
            case .other:
                guard skipValue(depth: 0) else { return nil }
            case .optionalInteger, .stepIndex, .durationMs, .revision:
                if isNull {
                    guard literal("null") else { return nil }
                    if key == .stepIndex { fields.stepIndex = nil }
                    if key == .durationMs { fields.durationMs = nil }
                    if key == .revision { fields.revision = nil }
                } else {
                    guard let value = scanInteger() else { return nil }
                    if key == .stepIndex { fields.stepIndex = value }
                    if key == .durationMs { fields.durationMs = value }
                    if key == .revision { fields.revision = value }
                }
            default:
                if isNull {
                    // null is "absent" for optional fields and invalid for required ones.
                    guard literal("null") else { return nil }
                    switch key {
                    case .requiredString, .event, .userID, .timestamp: return nil
                    case .flowID: fields.flowID = Field()
                    case .stepID: fields.stepID = Field()
                    case .variation: fields.variation = Field()
                    case .experiment: fields.experiment = Field()
                    case .outcome: fields.outcome = Field()
                    case .walkthroughID: fields.walkthroughID = Field()
                    case .trigger: fields.trigger = Field()
                    case .appVersion: fields.appVersion = Field()
                    case .locale: fields.locale = Field()
                    case .platform: fields.platform = Field()
                    default: break
                    }
                } else {
                    guard byte == 0x22, let value = scanString() else { return nil }
                    switch key {
                    case .requiredString: seen |= 1
                    case .event: fields.event = value; seen |= 2
                    case .userID: fields.userID = value; seen |= 4
                    case .timestamp: timestampField = value; seen |= 8
                    case .flowID: fields.flowID = value
                    case .stepID: fields.stepID = value
                    case .variation: fields.variation = value
                    case .experiment: fields.experiment = value
                    case .outcome: fields.outcome = value
                    case .walkthroughID: fields.walkthroughID = value
                    case .trigger: fields.trigger = value
                    case .appVersion: fields.appVersion = value
                    case .locale: fields.locale = value
                    case .platform: fields.platform = value
                    default: break
                    }
                }
            }
            skipWhitespace()
            guard i < end else { return nil }
            if p[i] == 0x2C {
                i += 1
                skipWhitespace()
                continue
            }
            guard p[i] == 0x7D else { return nil }
            i += 1
            break
        }
        skipWhitespace()
        guard i == end, seen == 15 else { return nil }
        let parsed: Int64? = timestampField.escaped
            ? Self.decode(timestampField, in: p).withUnsafeBufferPointer(MillisecondTimestamp.parseISO8601)
            : MillisecondTimestamp.parseISO8601(p + timestampField.start, count: timestampField.count)
        guard let timestamp = parsed else { return nil }
        fields.timestamp = timestamp
        if fields.flowEventKind(in: p) == .stepViewed, !fields.flowID.isPresent || !fields.stepID.isPresent { return nil }
        return fields
    }

    private func classify(_ key: Field) -> Key {
        if key.escaped {
            let bytes = Self.decode(key, in: p)
            return bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return .other }
                return Self.classify(base, count: buffer.count)
            }
        }
        return Self.classify(p + key.start, count: key.count)
    }

    @inline(__always)
    private static func equals(_ p: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let other = name.utf8Start
        for index in 0..<count where p[index] != other[index] { return false }
        return true
    }

    private static func classify(_ p: UnsafePointer<UInt8>, count: Int) -> Key {
        switch count {
        case 5:
            if equals(p, count, "event") { return .event }
        case 6:
            if equals(p, count, "userId") { return .userID }
            if equals(p, count, "flowId") { return .flowID }
            if equals(p, count, "stepId") { return .stepID }
            if equals(p, count, "locale") { return .locale }
        case 7:
            if equals(p, count, "trigger") { return .trigger }
            if equals(p, count, "outcome") { return .outcome }
        case 8:
            if equals(p, count, "revision") { return .revision }
            if equals(p, count, "platform") { return .platform }
        case 9:
            if equals(p, count, "timestamp") { return .timestamp }
            if equals(p, count, "messageId") { return .requiredString }
            if equals(p, count, "variation") { return .variation }
            if equals(p, count, "stepIndex") { return .stepIndex }
        case 10:
            if equals(p, count, "experiment") { return .experiment }
            if equals(p, count, "durationMs") { return .durationMs }
            if equals(p, count, "appVersion") { return .appVersion }
        case 11:
            if equals(p, count, "flowVersion") { return .optionalInteger }
        case 13:
            if equals(p, count, "walkthroughId") { return .walkthroughID }
        case 18:
            if equals(p, count, "walkthroughVersion") { return .optionalInteger }
        default:
            break
        }
        return .other
    }

    /// Scans a string starting at the opening quote; checks escapes, control characters and UTF-8.
    @inline(__always)
    private mutating func scanString() -> Field? {
        i += 1
        let start = i
        var escaped = false
        while i < end {
            // Eight plain bytes at a time: none a quote, backslash, control character or non-ASCII.
            while i + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word) | word
                let found = special & high
                if found != 0 {
                    // The lowest flagged byte is exact (borrows only flag bytes above a true match).
                    i += found.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < end else { break }
            let byte = p[i]
            if byte == 0x22 {
                let field = Field(start: start, count: i - start, escaped: escaped)
                i += 1
                return field
            }
            if byte == 0x5C {
                escaped = true
                guard i + 1 < end else { return nil }
                switch p[i + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    i += 2
                case 0x75:
                    guard i + 5 < end else { return nil }
                    for offset in 2...5 where !Self.isHex(p[i + offset]) { return nil }
                    i += 6
                default:
                    return nil
                }
            } else if byte < 0x20 {
                return nil
            } else if byte < 0x80 {
                i += 1
            } else {
                guard let length = validUTF8Sequence() else { return nil }
                i += length
            }
        }
        return nil
    }

    @inline(__always)
    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    /// The length of the valid UTF-8 sequence at `i` (a non-ASCII lead byte), or `nil`.
    private func validUTF8Sequence() -> Int? {
        let lead = p[i]
        @inline(__always) func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + offset < end && p[i + offset] >= low && p[i + offset] <= high
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= end, Self.equals(p + i, count, text) else { return false }
        i += count
        return true
    }

    /// Scans an integer (`-?(0|[1-9][0-9]*)`, fitting in 64 bits).
    private mutating func scanInteger() -> Int64? {
        var negative = false
        if i < end, p[i] == 0x2D {
            negative = true
            i += 1
        }
        let start = i
        var value: Int64 = 0
        while i < end, p[i] &- 0x30 < 10 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(p[i] &- 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            i += 1
        }
        let digits = i - start
        guard digits > 0, !(digits > 1 && p[start] == 0x30) else { return nil }
        if i < end, p[i] == 0x2E || p[i] == 0x65 || p[i] == 0x45 { return nil }
        return negative ? -value : value
    }

    /// Skips any JSON number.
    private mutating func skipNumber() -> Bool {
        if i < end, p[i] == 0x2D { i += 1 }
        let start = i
        while i < end, p[i] &- 0x30 < 10 { i += 1 }
        guard i > start, !(i - start > 1 && p[start] == 0x30) else { return false }
        if i < end, p[i] == 0x2E {
            i += 1
            let fraction = i
            while i < end, p[i] &- 0x30 < 10 { i += 1 }
            guard i > fraction else { return false }
        }
        if i < end, p[i] == 0x65 || p[i] == 0x45 {
            i += 1
            if i < end, p[i] == 0x2B || p[i] == 0x2D { i += 1 }
            let exponent = i
            while i < end, p[i] &- 0x30 < 10 { i += 1 }
            guard i > exponent else { return false }
        }
        return true
    }

    /// Skips an object or array from its opening byte: elements skipped by `element`, separated by
    /// commas, up to `closing`.
    private mutating func skipElements(closedBy closing: UInt8, _ element: (inout Self) -> Bool) -> Bool {
        i += 1
        skipWhitespace()
        if i < end, p[i] == closing {
            i += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            skipWhitespace()
            guard i < end else { return false }
            if p[i] == 0x2C {
                i += 1
                skipWhitespace()
                continue
            }
            guard p[i] == closing else { return false }
            i += 1
            return true
        }
    }

    /// Skips any JSON value (nesting at most 64 deep).
    private mutating func skipValue(depth: Int) -> Bool {
        guard i < end, depth < 64 else { return false }
        switch p[i] {
        case 0x22:
            return scanString() != nil
        case 0x7B:
            return skipElements(closedBy: 0x7D) { scanner in
                guard scanner.i < scanner.end, scanner.p[scanner.i] == 0x22, scanner.scanString() != nil else { return false }
                scanner.skipWhitespace()
                guard scanner.i < scanner.end, scanner.p[scanner.i] == 0x3A else { return false }
                scanner.i += 1
                scanner.skipWhitespace()
                return scanner.skipValue(depth: depth + 1)
            }
        case 0x5B:
            return skipElements(closedBy: 0x5D) { scanner in scanner.skipValue(depth: depth + 1) }
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        default: return skipNumber()
        }
    }

    /// The bytes of a string field, escapes decoded (invalid surrogate pairs become U+FFFD).
    static func decode(_ field: Field, in p: UnsafePointer<UInt8>) -> [UInt8] {
        guard field.escaped else { return Array(UnsafeBufferPointer(start: p + field.start, count: field.count)) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var index = field.start
        let end = field.start + field.count
        func hex4(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = p[at + offset]
                let digit: UInt32 = byte <= 0x39 ? UInt32(byte - 0x30) : UInt32((byte | 0x20) - 0x61 + 10)
                value = value * 16 + digit
            }
            return value
        }
        while index < end {
            let byte = p[index]
            guard byte == 0x5C else {
                out.append(byte)
                index += 1
                continue
            }
            let kind = p[index + 1]
            index += 2
            switch kind {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = hex4(index)
                index += 4
                if scalar >= 0xD800, scalar < 0xDC00, index + 6 <= end, p[index] == 0x5C, p[index + 1] == 0x75 {
                    let low = hex4(index + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(value)).utf8))
            default: out.append(kind)
            }
        }
        return out
    }
}

extension EventLineScanner.Fields {
    /// Which flow event `event` names, or `nil` for any other name (walkthrough events, custom names).
    @inline(__always)
    func flowEventKind(in p: UnsafePointer<UInt8>) -> FlowRecord.Kind? {
        if event.escaped {
            return EventLineScanner.decode(event, in: p).withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { FlowRecord.Kind(name: $0, count: buffer.count) }
            }
        }
        return FlowRecord.Kind(name: p + event.start, count: event.count)
    }
}
