import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

@Suite("waypoint validate and lint")
struct ValidateLintCommandTests {
    @Test(arguments: [
        ("validate", "waypoint.json"), ("validate", "every-feature.json"), ("lint", "waypoint.json"), ("lint", "every-feature.json"),
    ])
    func theExamplesAreCleanAndExitZero(command: String, document: String) {
        let result = CommandRunner.run([command, CommandRunner.example(document)])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("\(document): no problems ("))
    }

    @Test func validateListsEveryFormatProblemLikeACompiler() throws {
        let result = CommandRunner.run(["validate", CommandRunner.fixture("bad-format.json")])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "validate-bad-format.txt")
        #expect(result.output.contains("bad-format.json:6:7: error: unknown key `stpes` in a flow; did you mean `steps`? [unknown-key]"))
    }

    @Test func validateJSONIsAnArrayOfDiagnostics() throws {
        let result = CommandRunner.run(["validate", CommandRunner.fixture("bad-format.json"), "--format", "json"])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "validate-bad-format.json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(array.count == 4)
        let first = try #require(array.first)
        for key in ["severity", "code", "path", "line", "column", "message"] { #expect(first[key] != nil, "missing \(key)") }
        #expect(array.map { $0["code"] as? String } == ["missing-key", "unknown-key", "wrong-type", "bad-value"])
        #expect(array[3]["path"] as? String == "walkthroughs[0].steps[0].tooltipPosition")
        #expect(array[3]["line"] as? Int == 15)
    }

    @Test func validateChecksEveryFileAndFailsIfAnyHasAnError() {
        let result = CommandRunner.run(["validate", CommandRunner.example("waypoint.json"), CommandRunner.fixture("bad-format.json")])
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("waypoint.json: no problems (3 flows, 1 walkthrough, 2 experiments)\nbad-format.json: 4 errors\n"))
    }

    @Test func validateOfACleanDocumentPrintsAnEmptyJSONArray() {
        let result = CommandRunner.run(["validate", CommandRunner.example("waypoint.json"), "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == "[]\n")
    }

    @Test func lintFindsGraphProblemsThatValidateDoesNot() throws {
        let path = CommandRunner.fixture("bad-graph.json")
        #expect(CommandRunner.run(["validate", path]).status == 0)
        let result = CommandRunner.run(["lint", path])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "lint-bad-graph.txt")
        let json = CommandRunner.run(["lint", path, "--format", "json"])
        try assertSnapshot(json.output, named: "lint-bad-graph.json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(Set(array.compactMap { $0["code"] as? String }) == ["unknown-target", "no-exit-cycle", "unreachable-step", "unknown-subflow"])
        #expect(array.filter { $0["severity"] as? String == "warning" }.count == 2)
    }

    @Test func lintReportsFormatErrorsOfAnUnreadableDocument() {
        let result = CommandRunner.run(["lint", CommandRunner.fixture("bad-format.json")])
        #expect(result.status == 1)
        #expect(result.output.contains("[unknown-key]"))
    }

    @Test(arguments: ["validate", "lint"])
    func aMissingFileSaysWhatToPass(command: String) {
        let result = CommandRunner.run([command, "/nonexistent/waypoint.json"])
        #expect(result.status == 1)
        #expect(result.error == "No document at /nonexistent/waypoint.json. Pass the path of a Waypoint JSON document, such as waypoint.json.")
    }

    @Test(arguments: [["validate"], ["lint"], ["validate", "a.json", "--format", "xml"], ["lint", "a.json", "b.json"]])
    func badUsageExitsWith64(arguments: [String]) {
        #expect(CommandRunner.run(arguments).status == 64)
    }
}
