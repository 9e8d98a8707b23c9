import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools

/// Counting and listing the paths of any valid document never crashes, however odd its flows.
@Suite("Paths of corrupted documents")
struct CorruptDocumentPathsTests {
    @Test("Corrupted documents that stay valid have countable and listable paths", arguments: DocumentFixtures.exampleFiles())
    func randomCorruption(_ name: String) throws {
        let original = [UInt8](try DocumentFixtures.example(name))
        var generator = SplitMix64(seed: 0x5EED_0000 + UInt64(original.count))
        var valid = 0
        for _ in 0..<2_500 {
            let bytes = ByteCorruption.corrupt(original, using: &generator)
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
