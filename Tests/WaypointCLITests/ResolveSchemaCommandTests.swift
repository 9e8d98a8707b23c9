import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

@Suite("waypoint resolve and schema")
struct ResolveSchemaCommandTests {
    static let document = CommandRunner.example("every-feature.json")
    static let user = #"{"id":"u-1","country":"US","appLaunches":3,"plan":"pro"}"#

    @Test func resolveTextMatchesTheSnapshot() throws {
        let result = CommandRunner.run(["resolve", Self.document, "--attributes", Self.user])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "resolve-every-feature.txt")
    }

    @Test func resolveJSONHasTheDesignsShape() throws {
        let result = CommandRunner.run(["resolve", Self.document, "--attributes", Self.user, "--format", "json"])
        try assertSnapshot(result.output, named: "resolve-every-feature.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: [String: Any]]])
        let onboarding = try #require(object["flows"]?["onboarding"])
        #expect(onboarding["experiment"] as? String == "short-onboarding")
        #expect(["control", "short"].contains(onboarding["variation"] as? String))
        #expect(onboarding["inExperiment"] is Bool)
        #expect((onboarding["hashValue"] as? Double).map { (0..<1).contains($0) } == true)
        #expect(object["flows"]?["end"]?.keys.sorted() == ["inExperiment"])
        #expect(object["walkthroughs"]?["editor-tour"]?["eligible"] as? Bool == true)
    }

    @Test func resolveAgreesWithTheCore() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.document))
        let core = try WaypointDocument(validating: data).resolve(attributes: ["id": "u-7", "country": "CA"]).report
        let result = CommandRunner.run(["resolve", Self.document, "--attributes", #"{"id":"u-7","country":"CA"}"#, "--format", "json"])
        let decoded = try JSONDecoder().decode(ResolutionReport.self, from: Data(result.output.utf8))
        #expect(decoded == core)
    }

    @Test func walkthroughEligibilityFollowsTheAttributes() {
        let result = CommandRunner.run(["resolve", Self.document, "--attributes", #"{"appLaunches":1}"#])
        #expect(result.output.contains("editor-tour  not eligible"))
    }

    @Test(arguments: [["resolve", "a.json"], ["resolve", "a.json", "--attributes", "nope"], ["schema", "extra"]])
    func badUsageExitsWith64(arguments: [String]) {
        #expect(CommandRunner.run(arguments).status == 64)
    }

    @Test func schemaIsTheCoresJSONSchema() throws {
        let result = CommandRunner.run(["schema"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .newlines) == DocumentSchema.text.trimmingCharacters(in: .newlines))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["$id"] as? String == DocumentSchema.id)
    }
}
