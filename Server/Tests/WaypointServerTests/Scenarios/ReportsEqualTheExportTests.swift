import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The server's reports equal, byte for byte, the CLI's reports over the server's own export, after
/// random batches, duplicate and out-of-order deliveries, users split across batches, and erasures
/// (docs/ARCHITECTURE.md, "Reports at scale").
@Suite("Reports equal the export")
struct ReportsEqualTheExportTests {
    /// Scopes of the flow report, as query parameters. The flow's events carry two experiments, so a
    /// split by variation without `experiment` is refused, in the same words as over the export.
    static let flowScopes = [
        "", "&by=variation", "&revision=1", "&revision=2&by=variation&experiment=short-signup",
        "&since=2026-11-02", "&since=2026-11-02T10:30:00Z&until=2026-11-04T07:00:00.500Z&by=variation&experiment=short-signup",
        "&revision=1&until=2026-11-03", "&environment=production&since=2026-11-01T12:00:00Z",
        "&by=locale", "&by=platform&revision=2", "&by=appVersion&since=2026-11-02", "&by=revision",
        "&by=variation&experiment=welcome-copy", "&revision=1&by=variation&experiment=welcome-copy",
        "&since=2026-11-02T10:30:00Z&until=2026-11-04&by=variation&experiment=welcome-copy",
    ]
    /// The experiments whose reports are compared: one of whole-flow entries, one that changes a step.
    static let experiments = ["short-signup", "welcome-copy"]
    /// Scopes of the walkthrough and experiment reports.
    static let otherScopes = ["", "&revision=2", "&since=2026-11-02T10:30:00Z&until=2026-11-04"]
    /// Scopes of the walkthrough report besides ``otherScopes``: split by the experiment of its exposures.
    static let walkthroughScopes = otherScopes + ["&experiment=welcome-copy", "&revision=1&experiment=welcome-copy"]
    static let goals = ["$complete", "plan", "plan:annual"]
    /// The experiment reports asked for: each goal, and the splits by app version, locale and platform.
    static let experimentSplits: [(String, ReportDimension?)] =
        goals.map { ($0, nil) } + [("plan", .appVersion), ("plan:annual", .locale), ("$complete", .platform)]

