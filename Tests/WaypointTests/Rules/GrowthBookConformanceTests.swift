import Foundation
import Testing
@testable import Waypoint

/// Every `evalCondition`, `hash`, `getBucketRange`, `chooseVariation`, `getEqualWeights` and `inNamespace`
/// case of GrowthBook's conformance file, and the `run` cases whose features apply to Waypoint.
@Suite("GrowthBook conformance", .enabled(if: GrowthBookCases.isPresent, GrowthBookCases.skipMessage))
struct GrowthBookConformanceTests {
    /// GrowthBook rounds hashes to 4 places and ranges/weights to 6–8 in its own tests.
    static let tolerance = 1e-6

    @Test(arguments: GrowthBookCases.family("evalCondition"))
    func evalCondition(_ testCase: GrowthBookCases.Case) throws {
        let condition = Condition(json: testCase[1])
        let attributes = Attributes(testCase[2].objectValue ?? [:])
        let expected = try #require(testCase[3].boolValue as Bool?)
        var savedGroups: SavedGroups = [:]
        for (id, values) in testCase[4].objectValue ?? [:] {
            savedGroups[id] = values.arrayValue ?? []
        }
        #expect(condition.evaluate(attributes, savedGroups: savedGroups) == expected, "\(condition) on \(attributes.json)")
    }

    @Test(arguments: GrowthBookCases.family("hash"))
    func hash(_ testCase: GrowthBookCases.Case) throws {
        let seed = try #require(testCase[0].stringValue)
        let value = try #require(testCase[1].stringValue)
        let version = try #require(testCase[2].intValue)
        let result = Bucketing.hash(seed: seed, value: value, version: version)
        if let expected = testCase[3].doubleValue {
            let actual = try #require(result)
            #expect(abs(actual - expected) < Self.tolerance, "got \(actual), expected \(expected)")
        } else {
            #expect(result == nil)
        }
    }

    @Test(arguments: GrowthBookCases.family("getBucketRange"))
    func getBucketRange(_ testCase: GrowthBookCases.Case) throws {
        let arguments = try #require(testCase[1].arrayValue)
        let count = try #require(arguments[0].intValue)
        let coverage = try #require(arguments[1].doubleValue)
        let weights = arguments[2].arrayValue?.compactMap(\.doubleValue)
        let expected = try #require(testCase[2].arrayValue).map { pair in
            (pair[0]?.doubleValue ?? .nan, pair[1]?.doubleValue ?? .nan)
        }
        let ranges = Bucketing.getBucketRanges(numVariations: count, coverage: coverage, weights: weights)
        try #require(ranges.count == expected.count, "got \(ranges)")
        for (range, (lower, upper)) in zip(ranges, expected) {
            #expect(abs(range.lowerBound - lower) < Self.tolerance && abs(range.upperBound - upper) < Self.tolerance,
                    "got \(ranges)")
        }
    }

    @Test(arguments: GrowthBookCases.family("chooseVariation"))
    func chooseVariation(_ testCase: GrowthBookCases.Case) throws {
        let n = try #require(testCase[1].doubleValue)
        let ranges = try #require(testCase[2].arrayValue).map { pair in
            BucketRange(pair[0]?.doubleValue ?? .nan, pair[1]?.doubleValue ?? .nan)
        }
        let expected = try #require(testCase[3].intValue)
        #expect((Bucketing.chooseVariation(n: n, ranges: ranges) ?? -1) == expected)
    }

    @Test(arguments: GrowthBookCases.family("getEqualWeights"))
    func getEqualWeights(_ testCase: GrowthBookCases.Case) throws {
        let count = try #require(testCase[0].intValue)
        let expected = try #require(testCase[1].arrayValue).compactMap(\.doubleValue)
        let weights = Bucketing.getEqualWeights(count)
        try #require(weights.count == expected.count)
        for (weight, value) in zip(weights, expected) {
            #expect(abs(weight - value) < Self.tolerance)
        }
    }

    @Test(arguments: GrowthBookCases.family("inNamespace"))
    func inNamespace(_ testCase: GrowthBookCases.Case) throws {
        let id = try #require(testCase[1].stringValue)
        let namespace = try JSONDecoder().decode(ExperimentNamespace.self, from: JSONEncoder().encode(testCase[2]))
        let expected = try #require(testCase[3].boolValue as Bool?)
        #expect(Bucketing.inNamespace(userId: id, namespace: namespace) == expected)
    }

    /// `run` cases that test GrowthBook features Waypoint leaves out, each with the reason.
    static let excludedRunCases: [String: String] = [
        "querystring force": "URL query-string overrides: an app has no URL",
        "querystring force with inactive": "URL query-string overrides: an app has no URL",
        "Prerequisite condition passes": "prerequisites are GrowthBook feature flags, which Waypoint does not evaluate",
        "Prerequisite condition fails": "prerequisites are GrowthBook feature flags, which Waypoint does not evaluate",
    ]

    static let runCases = GrowthBookCases.family("run").filter { excludedRunCases[$0.name] == nil }

    @Test(arguments: runCases)
    func run(_ testCase: GrowthBookCases.Case) throws {
        let context = testCase[1]
        let experiment = try JSONDecoder().decode(Experiment.self, from: JSONEncoder().encode(testCase[2]))
        var savedGroups: SavedGroups = [:]
        for (id, values) in context["savedGroups"]?.objectValue ?? [:] {
            savedGroups[id] = values.arrayValue ?? []
        }
        var forced: [String: Int] = [:]
        for (key, value) in context["forcedVariations"]?.objectValue ?? [:] {
            forced[key] = value.intValue
        }
        let assignment = AssignmentContext(
            attributes: Attributes(context["attributes"]?.objectValue ?? [:]),
            savedGroups: savedGroups,
            forcedVariations: forced,
            isEnabled: context["enabled"]?.boolValue ?? true,
            isQAMode: context["qaMode"]?.boolValue ?? false
        )
        let result = experiment.assign(in: assignment)
        #expect(result.value == testCase[3], "variation \(result.variationIndex)")
        #expect(result.inExperiment == testCase[4].boolValue)
        #expect(result.hashUsed == testCase[5].boolValue)
    }

    @Test("Every excluded run case exists in the file, so the list cannot go stale")
    func excludedRunCasesExist() {
        let names = Set(GrowthBookCases.family("run").map(\.name))
        for name in Self.excludedRunCases.keys.sorted() {
            #expect(names.contains(name), "excluded run case '\(name)' is not in the file")
        }
    }
}
