import Foundation
import Testing
import TestSupport
@testable import WaypointCLI
import WaypointTools

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

    @Test func lintFindsGraphProblemsAndValidateTheirErrors() throws {
        let path = CommandRunner.fixture("bad-graph.json")
        let result = CommandRunner.run(["lint", path])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "lint-bad-graph.txt")
        let json = CommandRunner.run(["lint", path, "--format", "json"])
        try assertSnapshot(json.output, named: "lint-bad-graph.json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(Set(array.compactMap { $0["code"] as? String }) == ["unknown-target", "no-exit-cycle", "unreachable-step", "unknown-subflow"])
        #expect(array.filter { $0["severity"] as? String == "warning" }.count == 2)
        // validate lists lint's errors, not its warnings.
        let validate = CommandRunner.run(["validate", path, "--format", "json"])
        #expect(validate.status == 1)
        let errors = try #require(try JSONSerialization.jsonObject(with: Data(validate.output.utf8)) as? [[String: Any]])
        #expect(errors.count == array.count - 2)
        #expect(errors.allSatisfy { $0["severity"] as? String == "error" })
        #expect(Set(errors.compactMap { $0["code"] as? String }) == ["unknown-target", "no-exit-cycle", "unknown-subflow"])
    }

    /// The documents of Fixtures/checks, each named by what the server's upload does with it
    /// (`refused-…` or `accepted-…`); the server's tests upload the same files.
    static let checkedDocuments: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CommandRunner.fixture("checks"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theTableOfCheckedDocumentsHasBothKinds() {
        #expect(Self.checkedDocuments.filter { $0.hasPrefix("refused-") }.count >= 6)
        #expect(Self.checkedDocuments.filter { $0.hasPrefix("accepted-") }.count >= 3)
        #expect(Self.checkedDocuments.allSatisfy { $0.hasPrefix("refused-") || $0.hasPrefix("accepted-") })
    }

    /// `waypoint validate` fails exactly on the documents the server's upload refuses
    /// (``DocumentCheck``, which the server calls), and lists every error it refuses them for.
    @Test(arguments: checkedDocuments)
    func validateFailsExactlyWhenTheServerRefuses(name: String) throws {
        let path = CommandRunner.fixture("checks/" + name)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = DocumentCheck.refuses(data)
        #expect(refused == name.hasPrefix("refused-"))
        let text = CommandRunner.run(["validate", path])
        #expect(text.status == (refused ? 1 : 0))
        #expect(text.output.contains(": no problems") == !refused)
        let json = CommandRunner.run(["validate", path, "--format", "json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let errors = DocumentCheck.diagnostics(of: data).filter(\.isError)
        #expect(listed.map { $0["code"] as? String } == errors.map(\.code.rawValue))
        #expect(listed.map { $0["line"] as? Int } == errors.map(\.line))
    }

    @Test(arguments: [
        ("refused-skip-to-unknown-step.json", "9:43: error: flow `signup` has no step `nowhere`", "[unknown-target]"),
        ("refused-weights-add-up-to-1.1.json", "10:77: error: the weights of `short-signup` add up to 1.1, not 1", "[bad-weights]"),
    ])
    func validateNamesTheErrorsItOnceMissed(name: String, location: String, code: String) {
        let result = CommandRunner.run(["validate", CommandRunner.fixture("checks/" + name)])
        #expect(result.status == 1)
        let line = result.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.contains(name + ":" + location))
        #expect(line.hasSuffix(code))
        #expect(result.output.hasSuffix("\(name): 1 error\n"))
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