    /// Query parameters as a dictionary.
    static func parameters(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { result[parts[0]] = parts[1] }
        }
        return result
    }

    static func scope(_ parameters: [String: String]) throws -> ReportScope {
        try ReportScope.parse(
            environment: parameters["environment"], revision: parameters["revision"], since: parameters["since"],
            until: parameters["until"], experiment: parameters["experiment"])
    }

    /// An admin's GET: the status and the body.
    typealias Get = @Sendable (String) async throws -> (status: Int, text: String)

    static func get(_ client: any TestClientProtocol) -> Get {
        { path in
            let answer = try await client.send(path, headers: TestServer.admin)
            return (Int(answer.status.code), answer.text)
        }
    }

    /// Every report the server answers, compared with the same report over its export (read through `read`).
    ///
    /// - Parameter welcomeCopy: whether the app's documents and events have the experiment
    ///   `welcome-copy` (not those of the releases before it): without it, the reports split by it are refused.
    static func expectReportsEqualTheExport(_ get: @escaping Get, app: String, note: String, read: Get? = nil, welcomeCopy: Bool = true) async throws {
        let export = try await (read ?? get)("/v1/apps/\(app)/events?format=jsonl")
        try #require(export.status == 200)
        let lines = export.text.split(separator: "\n").map(String.init)
        let documents = try [1, 2].map {
            try WaypointDocument(validating: Data(RandomEvents.document(revision: $0, welcomeCopy: welcomeCopy).utf8))
        }
        func document(_ parameters: [String: String]) -> WaypointDocument { documents[(parameters["revision"].flatMap(Int.init) ?? 2) - 1] }

        var refused: [String] = []
        for query in flowScopes {
            let parameters = Self.parameters(query)
            let answer = try await get("/v1/apps/\(app)/funnel?flow=signup" + query)
            let funnelQuery = FunnelQuery(flowID: "signup", by: parameters["by"].flatMap(ReportDimension.init(rawValue:)),
                                          document: document(parameters), scope: try scope(parameters))
            let expected = Result { () throws(ReportError) -> FunnelResult in
                try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: funnelQuery)
            }
            guard case .success(let report) = expected else {
                refused.append(query)
                try expectRefusal(answer, as: expected, "\(note) funnel\(query)")
                continue
            }
            #expect(answer.status == 200, "\(note) funnel\(query): \(answer.text)")
            #expect(answer.text == String(decoding: report.jsonData(), as: UTF8.self) + "\n", "\(note) funnel\(query)")
            try expectUsersAddUp(answer.text, "\(note) funnel\(query)")
        }
        // The two experiments' events reach the flow: a split by variation has to say which one.
        #expect(refused == (welcomeCopy ? ["&by=variation"] : flowScopes.filter { $0.contains("welcome-copy") }), "\(note): refused \(refused)")
        for query in walkthroughScopes {
            let parameters = Self.parameters(query)
            let answer = try await get("/v1/apps/\(app)/walkthroughs/tour/report?by=variation" + query)
            let walkthroughQuery = WalkthroughQuery(
                walkthroughID: "tour", groupByVariation: true,
                declaredSteps: document(parameters).reportedStepIDs(ofWalkthrough: "tour"), scope: try scope(parameters))
            let computed = Result { () throws(ReportError) -> WalkthroughReport in try WalkthroughReport.compute(lines: lines, query: walkthroughQuery) }
            guard case .success(var expected) = computed else {
                #expect(!welcomeCopy, "\(note) walkthrough\(query): refused over the export")
                try expectRefusal(answer, as: computed, "\(note) walkthrough\(query)")
                continue
            }
            expected.events = lines.count
            #expect(answer.status == 200, "\(note) walkthrough\(query): \(answer.text)")
            #expect(answer.text == String(decoding: expected.jsonData(), as: UTF8.self) + "\n", "\(note) walkthrough\(query)")
        }
        for query in otherScopes {
            let parameters = Self.parameters(query)
            for experiment in experiments where welcomeCopy || experiment != "welcome-copy" {
                for (goal, by) in Self.experimentSplits {
                    let split = by.map { "&by=\($0.rawValue)" } ?? ""
                    let answer = try await get("/v1/apps/\(app)/experiments/\(experiment)?goal=\(goal)" + split + query)
                    var expected = try ExperimentReport.compute(
                        lines: lines,
                        query: ExperimentQuery(experiment: experiment, goal: ExperimentGoal(goal), scope: try scope(parameters), by: by),
                        document: document(parameters))
                    expected.events = lines.count
                    let name = "\(note) experiment \(experiment) \(goal)\(split)\(query)"
                    #expect(answer.status == 200, "\(name): \(answer.text)")
                    #expect(answer.text == String(decoding: expected.jsonData(), as: UTF8.self) + "\n", "\(name)")
                    if by != nil { #expect(expected.groups?.isEmpty == false, "\(name): no groups") }
                }
            }
        }
    }

    /// The server refuses a report as the same report over its export is refused: 400 with the
    /// same words.
    static func expectRefusal<Report>(_ answer: (status: Int, text: String), as expected: Result<Report, ReportError>, _ note: String) throws {
        guard case .failure(let error) = expected else { return }
        #expect(answer.status == 400, "\(note): refused over the export (\(error)), answered \(answer.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any], "\(note): \(answer.text)")
        let message = (body["error"] as? [String: Any])?["message"] as? String
        #expect(message == error.description, "\(note)")
    }

    /// In every group of a flow report, started = completed + abandoned + inProgress, none negative
    /// (DESIGN: a finish is never counted without its start), and the revisions' groups add up to
    /// the users who started.
    static func expectUsersAddUp(_ text: String, _ note: String) throws {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        func check(_ figures: [String: Any], _ name: String) {
            let started = figures["started"] as? Int ?? -1, completed = figures["completed"] as? Int ?? -1
            let abandoned = figures["abandoned"] as? Int ?? -1, inProgress = figures["inProgress"] as? Int ?? -1
            #expect(started == completed + abandoned + inProgress && min(started, completed, abandoned, inProgress) >= 0,
                    "\(note) \(name): \(started) started, \(completed) completed, \(abandoned) abandoned, \(inProgress) in progress")
        }
        check(report, "overall")
        for split in ["byVariation", "byAppVersion", "byRevision", "byLocale", "byPlatform"] {
            for (group, figures) in report[split] as? [String: [String: Any]] ?? [:] { check(figures, "\(split) \(group)") }
        }
        if let revisions = report["byRevision"] as? [String: [String: Any]] {
            let sum = revisions.values.reduce(0) { $0 + ($1["started"] as? Int ?? 0) }
            #expect(sum == report["started"] as? Int, "\(note): the revisions' groups hold \(sum) starters")
        }
    }

    /// Each revision's report holds the users who started on it: their starters add up to the
    /// report over every revision (users without a revision add none: no event of theirs has one).
    static func expectRevisionsAddUp(_ get: @escaping Get, app: String, note: String) async throws {
        func started(_ query: String) async throws -> Int {
            let answer = try await get("/v1/apps/\(app)/funnel?flow=signup" + query)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any], "\(answer.text)")
            return report["started"] as? Int ?? -1
        }
        let all = try await get("/v1/apps/\(app)/funnel?flow=signup")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(all.text.utf8)) as? [String: Any])
        let none = (report["byRevision"] as? [String: [String: Any]])?["(none)"]?["started"] as? Int ?? 0
        let one = try await started("&revision=1"), two = try await started("&revision=2")
        #expect(one + two + none == report["started"] as? Int, "\(note): \(one) + \(two) + \(none) starters by revision")
    }

    /// App `fuzz` with ``RandomEvents``' two revisions, revision 2 published.
    static func createFuzzApp(_ client: any TestClientProtocol) async throws -> TestApp {
        let app = try await client.createApp("fuzz")
        for revision in [1, 2] {
            let upload = try await client.upload("fuzz", Data(RandomEvents.document(revision: revision).utf8))
            try #require(upload.status == .created, "\(upload.text)")
        }
        #expect(try await client.publish("fuzz", revision: 2).status == .ok)
        return app
    }

    /// `users` random users' events (seeded), shuffled and posted in batches of 1 to `largestBatch` events.
    static func postRandomUsers(_ users: Int, seed: UInt64, largestBatch: Int, key: String, _ client: any TestClientProtocol) async throws {
        var random = RandomEvents(seed: seed)
        var pending = (0..<users).flatMap { random.user($0) }
        pending.shuffle(using: &random)
        while !pending.isEmpty {
            let size = min(pending.count, random.int(1...largestBatch))
            let answer = try await client.postEvents(key: key, lines: Array(pending.prefix(size)))
            #expect(answer.status == 200, "\(answer.text)")
            pending.removeFirst(size)
        }
    }

    @Test(arguments: StoreKind.available)
    func afterRandomBatchesDuplicatesAndErasures(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestServer.run(store: store) { client in
                let app = try await Self.createFuzzApp(client)
                var random = RandomEvents(seed: 2_711)
                let users = (0..<160).map { random.user($0) }
                // Every line once, in random batches across users; a batch in seven is sent twice.
                var pending = users.flatMap { $0 }
                pending.shuffle(using: &random)
                var batches: [[String]] = []
                while !pending.isEmpty {
                    let size = min(pending.count, random.int(1...100))
                    batches.append(Array(pending.prefix(size)))
                    pending.removeFirst(size)
                }
                for (number, batch) in batches.enumerated() {
                    let answer = try await client.postEvents(key: app.production, lines: batch)
                    #expect(answer.status == 200, "\(answer.text)")
                    if number % 7 == 3 { _ = try await client.postEvents(key: app.production, lines: batch) }
                    if number == batches.count / 2 {
                        try await Self.expectReportsEqualTheExport(Self.get(client), app: "fuzz", note: "\(kind) halfway")
                        for erased in ["u3", "u40", "u77"] {
                            let erasure = try await client.send("/v1/apps/fuzz/users/\(erased)", .delete, headers: TestServer.admin)
                            #expect(erasure.status == .ok || erasure.status == .noContent, "\(erasure.text)")
                        }
                    }
                }
                try await Self.expectReportsEqualTheExport(Self.get(client), app: "fuzz", note: "\(kind) at the end")
                try await Self.expectRevisionsAddUp(Self.get(client), app: "fuzz", note: "\(kind) at the end")
            }
        }
    }
}
