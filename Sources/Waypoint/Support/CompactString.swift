import Foundation

/// A string held in two machine words, so that values made of them (step paths, departures,
/// visits, flow effects) are copied and destroyed without reference counting.
///
/// Strings of up to 15 UTF-8 bytes — nearly every step id and outcome name — are stored inline.
/// Longer ones are interned once per process in ``table`` and stored as their index
/// there. Two compact strings are equal exactly when their UTF-8 bytes are equal.
@usableFromInline
struct CompactString: Hashable, Sendable, BitwiseCopyable {
    /// Bytes 0–7 of an inline string, or the table index of an interned one.
    @usableFromInline let low: UInt64
    /// Bytes 8–14 of an inline string, and in the top byte the length (0–15) or ``internedTag``.
    @usableFromInline let high: UInt64

    /// The top byte of `high` for an interned string.
    @inlinable static var internedTag: UInt64 { 0xFF }
    /// The top byte of `high` for ``absent``.
    @inlinable static var absentTag: UInt64 { 0xFE }

    /// Stands for no string at all, where an optional would make a value larger.
    @inlinable static var absent: CompactString { CompactString(low: 0, high: absentTag << 56) }

    /// The strings too long to store inline.
    static let table = InternTable<ExactString>()

    /// The compact form of a string too long to store inline.
    @usableFromInline
    static func interning(_ string: String) -> CompactString {
        CompactString(low: table.index(of: ExactString(string: string)), high: internedTag << 56)
    }

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The reserved outcome `back`, packed inline: the bytes "back" and the length 4.
    @inlinable static var backOutcome: CompactString { CompactString(low: 0x6B63_6162, high: 4 << 56) }

    /// Packs `string` inline when it fits, or interns it.
    @inlinable
    init(_ string: String) {
        if string.utf8.count <= 15,
           let packed = string.utf8.withContiguousStorageIfAvailable({ CompactString(inline: $0) }) {
            self = packed
        } else {
            self = CompactString.interning(string)
        }
    }

    /// Packs at most 15 bytes inline.
    @inlinable
    init(inline bytes: UnsafeBufferPointer<UInt8>) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        low = UInt64(littleEndian: words.0)
        high = UInt64(littleEndian: words.1) | UInt64(bytes.count) << 56
    }

    /// The compact form of a string given as UTF-8 bytes (valid UTF-8, as cut from a string at an
    /// ASCII separator).
    @usableFromInline
    init(bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 15 {
            self.init(inline: bytes)
        } else {
            self = CompactString.interning(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The compact form of `prefix`, a `/` and `component`.
    @usableFromInline
    static func joining(_ prefix: CompactString, _ component: String) -> CompactString {
        var component = component
        return prefix.withBytes { prefixBytes in
            component.withUTF8 { componentBytes in
                let count = prefixBytes.count + 1 + componentBytes.count
                guard count <= 15 else {
                    var joined = [UInt8]()
                    joined.reserveCapacity(count)
                    joined.append(contentsOf: prefixBytes)
                    joined.append(UInt8(ascii: "/"))
                    joined.append(contentsOf: componentBytes)
                    return joined.withUnsafeBufferPointer(CompactString.init(bytes:))
                }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                    _ = buffer.initialize(from: prefixBytes)
                    buffer[prefixBytes.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(prefixBytes.count + 1)...])
                        .initialize(from: componentBytes)
                    return CompactString(inline: UnsafeBufferPointer(rebasing: buffer[..<count]))
                }
            }
        }
    }

    /// Calls `body` with the string's UTF-8 bytes.
    @usableFromInline
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard isInline else {
            var string = string
            return string.withUTF8(body)
        }
        let words = (low.littleEndian, (high & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
        let count = Int(high >> 56)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            withUnsafeBytes(of: words) { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[..<count]))
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Whether the string is stored inline.
    @inlinable var isInline: Bool { high >> 56 <= 15 }

    /// The first UTF-8 byte, or `nil` for the empty string.
    @inlinable
    var firstByte: UInt8? {
        if isInline {
            return high >> 56 == 0 ? nil : UInt8(truncatingIfNeeded: low)
        }
        return string.utf8.first
    }

    /// The string.
    @usableFromInline
    var string: String {
        guard isInline else {
            return high >> 56 == Self.internedTag ? CompactString.table.value(at: low)?.string ?? "" : ""
        }
        let count = Int(high >> 56)
        let words = (low.littleEndian, (high & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
        return withUnsafeBytes(of: words) { raw in
            String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<count]), as: UTF8.self)
        }
    }
}

/// Values interned once per process and referred to by index; entries are never removed.
///
/// Holds what would otherwise put a reference into every copy of a small value: long step ids
/// (through ``CompactString``) and custom steps (through ``Visit``).
final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    // Sendable: `values` and `indices` are read and written only while `lock` is held, and
    // `lock` itself is never reassigned.
    private let lock = NSLock()
    private var values: [Value] = []
    private var indices: [Value: UInt64] = [:]

    init() {}

    /// The index of `value`, adding it the first time it is seen.
    func index(of value: Value) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        if let index = indices[value] { return index }
        let index = UInt64(values.count)
        values.append(value)
        indices[value] = index
        return index
    }

    /// The value at `index`, or `nil` for an index this table never gave out.
    func value(at index: UInt64) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return index < UInt64(values.count) ? values[Int(index)] : nil
    }
}

/// A string compared and hashed by its UTF-8 bytes (Swift's `String` compares by canonical equivalence).
struct ExactString: Hashable, Sendable {
    let string: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        var lhs = lhs.string
        var rhs = rhs.string
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
