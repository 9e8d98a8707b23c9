import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// `waypoint funnel` without `--steps` on the events of many `waypoint play` runs, against the
/// figures the runs' known paths give.
@Suite("waypoint funnel: the flow report of played runs")
struct FlowReportCommandTests {
    /// A run: the variation forced, the outcomes fed, and the user's country (personalization is
    /// shown in US and CA only).
    struct Run {
        let variation: String
        let script: [String]
        let country: String
    }

    /// Every way through both variations of `signup`, whole or stopped part way.
    static let routes: [(variation: String, script: [String])] = [
        ("control", ["login", "next"]), ("control", ["loggedIn"]), ("control", ["register", "existingUser"]),
        ("control", ["register", "newUser", "next", "next"]),           // outside US/CA: personalization skipped
        ("control", ["register", "newUser", "next", "next", "next"]),   // in US/CA
        ("control", ["register"]), ("control", ["login"]), ("control", ["register", "newUser"]),
        ("control", ["register", "newUser", "next"]),
        ("short", ["continue", "next", "next"]), ("short", ["continue"]), ("short", []),
    ]

    /// 57 runs: each route in five countries, but the two whole new-user routes only where they fit.
    static let runs: [Run] = {
        var runs: [Run] = []
        for route in routes {
            for country in ["US", "FR", "CA", "DE", "US"] {
                let shown = country == "US" || country == "CA"
                if route.script.count == 4, route.script[1] == "newUser", shown { continue }
                if route.script.count == 5, !shown { continue }
                runs.append(Run(variation: route.variation, script: route.script, country: country))
            }
        }
        return runs
    }()

    /// Where a run goes, by the document's rules, worked out by hand.
    static func expectedPath(_ run: Run) -> (path: [String], completed: Bool, skipped: [String]) {
        let shown = run.country == "US" || run.country == "CA"
        var path = ["splash"]
        var skipped: [String] = []
        var rest = run.script[...]
        func next() -> String? { rest.popFirst() }
        if run.variation == "short" {
            guard next() == "continue" else { return (path, false, skipped) }
            for step in ["shared-end/notifications", "shared-end/done"] {
                path.append(step)
                guard next() == "next" else { return (path, false, skipped) }
            }
            return (path, true, skipped)
        }
        switch next() {
        case "loggedIn": return (path, true, skipped)
        case "login":
            path.append("login")
            return (path, next() == "next", skipped)
        case "register":
            path.append("registration")
            switch next() {
            case "existingUser": return (path, true, skipped)
            case "newUser":
                if shown {
                    path.append("personalization")
                    guard next() == "next" else { return (path, false, skipped) }
                } else {
                    skipped.append("personalization")
                }
                for step in ["shared-end/notifications", "shared-end/done"] {
                    path.append(step)
                    guard next() == "next" else { return (path, false, skipped) }
                }
                return (path, true, skipped)
            default: return (path, false, skipped)
            }
        default: return (path, false, skipped)
        }
    }

