import Foundation
import GRDB
import NIOCore
import NIOHTTP1
import WaypointServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports at scale (docs/ARCHITECTURE.md, "Performance targets"): one release server on SQLite
/// (or on PostgreSQL, with `--database`) stores ``SignupRun``'s users through `POST /v1/events` in steps, and at each level of stored
/// events (`--report-levels`) the benchmark times the flow report, the experiment report and the
/// dashboard's flow page, and measures ingestion and the store's size per million events.
struct ReportScaleBenchmark {
    let options: ReportScaleOptions

    /// Loopback port of this part's server (the other parts use 18480 and 18481).
    static let port = 18_490
    /// Concurrent clients posting batches, as in the ingestion part.
    static let senders = 8
    /// Events per batch.
    static let batchSize = 100
    /// Timed requests per work and level, after one warm-up.
    static let samples = 5
    /// Time after which a work stops taking samples (it keeps at least one).
    static let sampleBudget: Duration = .seconds(180)
    /// Batches inserted straight into a new store for the baseline in one process.
    static let directBatches = 1000
    /// Rounds of the baseline in one process; the fastest counts.
    static let directRounds = 3
    /// The reported latency target at the largest level, in milliseconds.
    static let targetMilliseconds = 300.0
    /// Largest/smallest latency ratio that counts as flat.
    static let flatRatio = 1.5

    /// A request timed at every level.
    struct Work {
        let label: String
        let path: String
        let signedIn: Bool
    }

    static let works = [
        Work(label: "Flow report `GET /v1/apps/bench/funnel?flow=signup`", path: "/v1/apps/bench/funnel?flow=signup", signedIn: false),
        Work(label: "Flow report `…&by=variation`", path: "/v1/apps/bench/funnel?flow=signup&by=variation", signedIn: false),
        Work(label: "Flow report `…&since=2026-09-16&until=2026-10-16` (30 of 60 start days)",
             path: "/v1/apps/bench/funnel?flow=signup&since=2026-09-16&until=2026-10-16", signedIn: false),
        Work(label: "Flow report `…&by=locale`", path: "/v1/apps/bench/funnel?flow=signup&by=locale", signedIn: false),
        Work(label: "Flow report `…&by=platform`", path: "/v1/apps/bench/funnel?flow=signup&by=platform", signedIn: false),
        Work(label: "Experiment report `GET /v1/apps/bench/experiments/short-signup`",
             path: "/v1/apps/bench/experiments/short-signup", signedIn: false),
        Work(label: "Experiment report `…?by=locale`", path: "/v1/apps/bench/experiments/short-signup?by=locale", signedIn: false),
        Work(label: "Experiment report `…?by=platform`", path: "/v1/apps/bench/experiments/short-signup?by=platform", signedIn: false),
        Work(label: "Dashboard flow page `GET /apps/bench/flows/signup`", path: "/apps/bench/flows/signup", signedIn: true),
    ]

    /// What was measured once a level of stored events was reached.
    struct Level {
        let events: Int
        let users: Int
        /// Rows/s of the ingestion step that reached this level.
        let rowsPerSecond: Double
        /// Rows/s of inserting the same step's rows straight into the store's database (SQLite or
        /// PostgreSQL) grown to the level before.
        let storageRowsPerSecond: Double
        let ingestionSeconds: Double
        /// The server's CPU time (user and system) per 100-event batch of that step, in milliseconds:
        /// what the ingestion costs, whatever else shares the machine.
        let serverCPUPerBatch: Double
        let footprint: StorageFootprint
        /// Median milliseconds per work, in ``works`` order.
        let medians: [Double]
        let sampleCounts: [Int]
    }

