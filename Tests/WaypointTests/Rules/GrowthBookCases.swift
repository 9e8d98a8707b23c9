import Foundation
import Testing
import Waypoint

/// GrowthBook's conformance cases, read from `../shared/testdata/growthbook-cases.json` beside the package
/// (or from the path in `WAYPOINT_GROWTHBOOK_CASES`); never copied into the package.
enum GrowthBookCases {
    /// Where the file is looked for.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["WAYPOINT_GROWTHBOOK_CASES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // Tests/WaypointTests/Rules/GrowthBookCases.swift: four levels up is the package root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.deletingLastPathComponent().appendingPathComponent("shared/testdata/growthbook-cases.json")
    }()

    /// Whether the file exists.
    static let isPresent = FileManager.default.fileExists(atPath: url.path)

    /// Whether the suite runs on CI, where a missing file is a failure rather than a skip.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why the conformance tests are skipped.
    static let skipMessage: Comment = """
        GrowthBook conformance cases not found at \(url.path); skipped. \
        Put growthbook-cases.json there or set WAYPOINT_GROWTHBOOK_CASES to its path.
        """

    /// The parsed file, or why it could not be read.
    static let loaded: Result<[String: JSONValue], LoadError> = {
        guard isPresent else { return .failure(LoadError(message: "missing: \(url.path)")) }
        do {
            let data = try Data(contentsOf: url)
            guard case .object(let families) = try JSONValue(parsing: data) else {
                return .failure(LoadError(message: "\(url.path) is not a JSON object"))
            }
            return .success(families)
        } catch {
            return .failure(LoadError(message: "\(url.path) could not be read: \(error)"))
        }
    }()

    struct LoadError: Error {
        let message: String
    }

    /// The cases of one family (`evalCondition`, `hash`…), numbered from 0; none when the file is unavailable.
    static func family(_ name: String) -> [Case] {
        guard case .success(let families) = loaded, case .array(let cases)? = families[name] else { return [] }
        return cases.enumerated().map { Case(family: name, index: $0.offset, tuple: $0.element.arrayValue ?? []) }
    }

    /// One case: a tuple of JSON values, described by its family, its number and, when it has one, its name.
    struct Case: Sendable, CustomTestStringConvertible {
        let family: String
        let index: Int
        let tuple: [JSONValue]

        subscript(position: Int) -> JSONValue { tuple.indices.contains(position) ? tuple[position] : .null }

        /// The case's name: its first element when the family names its cases.
        var name: String {
            switch family {
            case "hash": "hash(\(self[0].jsonText), \(self[1].jsonText), v\(self[2].jsonText))"
            case "getEqualWeights": "getEqualWeights(\(self[0].jsonText))"
            default: self[0].stringValue ?? "?"
            }
        }

        var testDescription: String { "\(family) #\(index): \(name)" }
    }
}

@Suite("GrowthBook conformance file")
struct GrowthBookCasesFileTests {
    @Test(
        "The cases file is present and readable (required when CI=true)",
        .enabled(if: GrowthBookCases.isPresent || GrowthBookCases.isCI, GrowthBookCases.skipMessage)
    )
    func fileIsReadable() throws {
        if case .failure(let error) = GrowthBookCases.loaded {
            Issue.record("GrowthBook conformance cases unavailable: \(error.message)")
            return
        }
        for family in ["evalCondition", "hash", "getBucketRange", "chooseVariation", "getEqualWeights", "inNamespace", "run"] {
            #expect(!GrowthBookCases.family(family).isEmpty, "no '\(family)' cases in \(GrowthBookCases.url.path)")
        }
    }
}