    @Test func theFlowReportMatchesThePlayedPaths() throws {
        let folder = try TemporaryFiles.directory("flow-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = CommandRunner.example("waypoint.json")
        let events = folder.appendingPathComponent("events.jsonl").path
        var expected: [String: Figures] = ["all": Figures(), "control": Figures(), "short": Figures()]
        for (index, run) in Self.runs.enumerated() {
            // Each run an hour after the previous one, 5 s a step.
            let start = String(format: "2026-01-01T%02d:%02d:00Z", index / 60, index % 60)
            var arguments = [
                "play", document, "--flow", "signup", "--variation", run.variation,
                "--attributes", #"{"id":"u\#(index)","country":"\#(run.country)"}"#,
                "--events", events, "--append", "--clock", "start=\(start),step=5s",
            ]
            if !run.script.isEmpty { arguments += ["--script", run.script.joined(separator: ",")] }
            let result = CommandRunner.run(arguments, input: run.script.isEmpty ? ["quit"] : [])
            let (path, completed, skipped) = Self.expectedPath(run)
            // A script that ends before the flow does is an error; quitting at the prompt is not.
            #expect(result.status == (completed || run.script.isEmpty ? 0 : 1), "\(run): \(result)")
            expected["all"]?.add(path: path, completed: completed, skipped: skipped)
            expected[run.variation]?.add(path: path, completed: completed, skipped: skipped)
        }

        let text = try WaypointCommand.Funnel.parse([events, "--flow", "signup", "--document", document, "--by", "variation",
                                                     "--format", "json"]).output()
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(report["kind"] as? String == "flow")
        let order = ["splash", "login", "registration", "personalization", "shared-end/notifications", "shared-end/done"]
        let groups = try #require(report["byVariation"] as? [String: [String: Any]])
        #expect(groups.keys.sorted() == ["control", "short"])
        for (name, figures) in [("all", report), ("control", groups["control"] ?? [:]), ("short", groups["short"] ?? [:])] {
            let want = try #require(expected[name])
            #expect(figures["started"] as? Int == want.users, "\(name)")
            #expect(figures["completed"] as? Int == want.completed, "\(name)")
            #expect(figures["abandoned"] as? Int == want.users - want.completed, "\(name)")
            let steps = try #require(figures["steps"] as? [[String: Any]])
            #expect(steps.map { $0["stepId"] as? String } == order)
            for step in steps {
                let id = try #require(step["stepId"] as? String)
                #expect(step["viewed"] as? Int == want.viewed[id, default: 0], "\(name) \(id) viewed")
                #expect(step["droppedHere"] as? Int == want.dropped[id, default: 0], "\(name) \(id) dropped")
                #expect(step["skipped"] as? Int == want.skipped[id, default: 0], "\(name) \(id) skipped")
                if want.viewed[id, default: 0] > want.dropped[id, default: 0] {
                    #expect(step["medianDurationMs"] as? Double == 5000, "\(name) \(id)")
                }
            }
        }
        let splash = try #require((report["steps"] as? [[String: Any]])?.first?["outcomes"] as? [String: Int])
        #expect(splash == ["login": 10, "loggedIn": 5, "register": 25, "continue": 10])

        // The table says the same, in the same order.
        let table = try WaypointCommand.Funnel.parse([events, "--flow", "signup", "--document", document]).output()
        let all = try #require(expected["all"])
        #expect(table.hasPrefix("Flow signup: \(all.users) started, \(all.completed) completed"))
        let rows = table.split(separator: "\n").map(String.init).filter { line in order.contains { line.hasPrefix("  \($0) ") } }
        #expect(rows.count == order.count)
    }

    static let playedEvents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/flow-report-events.jsonl").path

    /// 80 users played through both variations of signup, as the README shows.
    @Test func theFlowReportOfPlayedRunsMatchesTheSnapshotsAndTheReadme() throws {
        let document = CommandRunner.example("waypoint.json")
        let table = try WaypointCommand.Funnel.parse([Self.playedEvents, "--flow", "signup", "--document", document]).output()
        try assertSnapshot(table, named: "flow-report.txt")
        let byVariation = try WaypointCommand.Funnel.parse([Self.playedEvents, "--flow", "signup", "--document", document,
                                                            "--by", "variation"]).output()
        try assertSnapshot(byVariation, named: "flow-report-by-variation.txt")
        let json = try WaypointCommand.Funnel.parse([Self.playedEvents, "--flow", "signup", "--document", document,
                                                     "--by", "variation", "--format", "json"]).output()
        try assertSnapshot(json, named: "flow-report.json")
        let readme = try String(contentsOfFile: CommandRunner.examples + "/../../README.md", encoding: .utf8)
        #expect(readme.contains(table), "README.md shows the flow report of the played runs; copy it from Snapshots/flow-report.txt")
    }

    @Test func aFlowTheDocumentDoesNotHaveIsAnErrorWithADidYouMean() throws {
        let command = try WaypointCommand.Funnel.parse([
            CommandRunner.example("waypoint.json"), "--flow", "sign-up", "--document", CommandRunner.example("waypoint.json"),
        ])
        let error = try #require(throws: (any Error).self) { try command.output() }
        #expect(CommandRunner.clean(WaypointCommand.message(for: error))
            == "waypoint.json has no flow \"sign-up\". Did you mean \"signup\"? Its flows: end-flow, signup, upgrade.")
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
        var users = 0
        var completed = 0

        mutating func add(path: [String], completed: Bool, skipped: [String]) {
            users += 1
            for step in Set(path) { viewed[step, default: 0] += 1 }
            for step in skipped { self.skipped[step, default: 0] += 1 }
            if completed {
                self.completed += 1
            } else if let last = path.last {
                dropped[last, default: 0] += 1
            }
        }
    }
}
