import Foundation
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#endif

/// What one SDK key can make the server do through one user (docs/ARCHITECTURE.md, "Report
/// contributions in the stores", limits per user): batches of 1,000 events about one user and one
/// flow, each event with its own experiment and variation, step id and revision (~360 KB a batch),
/// posted one after another, while another environment posts a one-event batch beside each.
///
/// `waypoint-server-benchmarks amplification [BATCHES] [--database postgres://…]`: per batch its
/// time, what was accepted, and how long the other writer waited; then the server's CPU time, peak
/// memory and the storage the batches added (the SQLite data folder, or `pg_database_size` through
/// `psql`). The target: < 3 s a batch, < 30 MB in all, < 600 MB of memory, the other writer < 3 s.
struct AmplificationBenchmark {
    var batches = 5
    var database: String?

    /// The options after `amplification`.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--database" {
                guard let url = rest.popFirst() else { throw BenchmarkError.usage("--database needs a postgres:// URL") }
                database = url
            } else if let number = Int(argument), number > 0 {
                batches = number
            } else {
                throw BenchmarkError.usage("\(argument) is not a number of batches: waypoint-server-benchmarks amplification [BATCHES] [--database URL]")
            }
        }
    }

    /// Event `index` of the payload: every value its own.
    static func line(_ index: Int) -> String {
        let padding = String(repeating: "x", count: 60)
        let second = index % 3600
        let time = String(format: "2026-01-01T%02d:%02d:%02d.000Z", second / 3600, second / 60 % 60, second % 60)
        return #"{"messageId":"amp-\#(index)","userId":"target","event":"Step Viewed","timestamp":"\#(time)","flowId":"signup","#
            + #""stepId":"step-\#(index)-\#(padding)","experiment":"experiment-\#(index)-\#(padding)","#
            + #""variation":"variation-\#(index)-\#(padding)","revision":\#(index + 1)}"#
    }

    func run() async throws {
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("waypoint-amplification-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let data = work.appendingPathComponent("data")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("waypoint-server")
        let port = 18_490
        let store = database.map { ["--database", $0] } ?? ["--data", data.path]
        let server = try ServerBenchmarks.start(
            binary.path, ["serve", "--port", "\(port)", "--rate-limit", "1000000000", "--burst", "1000000000"] + store,
            environment: ["WAYPOINT_ADMIN_TOKEN": ServerBenchmarks.token], log: work.appendingPathComponent("server.log"))
        defer { kill(server.processIdentifier, SIGTERM); server.waitUntilExit() }
        try await ServerBenchmarks.waitFor(port: port)

        let admin = [("Authorization", "Bearer \(ServerBenchmarks.token)")]
        let app = "amplification-\(getpid())"
        let created = try await ServerBenchmarks.send(
            port, "/v1/apps", method: .POST, headers: admin, body: Data(#"{"id":"\#(app)","name":"Amplification"}"#.utf8))
        let keys = ((try JSONSerialization.jsonObject(with: created.body) as? [String: Any])?["environments"] as? [[String: String]]) ?? []
        guard let production = keys.first(where: { $0["name"] == "production" })?["sdkKey"],
              let staging = keys.first(where: { $0["name"] == "staging" })?["sdkKey"] else {
            throw BenchmarkError("creating the app answered \(created.status)")
        }
        let storageBefore = try storageBytes(data: data)
        let cpuBefore = Self.cpuSeconds(of: server.processIdentifier)
        print("| Batch | Time | Accepted | Rejected | Other environment's one-event batch waited |\n|---|---|---|---|---|")
        var slowest = Duration.zero, slowestOther = Duration.zero
        for batch in 0..<batches {
            let lines = (batch * 1000..<(batch + 1) * 1000).map(Self.line)
            let body = Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8)
            async let other: Duration = {
                try await Task.sleep(for: .milliseconds(100))
                let start = ContinuousClock.now
                let one = #"{"batch":[{"messageId":"other-\#(batch)","userId":"someone","event":"Flow Started","timestamp":"2026-01-01T00:00:00.000Z","flowId":"signup"}]}"#
                let answer = try await ServerBenchmarks.send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", staging)],
                                                            body: Data(one.utf8), timeout: .seconds(600))
                guard answer.status == 200 else { throw BenchmarkError("the other environment's batch answered \(answer.status)") }
                return ContinuousClock.now - start
            }()
            let start = ContinuousClock.now
            let answer = try await ServerBenchmarks.send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", production)],
                                                        body: body, timeout: .seconds(600))
            let time = ContinuousClock.now - start
            let waited = try await other
            guard answer.status == 200, let receipt = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
                throw BenchmarkError("batch \(batch + 1) answered \(answer.status)")
            }
            let rejected = (receipt["rejected"] as? [Any])?.count ?? 0
            print("| \(batch + 1) (\(body.count / 1024) KB) | \(Self.format(time)) | \(receipt["accepted"] as? Int ?? 0) | \(rejected) | \(Self.format(waited)) |")
            slowest = max(slowest, time)
            slowestOther = max(slowestOther, waited)
        }
        let cpu = Self.cpuSeconds(of: server.processIdentifier) - cpuBefore
        let storage = try storageBytes(data: data) - storageBefore
        let peak = Self.peakMemoryBytes(of: server.processIdentifier)

        // The costliest event one user can still make the server take: one more event for a user
        // one short of every limit (999 events over 16 revisions, 8 experiments, 16 variations and
        // 200 step ids), which recomputes all of them.
        let limits = (events: 1_000, revisions: 16, experiments: 8, variations: 16, steps: 200)
        let heavy = (0..<limits.events).map { index in
            let second = index % 3600
            let time = String(format: "2026-01-02T%02d:%02d:%02d.000Z", second / 3600, second / 60 % 60, second % 60)
            let name = ["Flow Started", "Step Viewed", "Step Completed"][index % 3]
            return #"{"messageId":"heavy-\#(index)","userId":"heavy","event":"\#(name)","timestamp":"\#(time)","flowId":"signup","#
                + #""stepId":"step-\#(index % limits.steps)","experiment":"experiment-\#(index % limits.experiments)","#
                + #""variation":"variation-\#(index % limits.variations)","revision":\#(1 + index % limits.revisions),"#
                + #""outcome":"next","durationMs":\#(index * 37 % 5000)}"#
        }
        for start in stride(from: 0, to: limits.events - 1, by: 1000) {
            let lines = heavy[start..<min(start + 1000, limits.events - 1)]
            _ = try await ServerBenchmarks.send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", production)],
                                                body: Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8), timeout: .seconds(600))
        }
        let lastStart = ContinuousClock.now
        let last = try await ServerBenchmarks.send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", production)],
                                                   body: Data(#"{"batch":[\#(heavy[limits.events - 1])]}"#.utf8), timeout: .seconds(600))
        let lastTime = ContinuousClock.now - lastStart
        let lastAccepted = (try? JSONSerialization.jsonObject(with: last.body) as? [String: Any])?["accepted"] as? Int ?? 0
        print("")
        print("One event for a user one short of every limit: \(Self.format(lastTime)) (accepted \(lastAccepted)), "
            + "the most one event can cost.")
        print("")
        print("Slowest batch \(Self.format(slowest)) (target < 3 s); the other writer waited at most \(Self.format(slowestOther)) (target < 3 s); "
            + "server CPU \(String(format: "%.2f", cpu)) s; storage added \(String(format: "%.1f", Double(storage) / 1_048_576)) MB (target < 30 MB); "
            + "server peak memory \(peak >> 20) MB (target < 600 MB); store: \(database == nil ? "SQLite" : "PostgreSQL").")
    }

    /// The store's size: the SQLite data folder's files, or the PostgreSQL database's size.
    private func storageBytes(data: URL) throws -> Int {
        if let database {
            let psql = Process()
            psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            psql.arguments = ["psql", database, "-Atc", "SELECT pg_database_size(current_database())"]
            let output = Pipe()
            psql.standardOutput = output
            try psql.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            psql.waitUntilExit()
            guard let size = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkError("psql could not read the database's size: \(text)")
            }
            return size
        }
        let files = (try? FileManager.default.contentsOfDirectory(at: data, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }

    /// The process's user and system CPU time, from `/proc/PID/stat`.
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's peak resident memory (`VmHWM`).
    static func peakMemoryBytes(of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first(where: { Int($0) != nil }) ?? "") else { return 0 }
        return kilobytes << 10
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
