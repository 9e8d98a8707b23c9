import Foundation
import Waypoint

/// A hash set of byte strings that numbers them in order of insertion (0, 1, 2…), without building
/// a `String` per lookup: the funnel interns millions of user ids with it.
struct ByteStringTable {
    private var arena: [UInt8] = []
    /// `ends[i]` is where entry `i` ends in the arena; it starts where entry `i - 1` ends.
    private var ends: [Int] = []
    private var hashes: [UInt64] = []
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// How many strings the table holds.
    var count: Int { ends.count }

    /// The bytes of entry `index`.
    func bytes(at index: Int) -> ArraySlice<UInt8> {
        arena[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// The entry as text (invalid UTF-8 repaired).
    func string(at index: Int) -> String { String(decoding: bytes(at: index), as: UTF8.self) }

    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(p + index).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            index += 8
        }
        while index < count {
            hash = (hash ^ UInt64(p[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        hash ^= UInt64(count)
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }

    /// The number of the string of `count` bytes at `p`, inserting it when `insert` is true;
    /// `nil` when it is absent and not inserted.
    @inline(__always)
    mutating func index(of p: UnsafePointer<UInt8>, count: Int, insert: Bool = true) -> Int? {
        let hash = Self.hash(p, count: count)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if hashes[entry] == hash, matches(entry, p, count) { return entry }
            slot = (slot + 1) & mask
        }
        guard insert else { return nil }
        let entry = ends.count
        arena.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
        ends.append(arena.count)
        hashes.append(hash)
        slots[slot] = Int32(entry)
        if ends.count * 2 > slots.count { grow() }
        return entry
    }

    /// The number of `bytes`, inserting it when `insert` is true.
    mutating func index(of bytes: some Collection<UInt8>, insert: Bool = true) -> Int? {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            // An empty array may have no base address; any valid pointer will do for 0 bytes.
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)
            guard let base else { return nil }
            return index(of: base, count: buffer.count, insert: insert)
        }
    }

    @inline(__always)
    private func matches(_ entry: Int, _ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let start = entry == 0 ? 0 : ends[entry - 1]
        guard ends[entry] - start == count else { return false }
        return arena.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return count == 0 }
            return memcmp(base + start, p, count) == 0
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        for entry in 0..<hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }
}
