import Foundation
import Testing
import Waypoint
import WaypointTools

/// Counting and listing the paths of any valid document never crashes, however odd its flows.
@Suite("Paths of corrupted documents")
struct CorruptDocumentPathsTests {
    /// Bytes that change the structure of JSON text when put in the wrong place.
    static let structural = Array(#"{}[]",:\ -0.e9tfn"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]

    /// Replaces, removes, inserts or swaps one to four bytes.
    static func corrupt(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
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

    @Test("Corrupted documents that stay valid have countable and listable paths", arguments: DocumentFixtures.exampleFiles())
    func randomCorruption(_ name: String) throws {
        let original = [UInt8](try DocumentFixtures.example(name))
        var generator = SplitMix64(seed: 0x5EED_0000 + UInt64(original.count))
        var valid = 0
        for _ in 0..<2_500 {
            let bytes = Self.corrupt(original, using: &generator)
            guard let document = WaypointDocument.validate(Data(bytes)).document else { continue }
            valid += 1
            for id in Set(document.flows.map(\.id)) {
                _ = try? document.flowGraph(id: id).countPaths()
                _ = try? document.flowGraph(id: id).listPaths(maxVisits: 2, limit: 100)
            }
        }
        #expect(valid > 0)
    }
}
