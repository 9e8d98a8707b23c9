import Foundation
import Testing
@testable import WaypointCLI

/// `waypoint funnel` without `--steps` on the events of many `waypoint play` runs, against the
/// figures the runs' known paths give.
@Suite("waypoint funnel: the flow report of played runs")
struct FlowReportCommandTests {
    /// A run: the outcomes fed, and the user's country (personalization is shown in US and CA only).
    struct Run {
        let script: [String]
        let country: String
    }

    /// Every way through `signup`, whole or stopped part way.
    static let routes: [[String]] = [
        ["login", "next"], ["loggedIn"], ["register", "existingUser"],
        ["register", "newUser", "next", "next"],            // outside US/CA: personalization skipped
        ["register", "newUser", "next", "next", "next"],    // in US/CA
        ["register"], ["login"], ["register", "newUser"], ["register", "newUser", "next"],
    ]

    /// 40 runs: each route in five countries, but the two whole new-user routes only where they fit.
    static let runs: [Run] = {
        var runs: [Run] = []
        for route in routes {
            for country in ["US", "FR", "CA", "DE", "US"] {
                let shown = country == "US" || country == "CA"
                if route == routes[3], shown { continue }
                if route == routes[4], !shown { continue }
                runs.append(Run(script: route, country: country))
            }
        }
        return runs
    }()

    @Test func theFlowReportMatchesThePlayedPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = CommandRunner.example("waypoint.json")
        var all = Data()
        var expected = Figures()
        for (index, run) in Self.runs.enumerated() {
            let events = folder.appendingPathComponent("run-\(index).jsonl").path
            let result = CommandRunner.run([
                "play", document, "--flow", "signup", "--attributes", #"{"id":"u\#(index)","country":"\#(run.country)"}"#,
                "--script", run.script.joined(separator: ","), "--user", "u\(index)", "--events", events, "--format", "json",
            ])
            let played = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result)")
            let path = try #require(played["path"] as? [String])
            expected.add(path: path, completed: played["completed"] as? Bool == true,
                         skippedPersonalization: run.script.count >= 2 && run.script[1] == "newUser" && !["US", "CA"].contains(run.country))
            all.append(try Data(contentsOf: URL(fileURLWithPath: events)))
        }
        let eventsFile = folder.appendingPathComponent("all.jsonl")
        try all.write(to: eventsFile)

        let text = try #require(try WaypointCommand.Funnel.parse([eventsFile.path, "--flow", "signup", "--document", document,
                                                                  "--format", "json"]).output())
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(report["kind"] as? String == "flow")
        #expect(report["started"] as? Int == Self.runs.count)
        #expect(report["completed"] as? Int == expected.completed)
        #expect(report["abandoned"] as? Int == Self.runs.count - expected.completed)
        let steps = try #require(report["steps"] as? [[String: Any]])
        let order = ["splash", "login", "registration", "personalization", "shared-end/notifications", "shared-end/done"]
        #expect(steps.map { $0["stepId"] as? String } == order)
        for step in steps {
            let id = try #require(step["stepId"] as? String)
            #expect(step["viewed"] as? Int == expected.viewed[id, default: 0], "\(id) viewed")
            #expect(step["droppedHere"] as? Int == expected.dropped[id, default: 0], "\(id) dropped")
            #expect(step["skipped"] as? Int == expected.skipped[id, default: 0], "\(id) skipped")
        }
        let splash = try #require(steps.first?["outcomes"] as? [String: Int])
        #expect(splash == ["login": 10, "loggedIn": 5, "register": Self.runs.count - 15])
        #expect(expected.viewed["registration", default: 0] > 0 && expected.viewed["login", default: 0] > 0)

        // The table says the same, in the same order.
        let table = try WaypointCommand.Funnel.parse([eventsFile.path, "--flow", "signup", "--document", document]).output()
        #expect(table.hasPrefix("Flow signup: \(Self.runs.count) started, \(expected.completed) completed"))
        let rows = table.split(separator: "\n").map(String.init).filter { line in order.contains { line.hasPrefix("  \($0) ") } }
        #expect(rows.count == order.count)
    }

    @Test func aFlowTheDocumentDoesNotHaveIsAnErrorWithADidYouMean() throws {
        let command = try WaypointCommand.Funnel.parse([
            CommandRunner.example("waypoint.json"), "--flow", "sign-up", "--document", CommandRunner.example("waypoint.json"),
        ])
        let error = try #require(throws: (any Error).self) { try command.output() }
        #expect(CommandRunner.clean(WaypointCommand.message(for: error))
            == "waypoint.json has no flow \"sign-up\". Did you mean \"signup\"? Its flows: end-flow, signup.")
    }

    @Test func aFileThatIsNotEventsSaysSoAndExitsWithOne() throws {
        for steps in [[String](), ["--steps", "splash,login"]] {
            let command = try WaypointCommand.Funnel.parse([CommandRunner.example("waypoint.json"), "--flow", "signup"] + steps)
            let error = try #require(throws: (any Error).self) { try command.output() }
            let message = CommandRunner.clean(WaypointCommand.message(for: error))
            #expect(message.hasPrefix("waypoint.json has no valid events ("), "\(message)")
            #expect(message.contains("line 1: not valid JSON"), "\(message)")
            #expect(WaypointCommand.exitCode(for: error).rawValue == 1)
        }
    }

    /// What the runs' paths say the report must show.
    struct Figures {
        var viewed: [String: Int] = [:]
        var dropped: [String: Int] = [:]
        var skipped: [String: Int] = [:]
        var completed = 0

        mutating func add(path: [String], completed: Bool, skippedPersonalization: Bool) {
            for step in Set(path) { viewed[step, default: 0] += 1 }
            if skippedPersonalization { skipped["personalization", default: 0] += 1 }
            if completed {
                self.completed += 1
            } else if let last = path.last {
                dropped[last, default: 0] += 1
            }
        }
    }
}
