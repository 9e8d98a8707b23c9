import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// Experiments on subflows: `--variation` of `graph` and `paths` chooses the subflow's entry, and lint
/// checks every variation and reports two experiments reaching one run.
@Suite("waypoint graph, paths and lint: experiments on subflows")
struct SubflowExperimentCommandTests {
    static let document = CommandRunner.fixture("subflow-experiment.json")

    static func paths(_ arguments: [String]) throws -> [[String]] {
        let result = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.error ?? "")")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(object["paths"] as? [[String]])
    }

    @Test func graphDrawsTheVariationOfTheSubflowThatVariationNames() throws {
        let annual = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--variation", "annual-first"])
        #expect(annual.status == 0, "\(annual.error ?? "")")
        try assertSnapshot(annual.output, named: "graph-subflow-variation.mmd")
        #expect(annual.output.contains("PaywallAnnual") && annual.output.contains("PaywallCompare"))
        #expect(!annual.output.contains("PaywallMonthly"))
        let control = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--format", "dot"])
        #expect(control.output.contains("PaywallMonthly") && !control.output.contains("PaywallAnnual"))
        #expect(control.output.contains("  // flow paywall: variation control of paywall-test (the first variation: no --attributes; choose one with --variation)\n"))
    }

    @Test func pathsWalkTheVariationOfTheSubflowThatVariationNames() throws {
        #expect(try Self.paths(["--variation", "annual-first"]) == [
            ["welcome", "paywall/annual", "done"],
            ["welcome", "paywall/annual", "paywall/compare", "done"],
        ])
        #expect(try Self.paths(["--variation", "control"]) == [["welcome", "paywall/monthly", "done"]])
        #expect(try Self.paths([]) == [["welcome", "paywall/monthly", "done"]])
        let text = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--variation", "annual-first"])
        try assertSnapshot(text.output, named: "paths-subflow-variation.txt")
        let count = CommandRunner.run(["paths", Self.document, "--flow", "onboarding", "--variation", "annual-first", "--count", "--format", "json"])
        #expect(count.output == #"{"count":"2","experiment":"paywall-test","flowId":"onboarding","variation":"annual-first"}"# + "\n")
    }

    @Test func attributesChooseTheSubflowsEntryToo() throws {
        // Assignment is GrowthBook's: find one user of each variation and check that each walks its own entry.
        let document = try DocumentFile.readValid(Self.document)
        var seen: Set<String> = []
        for number in 0..<40 where seen.count < 2 {
            let attributes = #"{"id":"user-\#(number)"}"#
            let variation = try #require(document.resolve(attributes: try AttributesOption.parse(attributes)).report.flows["paywall"]?.variation)
            guard seen.insert(variation).inserted else { continue }
            let first = variation == "control" ? "paywall/monthly" : "paywall/annual"
            #expect(try Self.paths(["--attributes", attributes]).allSatisfy { $0[1] == first }, "\(attributes) is in \(variation)")
        }
        #expect(seen == ["control", "annual-first"])
    }

    @Test func anUnknownVariationListsTheVariationsThatReachTheFlow() {
        let result = CommandRunner.run(["graph", Self.document, "--flow", "onboarding", "--variation", "anual-first"])
        #expect(result.status == 64)
        #expect(result.error?.contains("No experiment reaching flow `onboarding` has an entry for variation `anual-first`. Did you mean `annual-first`? "
            + "The flow's experiment is `paywall-test` (on the subflow `paywall`): use --variation with `control` or `annual-first`.") == true,
            "\(result.error ?? "")")
        let plain = CommandRunner.run(["paths", CommandRunner.fixture("loop.json"), "--flow", "quiz", "--variation", "short"])
        #expect(plain.status == 64)
        #expect(plain.error?.contains("flow `quiz` does not vary by experiment, nor does any subflow it runs, so it has no variation `short`; leave out --variation.") == true,
            "\(plain.error ?? "")")
    }

    @Test func lintReportsTwoExperimentsChangingOneStepOnly() throws {
        let result = CommandRunner.run(["lint", CommandRunner.fixture("overlapping-experiments.json")])
        #expect(result.status == 1)
        try assertSnapshot(result.output, named: "lint-overlapping-experiments.txt")
        // The flow's and its subflow's whole-flow experiments reach one run without conflict; two changes of one step conflict.
        #expect(result.output.contains("two experiments change step `welcome` of flow `onboarding`: `welcome-copy` (experiments[2]) "
            + "and `welcome-layout` (experiments[3])"))
        #expect(result.output.components(separatedBy: "[overlapping-experiments]").count == 2, "reported once, not per entry")
        #expect(CommandRunner.run(["lint", Self.document]).output == "subflow-experiment.json: no problems (2 flows, 0 walkthroughs, 1 experiment)\n")
    }

    @Test func lintReportsAProblemOfOneSubflowVariationNamingIt() {
        let result = CommandRunner.run(["lint", CommandRunner.fixture("subflow-variation-dead-end.json")])
        #expect(result.status == 1)
        #expect(result.output.contains("steps `annual` and `compare` of flow `paywall` (variation `annual-first` of `paywall-test`) lead only to each other"),
            "\(result.output)")
        #expect(!result.output.contains("variation `control`"))
    }
}