    func run() async throws {
        let began = ContinuousClock.now
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("waypoint-scale-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let port = Self.port
        if (try? await ServerBenchmarks.send(port, "/health", timeout: .seconds(1))) != nil {
            throw BenchmarkError("something already answers on port \(port); stop it, since the scale benchmark starts its own server there")
        }

        let postgres = try options.database.map(BenchmarkPostgres.init(url:))
        if let postgres, try await postgres.holdsApps() {
            throw BenchmarkError("the database of --database \(postgres.url) holds apps already; give an empty (or new) database, "
                + "since the scale benchmark creates app bench in it")
        }
        let directRowsPerSecond = try await Self.directBaseline(
            rounds: Self.directRounds, postgres: postgres, directory: work.appendingPathComponent("direct"), order: options.startOrder)

        let data = work.appendingPathComponent("data")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("waypoint-server")
        // With --database, the server runs on PostgreSQL, which requires an audit key.
        let store = postgres.map { ["--database", $0.url] } ?? ["--data", data.path]
        var environment = ["WAYPOINT_ADMIN_TOKEN": ServerBenchmarks.token]
        if postgres != nil { environment["WAYPOINT_AUDIT_KEY"] = BenchmarkPostgres.auditKey }
        let server = try ServerBenchmarks.start(
            binary.path, ["serve", "--port", "\(port)", "--rate-limit", "1000000000", "--burst", "1000000000"] + store,
            environment: environment, log: work.appendingPathComponent("server.log"))
        defer { kill(server.processIdentifier, SIGTERM); server.waitUntilExit() }
        try await ServerBenchmarks.waitFor(port: port)
        guard server.isRunning else { throw BenchmarkError("waypoint-server exited at start; see its log") }
        let key = try await Self.seedApp(port: port)

        let source = ScaleEventSource(order: options.startOrder)
        let storage: any StorageLimit = if let postgres {
            try await GrowingRawPostgres(postgres: postgres, database: postgres.database + "_storage_limit", order: options.startOrder)
        } else {
            try GrowingRawSQLite(directory: work.appendingPathComponent("storage-limit"), order: options.startOrder)
        }
        var levels: [Level] = []
        for level in options.levels {
            let before = await source.produced
            let start = ContinuousClock.now
            let cpuBefore = AmplificationBenchmark.cpuSeconds(of: server.processIdentifier)
            let accepted = try await Self.ingest(port: port, key: key, source: source, limit: level)
            let cpu = AmplificationBenchmark.cpuSeconds(of: server.processIdentifier) - cpuBefore
            let seconds = (ContinuousClock.now - start).seconds
            guard accepted == level - before else {
                throw BenchmarkError("the server accepted \(accepted) of \(level - before) events; see the rejections in its answers")
            }
            let footprint = if let postgres { try await postgres.footprint() } else { await StorageFootprint.measure(directory: data) }
            FileHandle.standardError.write(Data(("stored \(Self.grouped(level)) events in \(String(format: "%.0f", seconds)) s; "
                + "timing reports\n").utf8))
            let cookie = try await ServerBenchmarks.signIn(port: port)
            var medians: [Double] = []
            var counts: [Int] = []
            for work in Self.works {
                let headers = work.signedIn ? [("Cookie", cookie)] : [("Authorization", "Bearer \(ServerBenchmarks.token)")]
                let times = try await Self.latencies(port: port, path: work.path, headers: headers)
                medians.append(Self.median(times))
                counts.append(times.count)
            }
            let users = await source.users
            // While the server is idle: the same rows, straight into a store of the same size.
            let storageRowsPerSecond = try await storage.fill(to: level, batchSize: Self.batchSize)
            levels.append(Level(events: level, users: users, rowsPerSecond: Double(level - before) / seconds,
                                storageRowsPerSecond: storageRowsPerSecond, ingestionSeconds: seconds,
                                serverCPUPerBatch: cpu * 1000 / (Double(level - before) / Double(Self.batchSize)),
                                footprint: footprint, medians: medians, sampleCounts: counts))
            // Progress on standard error, which is not buffered, so that a long run shows where it is.
            FileHandle.standardError.write(Data(("stored \(Self.grouped(level)) events (\(Self.grouped(users)) users) in "
                + "\(String(format: "%.0f", seconds)) s; reports timed; \(String(format: "%.0f", (ContinuousClock.now - began).seconds)) s so far\n").utf8))
        }
        try await storage.close()
        print(table(levels, directRowsPerSecond: directRowsPerSecond))
        print("Scale server memory: \(ServerBenchmarks.memory(of: server.processIdentifier)); whole part \(String(format: "%.0f", (ContinuousClock.now - began).seconds)) s")

        // The ledger rebuilt at start, as after an upgrade that changes the report rules: the
        // server stopped, the ledger's recorded version set back, the server started again, and
        // timed until `/ready` answers 200.
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
        if let postgres {
            try await postgres.withConnection { connection in
                try await BenchmarkPostgres.execute("UPDATE report_ledger SET version = 0", on: connection)
            }
        } else {
            let queue = try DatabaseQueue(path: data.appendingPathComponent("waypoint.sqlite").path)
            try await queue.write { db in try db.execute(sql: "UPDATE report_ledger SET version = 0") }
            try queue.close()
        }
        let restart = ContinuousClock.now
        let restarted = try ServerBenchmarks.start(
            binary.path, ["serve", "--port", "\(port)"] + store,
            environment: environment, log: work.appendingPathComponent("server-restarted.log"))
        defer { kill(restarted.processIdentifier, SIGTERM); restarted.waitUntilExit() }
        // Bounded: an hour at most.
        var ready = false
        for _ in 0..<36_000 where !ready {
            if let answer = try? await ServerBenchmarks.send(port, "/ready", timeout: .seconds(1)), answer.status == 200 { ready = true } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        guard ready else { throw BenchmarkError("the restarted server did not become ready within an hour; see server-restarted.log") }
        let rebuild = (ContinuousClock.now - restart).seconds
        let events = options.levels.last ?? 0
        print("Ledger rebuild at start (report rules version changed): \(Self.grouped(events)) events ready in \(String(format: "%.1f", rebuild)) s "
            + "(\(Self.grouped(Int(Double(events) / rebuild))) events/s), memory \(ServerBenchmarks.memory(of: restarted.processIdentifier))")
    }

    /// Creates app `bench` and publishes ``ScaleDocument``'s revisions 1 then 2; returns the production SDK key.
    static func seedApp(port: Int) async throws -> String {
        let admin = [("Authorization", "Bearer \(ServerBenchmarks.token)")]
        let created = try await ServerBenchmarks.send(port, "/v1/apps", method: .POST, headers: admin, body: Data(#"{"id":"bench","name":"Bench"}"#.utf8))
        guard let key = (try JSONSerialization.jsonObject(with: created.body) as? [String: Any]).flatMap({
            ($0["environments"] as? [[String: Any]])?.first(where: { $0["name"] as? String == "production" })?["sdkKey"] as? String
        }) else { throw BenchmarkError("creating app bench answered \(created.status) without a production key") }
        for revision in 1...2 {
            let posted = try await ServerBenchmarks.send(port, "/v1/apps/bench/revisions", method: .POST, headers: admin,
                                                         body: ScaleDocument.json(revision: revision))
            guard (200..<300).contains(posted.status) else {
                throw BenchmarkError("storing revision \(revision) answered \(posted.status): \(String(decoding: posted.body, as: UTF8.self))")
            }
            let published = try await ServerBenchmarks.send(port, "/v1/apps/bench/environments/production/publish", method: .POST,
                                                             headers: admin, body: Data(#"{"revision":\#(revision)}"#.utf8))
            guard (200..<300).contains(published.status) else { throw BenchmarkError("publishing revision \(revision) answered \(published.status)") }
        }
        return key
    }

    /// Posts `source`'s batches until it has handed out `limit` events, from ``senders`` clients;
    /// returns the events the server accepted.
    static func ingest(port: Int, key: String, source: ScaleEventSource, limit: Int) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<senders {
                group.addTask {
                    var accepted = 0
                    while let body = await source.next(size: Self.batchSize, limit: limit) {
                        let answer = try await ServerBenchmarks.send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", key)], body: body)
                        let receipt = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
                        guard answer.status == 200, let count = receipt?["accepted"] as? Int,
                              (receipt?["rejected"] as? [Any])?.isEmpty ?? true else {
                            throw BenchmarkError("ingestion answered \(answer.status): \(String(decoding: answer.body.prefix(600), as: UTF8.self))")
                        }
                        accepted += count
                    }
                    return accepted
                }
            }
            return try await group.reduce(0, +)
        }
    }

    /// Rows/s of inserting the first ``directBatches`` 100-row batches of the same rows straight
    /// into a new store of its own (a SQLite file, or a PostgreSQL database beside `postgres`'s), in
    /// this process: no HTTP, no JSON. The best of `rounds` rounds, each on a new store, since other
    /// work on shared cores only ever slows a round down.
    static func directBaseline(rounds: Int, postgres: BenchmarkPostgres?, directory: URL, order: SignupRun.StartOrder) async throws -> Double {
        var best = 0.0
        for round in 0..<rounds {
            let raw: any StorageLimit = if let postgres {
                try await GrowingRawPostgres(postgres: postgres, database: postgres.database + "_direct", order: order)
            } else {
                try GrowingRawSQLite(directory: directory.appendingPathComponent("round-\(round)"), order: order)
            }
            best = max(best, try await raw.fill(to: directBatches * batchSize, batchSize: batchSize))
            try await raw.close()
        }
        return best
    }

    /// Milliseconds of each of up to ``samples`` requests after a warm-up, taken while under ``sampleBudget``.
    static func latencies(port: Int, path: String, headers: [(String, String)]) async throws -> [Double] {
        let warmUp = try await ServerBenchmarks.send(port, path, headers: headers, timeout: .minutes(10))
        guard warmUp.status == 200 else {
            throw BenchmarkError("\(path) answered \(warmUp.status): \(String(decoding: warmUp.body.prefix(600), as: UTF8.self))")
        }
        var times: [Double] = []
        let began = ContinuousClock.now
        while times.count < samples && (times.isEmpty || ContinuousClock.now - began < sampleBudget) {
            let start = ContinuousClock.now
            let answer = try await ServerBenchmarks.send(port, path, headers: headers, timeout: .minutes(10))
            times.append((ContinuousClock.now - start).seconds * 1000)
            guard answer.status == 200 else { throw BenchmarkError("\(path) answered \(answer.status)") }
        }
        return times
    }

    /// The Markdown table of every level, with the targets.
    func table(_ levels: [Level], directRowsPerSecond: Double) -> String {
        guard let first = levels.first, let last = levels.last else { return "" }
        let users = last.users
        let starts: String = switch options.startOrder {
        case .random: "each on a day drawn at random (`--start-order random`)"
        case .daily: "\(Self.grouped(SignupRun.usersPerDay)) a day, posted day after day (`--start-order daily`)"
        }
        let perUser = String(format: "%.1f", Double(last.events) / Double(max(users, 1)))
        var lines = [
            "",
            "Reports at scale: \(Self.grouped(users)) users of `signup`, \(perUser) events each on average, starting over \(SignupRun.days) days, "
                + "\(starts); median of up to \(Self.samples) requests after a warm-up.",
            "",
            "| Work | " + levels.map { Self.grouped($0.events) }.joined(separator: " | ")
                + " | < \(Int(Self.targetMilliseconds)) ms at \(Self.grouped(last.events)) | \(Self.grouped(last.events)) / \(Self.grouped(first.events)) |",
            "|---|" + levels.map { _ in "---|" }.joined() + "---|---|",
        ]
        for (index, work) in Self.works.enumerated() {
            let cells = levels.map { level in
                String(format: "%.0f", level.medians[index]) + (level.sampleCounts[index] < Self.samples ? " (\(level.sampleCounts[index]) samples)" : "")
            }
            let ratio = last.medians[index] / max(first.medians[index], 0.001)
            let met = last.medians[index] < Self.targetMilliseconds ? "yes" : "no"
            let flat = ratio <= Self.flatRatio ? "flat" : "grows"
            lines.append("| \(work.label) (ms) | " + cells.joined(separator: " | ") + " | \(met) | \(String(format: "%.2f×", ratio)) (\(flat)) |")
        }
        let before = options.ingestionBefore
        let database = options.database == nil ? "SQLite" : "PostgreSQL"
        lines.insert("Store: \(database)\(options.database == nil ? "" : " (`--database`)").", at: 1)
        lines.append("| `POST /v1/events` rows/s over the step to this level | " + levels.map { Self.grouped(Int($0.rowsPerSecond)) }.joined(separator: " | ")
            + " | | |")
        lines.append("| … vs \(database) in one process, a new store, \(Self.grouped(Int(directRowsPerSecond))) rows/s | "
            + levels.map { String(format: "%.2f×", $0.rowsPerSecond / directRowsPerSecond) }.joined(separator: " | ") + " | | |")
        lines.append("| Storage limit at this level: the step's rows straight into \(database) grown alongside (rows/s) | "
            + levels.map { Self.grouped(Int($0.storageRowsPerSecond)) }.joined(separator: " | ") + " | | |")
        // The target is SQLite's in live order; an import of history in random order, and PostgreSQL, are reported beside it.
        let target = options.database == nil && options.startOrder == .daily ? " (target ≥ 0.3×)" : ""
        lines.append("| … `POST /v1/events` vs the storage limit at this level\(target) | "
            + levels.map { String(format: "%.2f×", $0.rowsPerSecond / $0.storageRowsPerSecond) }.joined(separator: " | ") + " | | |")
        lines.append("| Server CPU per 100-event batch over the step, user + system (ms) | "
            + levels.map { String(format: "%.2f", $0.serverCPUPerBatch) }.joined(separator: " | ") + " | | |")
        if options.database == nil {
            lines.append("| Cost per 100-event batch vs before contributions, \(Self.grouped(Int(before))) rows/s (ms) | "
                + levels.map { String(format: "%+.2f", Self.batchMilliseconds($0.rowsPerSecond) - Self.batchMilliseconds(before)) }.joined(separator: " | ")
                + " | | |")
        }
        lines.append("| Cost per 100-event batch vs \(database) in one process (ms) | "
            + levels.map { String(format: "%+.2f", Self.batchMilliseconds($0.rowsPerSecond) - Self.batchMilliseconds(directRowsPerSecond)) }
                .joined(separator: " | ") + " | | |")
        lines.append("| Storage, \(options.database == nil ? "database + WAL" : "`pg_database_size`") (MB per million events) | "
            + levels.map { String(format: "%.0f", Double($0.footprint.totalBytes) / 1e6 / (Double($0.events) / 1e6)) }.joined(separator: " | ") + " | | |")
        lines.append("| … of it contribution tables (MB per million events) | " + levels.map { level -> String in
            level.footprint.contributionBytes.map { String(format: "%.1f", Double($0) / 1e6 / (Double(level.events) / 1e6)) }
                ?? level.footprint.note ?? "—"
        }.joined(separator: " | ") + " | | |")
        lines.append("")
        let baselines = options.database == nil
            ? "both SQLite baselines insert the same rows straight into SQLite (the server's schema, `synchronous = FULL`, no contributions, "
                + "one writer, the rows made outside the timed inserts)"
            : "both PostgreSQL baselines insert the same rows straight into a database of their own on the same server (the server's "
                + "schema, one multi-row `INSERT` per batch, each its own transaction, no contributions, one connection, the rows made outside "
                + "the timed inserts)"
        lines.append("A batch's time is 100 ÷ rows/s with \(Self.senders) clients posting at once. The server has no switch that turns "
            + "contributions off, so \"before contributions\" (SQLite only) is the figure passed as --ingestion-before (default: the last one "
            + "recorded in Benchmarks/README.md, another run), and \(baselines) in this run: into a new store (the best of \(Self.directRounds) "
            + "rounds of \(Self.grouped(Self.directBatches * Self.batchSize)) rows), and into a store that grows with the server's, level by level.")
        return lines.joined(separator: "\n")
    }

    /// Milliseconds per 100-event batch at `rowsPerSecond`.
    static func batchMilliseconds(_ rowsPerSecond: Double) -> Double { Double(batchSize) / rowsPerSecond * 1000 }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
