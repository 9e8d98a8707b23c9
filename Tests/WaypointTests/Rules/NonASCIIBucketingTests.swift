import Testing
@testable import Waypoint

/// Hashes of ids outside ASCII, which GrowthBook's own cases do not cover.
///
/// The expected numbers were computed independently, with this Python 3 script (FNV-1a over UTF-16 code units,
/// as JavaScript's `charCodeAt` sees a string):
///
/// ```python
/// def fnv(s):
///     h = 0x811c9dc5
///     b = s.encode('utf-16-le')
///     for i in range(0, len(b), 2):
///         h ^= b[i] | (b[i+1] << 8)
///         h = (h * 16777619) & 0xffffffff
///     return h
/// def hash(seed, value, v):
///     if v == 2: return (fnv(str(fnv(seed + value))) % 10000) / 10000
///     if v == 1: return (fnv(value + seed) % 1000) / 1000
/// for s in ["ü", "日本", "👋", "user-ü-日本-👋🏽"]:
///     print(repr(s), fnv(s), hash("", s, 1), hash("seed", s, 2), hash("__ns", s, 1))
/// ```
///
/// Output: `'ü' 2030796987 0.987 0.6166 0.866`, `'日本' 1610399396 0.396 0.9652 0.885`,
/// `'👋' 2251174425 0.425 0.4478 0.584`, `'user-ü-日本-👋🏽' 412858621 0.621 0.4021 0.604`.
@Suite("Bucketing of non-ASCII ids")
struct NonASCIIBucketingTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let id: String
        let fnv: UInt32
        let v1: Double
        let v2Seeded: Double
        let namespaceHash: Double
        var testDescription: String { id }
    }

    static let cases: [Expected] = [
        Expected(id: "ü", fnv: 2_030_796_987, v1: 0.987, v2Seeded: 0.6166, namespaceHash: 0.866),
        Expected(id: "日本", fnv: 1_610_399_396, v1: 0.396, v2Seeded: 0.9652, namespaceHash: 0.885),
        Expected(id: "👋", fnv: 2_251_174_425, v1: 0.425, v2Seeded: 0.4478, namespaceHash: 0.584),
        Expected(id: "user-ü-日本-👋🏽", fnv: 412_858_621, v1: 0.621, v2Seeded: 0.4021, namespaceHash: 0.604),
    ]

    @Test(arguments: cases)
    func fnvOverUTF16CodeUnits(_ expected: Expected) {
        #expect(Bucketing.fnv1a32(expected.id) == expected.fnv)
    }

    @Test(arguments: cases)
    func hashVersions(_ expected: Expected) throws {
        let v1 = try #require(Bucketing.hash(seed: "", value: expected.id, version: 1))
        let v2 = try #require(Bucketing.hash(seed: "seed", value: expected.id, version: 2))
        #expect(abs(v1 - expected.v1) < 1e-9)
        #expect(abs(v2 - expected.v2Seeded) < 1e-9)
    }

    @Test(arguments: cases)
    func namespaces(_ expected: Expected) {
        let around = ExperimentNamespace(id: "ns", range: BucketRange(expected.namespaceHash, expected.namespaceHash + 0.001))
        let before = ExperimentNamespace(id: "ns", range: BucketRange(0, expected.namespaceHash))
        #expect(Bucketing.inNamespace(userId: expected.id, namespace: around))
        #expect(!Bucketing.inNamespace(userId: expected.id, namespace: before))
    }

    @Test("An emoji is two UTF-16 code units, and both are hashed")
    func surrogatePairs() {
        #expect("👋".utf16.count == 2)
        // Hashing the scalar 0x1F44B as one unit would give a different number.
        var scalarHash: UInt32 = 0x811C_9DC5
        scalarHash ^= 0x1F44B
        scalarHash &*= 16_777_619
        #expect(Bucketing.fnv1a32("👋") != scalarHash)
    }

    @Test("A non-ASCII id lands in the variation its hash selects", arguments: cases)
    func experimentAssignment(_ expected: Expected) {
        let experiment = Experiment(key: "exp", variations: ["control", "treatment"], hashVersion: 2, seed: "seed")
        let result = experiment.assign(attributes: ["id": .string(expected.id)])
        #expect(result.inExperiment)
        #expect(result.hashUsed)
        #expect(result.bucket == expected.v2Seeded)
        #expect(result.variationName == (expected.v2Seeded < 0.5 ? "control" : "treatment"))
    }
}
