import Foundation

/// Random damage to valid documents, for tests that feed decoders and tools broken input.
package enum ByteCorruption {
    /// Bytes that change the structure of JSON text when put in the wrong place.
    package static let structural = Array(#"{}[]",:\ -0.e9tfn"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]

    /// Replaces, removes, inserts or swaps one to four bytes.
    package static func corrupt(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else { break }
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            let replacement = Bool.random(using: &generator)
                ? structural[Int.random(in: 0..<structural.count, using: &generator)]
                : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[position] = replacement
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(replacement, at: position)
            default:
                let other = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.swapAt(position, other)
            }
        }
        return bytes
    }
}
