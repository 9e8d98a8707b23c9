import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

@Suite("waypoint graph and paths")
struct GraphPathsCommandTests {
    static let signup = CommandRunner.example("waypoint.json")

    @Test(arguments: ["mermaid", "dot"])
    func graphMatchesTheSnapshot(format: String) throws {
        let result = CommandRunner.run(["graph", Self.signup, "--flow", "signup", "--format", format])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "graph-signup.\(format == "mermaid" ? "mmd" : "dot")")
    }

    @Test func mermaidDrawsConditionsSkipsSubflowsAndCompletionDistinctly() {
        let text = CommandRunner.run(["graph", Self.signup, "--flow", "signup"]).output
        #expect(text.hasPrefix("flowchart TD\n"))
        #expect(text.contains(#"f0_3{{"personalization"#), "a conditional step is a hexagon")
        #expect(text.contains("f0_3 -.->|skip| f0_4"), "a skip edge is dotted")
        #expect(text.contains(#"f0_4[["shared-end<br/>runs end-flow"]]"#), "a subflow step is a subroutine box")
        #expect(text.contains("f0_4 ==>|runs| f1_0"), "a subflow step links to its subflow's start")
        #expect(text.contains(#"subgraph f1["subflow end-flow"]"#))
        #expect(text.contains(#"f0_complete((("$complete")))"#))
        #expect(text.contains("class f0_3 conditional"))
    }

    @Test func dotDrawsConditionsSkipsSubflowsAndCompletionDistinctly() {
        let text = CommandRunner.run(["graph", Self.signup, "--flow", "signup", "--format", "dot"]).output
        #expect(text.hasPrefix("digraph \"signup\" {\n"))
        #expect(text.contains(#""signup/personalization" -> "signup/shared-end" [label="skip", style=dashed];"#))
        #expect(text.contains("shape=hexagon, style=dashed"))
        #expect(text.contains(#""signup/shared-end" [label="shared-end\nruns end-flow", peripheries=2];"#))
        #expect(text.contains(#"subgraph "cluster_end-flow" {"#))
        #expect(text.contains(#""signup/$complete" [label="$complete", shape=doublecircle];"#))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func graphMarksOutcomesThatNameNoStep() {
        // bad-graph.json is valid but has lint errors: the graph still draws, with the missing target in red.
        let text = CommandRunner.run(["graph", CommandRunner.fixture("bad-graph.json"), "--flow", "checkout"]).output
        #expect(text.contains(#"f0_missing_faq["missing: faq"]"#))
        #expect(text.contains("class f0_missing_faq missing"))
    }

    @Test func pathsListsEveryPathWithSubflowsInlined() throws {
        let result = CommandRunner.run(["paths", Self.signup, "--flow", "signup"])
        #expect(result.status == 0)
        try assertSnapshot(result.output, named: "paths-signup.txt")
        let json = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--format", "json"])
        try assertSnapshot(json.output, named: "paths-signup.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["flowId"] as? String == "signup")
        let paths = try #require(object["paths"] as? [[String]])
        #expect(paths.count == 5)
        #expect(paths.contains(["splash", "registration", "personalization", "shared-end/notifications", "shared-end/done"]))
        #expect(paths.contains(["splash", "registration", "shared-end/notifications", "shared-end/done"]))
        #expect(paths.allSatisfy { !$0.contains("$complete") })
    }

    @Test func attributesDecideConditions() throws {
        let outside = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--attributes", #"{"country":"FR"}"#, "--format", "json"])
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(outside.output.utf8)) as? [String: Any])["paths"] as? [[String]]
        #expect(paths?.count == 4)
        #expect(paths?.contains { $0.contains("personalization") } == false)
        let count = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--attributes", #"{"country":"US"}"#, "--count"])
        #expect(count.output == "Flow signup has 4 paths (conditions evaluated against the attributes).\n"
            + "Used variation control of short-signup (not in the experiment: no `id` attribute to hash; give one, such as {\"id\":\"u-123\"}; the first variation).\n")
    }

    @Test func countIsADecimalStringInTheDesignsShape() {
        let result = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--count", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == #"{"count":"5","experiment":"short-signup","flowId":"signup","variation":"control"}"# + "\n")
    }

    @Test func countingACyclicFlowFailsNamingTheCycle() {
        let result = CommandRunner.run(["paths", CommandRunner.fixture("loop.json"), "--flow", "quiz", "--count"])
        #expect(result.status == 1)
        #expect(result.error == "Flow `quiz` has a cycle (question → feedback → question), so it has endless paths; counting needs a flow without cycles. List the paths with a visit limit instead (--max-visits).")
    }

    @Test(arguments: [(1, 2), (2, 4), (3, 6)])
    func listingACyclicFlowHonoursMaxVisits(maxVisits: Int, expected: Int) throws {
        let result = CommandRunner.run(["paths", CommandRunner.fixture("loop.json"), "--flow", "quiz", "--max-visits", "\(maxVisits)", "--format", "json"])
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])["paths"] as? [[String]]
        #expect(paths?.count == expected)
        for path in paths ?? [] {
            #expect(path.filter { $0 == "question" }.count <= maxVisits)
        }
    }

    @Test func limitTruncatesTheListAndSaysSo() throws {
        let result = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--limit", "2"])
        #expect(result.output.hasPrefix("Flow signup: the first 2 paths"))
        #expect(result.output.hasSuffix("More paths exist; raise --limit, or count them all with --count.\n"))
        let json = CommandRunner.run(["paths", Self.signup, "--flow", "signup", "--limit", "2", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["paths"] as? [[String]])?.count == 2)
        #expect(object["truncated"] as? Bool == true)
    }

    @Test func aLargeFlowCountsBeyond64BitsExactly() throws {
        let steps = 10_000
        let url = try Self.writeLadder(steps: steps)
        defer { try? FileManager.default.removeItem(at: url) }
        let lint = CommandRunner.run(["lint", url.path])
        #expect(lint.status == 0, "\(lint.output)")
        let result = CommandRunner.run(["paths", url.path, "--flow", "ladder", "--count", "--format", "json"])
        #expect(result.status == 0, "\(result.error ?? "")")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let count = try #require(object["count"] as? String)
        // Each step goes one or two steps ahead: the paths of n steps are the Fibonacci number F(n + 1).
        #expect(count == Self.fibonacci(steps + 1))
        #expect(count.count > String(UInt64.max).count)
    }

    @Test(arguments: [
        ["paths", "a.json"], ["paths", "a.json", "--flow", "f", "--max-visits", "0"],
        ["paths", "a.json", "--flow", "f", "--attributes", "{country: US}"], ["paths", "a.json", "--flow", "f", "--limit", "0"],
        ["graph", "a.json", "--flow", "f", "--format", "png"], ["graph", "a.json"],
    ])
    func badUsageExitsWith64(arguments: [String]) {
        #expect(CommandRunner.run(arguments).status == 64)
    }

    @Test func badAttributesSayHowToWriteThem() {
        let result = CommandRunner.run(["paths", "a.json", "--flow", "f", "--attributes", "[1]"])
        #expect(result.error?.hasPrefix("--attributes must be a JSON object, not an array; pass one such as --attributes '{\"id\":\"u-123\",\"country\":\"US\"}'.") == true)
    }

    @Test func anUnknownFlowListsTheFlows() {
        let result = CommandRunner.run(["paths", Self.signup, "--flow", "sign-up"])
        #expect(result.status == 1)
        #expect(result.error == "The document has no flow `sign-up`; its flows are `signup`, `end-flow` and `upgrade`.")
    }

    @Test func anInvalidDocumentIsRefusedWithItsProblems() {
        let result = CommandRunner.run(["graph", CommandRunner.fixture("bad-format.json"), "--flow", "signup"])
        #expect(result.status == 1)
        #expect(result.error?.hasPrefix("bad-format.json is not a valid document (4 errors); fix them first (`waypoint validate bad-format.json` lists every problem):") == true)
    }

    /// A document with one flow of `steps` steps, each going one or two steps ahead.
    static func writeLadder(steps: Int) throws -> URL {
        var items: [String] = []
        for index in 0..<steps {
            let one = index + 1 < steps ? "s\(index + 1)" : "$complete"
            let two = index + 2 < steps ? "s\(index + 2)" : "$complete"
            items.append(#"{"id":"s\#(index)","on":{"one":"\#(one)","two":"\#(two)"}}"#)
        }
        let text = #"{"schemaVersion":1,"flows":[{"id":"ladder","steps":[\#(items.joined(separator: ",\n"))]}]}"#
        let url = TemporaryFiles.file("ladder", pathExtension: "json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// F(n) in decimal (F(1) = F(2) = 1), by schoolbook addition of digit arrays.
    static func fibonacci(_ n: Int) -> String {
        var previous: [UInt8] = [0], current: [UInt8] = [1]  // least significant digit first
        for _ in 1..<n {
            var sum: [UInt8] = []
            var carry: UInt8 = 0
            for index in 0..<max(previous.count, current.count) {
                let digit = (index < previous.count ? previous[index] : 0) + (index < current.count ? current[index] : 0) + carry
                sum.append(digit % 10)
                carry = digit / 10
            }
            if carry > 0 { sum.append(carry) }
            previous = current
            current = sum
        }
        return String(current.reversed().map { Character(String($0)) })
    }
}
