import ArgumentParser
import Testing
import TestSupport
import WaypointExamples
@testable import WaypointCLI

@MainActor
@Suite("waypoint demo")
struct DemoCommandTests {
    @Test func narrationMatchesTheSnapshot() async throws {
        var lines: [String] = []
        try await Demo.run { lines.append($0) }
        try assertSnapshot(lines.joined(separator: "\n") + "\n", named: "demo.txt")
    }

    @Test func everyBundledPatternIsNarrated() async throws {
        var lines: [String] = []
        try await Demo.run { lines.append($0) }
        for section in Demo.sections {
            #expect(lines.contains("== \(section.pattern) =="))
        }
    }

    @Test func demoParsesWithoutArgumentsAndRejectsExtraOnes() throws {
        _ = try WaypointCommand.parseAsRoot(["demo"])
        #expect(throws: (any Error).self) { try WaypointCommand.parseAsRoot(["demo", "extra"]) }
    }

    @Test(arguments: [("help-root.txt", [String]()), ("help-demo.txt", ["demo"])])
    func helpMatchesTheSnapshot(name: String, arguments: [String]) throws {
        let command: any ParsableCommand.Type = arguments.isEmpty ? WaypointCommand.self : WaypointCommand.Demo.self
        try assertSnapshot(WaypointCommand.helpMessage(for: command, columns: 100) + "\n", named: name)
    }
}
