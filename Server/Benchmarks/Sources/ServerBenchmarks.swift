import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WaypointServer
import WaypointTools

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's performance targets (docs/ARCHITECTURE.md, "Performance targets"), measured side by side in one run on loopback:
/// document serving against nginx (with `wrk`), ingestion against SQLite inserts in one process,
/// and the flow report over stored events against the CLI's funnel on the export.
///
/// `swift run -c release --package-path Server/Benchmarks waypoint-server-benchmarks [EVENTS] [SECONDS]
/// [--report-levels 1000000,3000000,10000000] [--reports-only]`, or `… waypoint-server-benchmarks serving
/// [SECONDS] [ROUNDS]` for document serving alone (no events stored) (needs `nginx` and `wrk` on the
/// PATH: `apt-get install nginx wrk`); the reports at scale are ``ReportScaleBenchmark``'s.
@main
struct ServerBenchmarks {
    static let token = "benchmark-admin-token-0123456789abcdef0123456789"

    /// Runs the benchmarks; a failure or a bad argument is one line on standard error and exit
    /// status 1 (64 for a bad argument), never a crash report.
    static func main() async {
        do {
            try await run()
        } catch let error as BenchmarkError {
            FileHandle.standardError.write(Data("waypoint-server-benchmarks: \(error)\n".utf8))
            exit(error.exitStatus)
        } catch {
            FileHandle.standardError.write(Data("waypoint-server-benchmarks: \(error)\n".utf8))
            exit(1)
        }
    }

    static let usage = """
        Usage:
          waypoint-server-benchmarks [EVENTS] [SECONDS]
              every workload, over EVENTS stored events (default 1000000), wrk for SECONDS (default 5)
          waypoint-server-benchmarks serving [SECONDS] [ROUNDS]
              GET /v1/document only, against the minimal Hummingbird ceiling and nginx (default 5 s, 2 rounds)
          waypoint-server-benchmarks --report-levels 1000000,3000000,10000000 [--reports-only] [--ingestion-before ROWS_PER_SECOND]
                                     [--start-order daily|random] [--database postgres://…]
              reports and ingestion at each level of stored events, then the workloads above unless --reports-only;
              users posted as they start (daily, the default) or history in random order; SQLite unless --database
              (an empty PostgreSQL database; the storage limit is made in a database beside it)
          waypoint-server-benchmarks amplification [BATCHES] [--database postgres://…]
              BATCHES (default 5) batches of 1,000 events about one user, every value new; SQLite unless --database
        Benchmarks/README.md says what each figure means and gives the last results.
        """

    static func run() async throws {
        if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(usage)
            return
        }
        if CommandLine.arguments.dropFirst().first == "amplification" {
            try await AmplificationBenchmark(arguments: Array(CommandLine.arguments.dropFirst(2))).run()
            return
        }
        if let scale = try ReportScaleOptions.parse(CommandLine.arguments) {
            try await ReportScaleBenchmark(options: scale).run()
            if scale.only { return }
        }
        let arguments = ReportScaleOptions.positional(CommandLine.arguments)
        let servingOnly = arguments.count > 1 && arguments[1] == "serving"
        let numbers = servingOnly ? Array(arguments.dropFirst(2)) : Array(arguments.dropFirst())
        for argument in numbers where Int(argument) == nil {
            throw BenchmarkError.usage("\(argument) is not a number: waypoint-server-benchmarks [EVENTS] [SECONDS], or serving [SECONDS] [ROUNDS]")
        }
        let totalEvents = servingOnly ? 0 : numbers.first.flatMap { Int($0) } ?? 1_000_000
        let seconds = (servingOnly ? numbers.first : numbers.dropFirst().first).flatMap { Int($0) } ?? 5
        let rounds = servingOnly ? numbers.dropFirst().first.flatMap { Int($0) } ?? 2 : 2
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("waypoint-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("waypoint-server")
        let port = 18_480
        let server = try start(binary.path, ["serve", "--data", work.appendingPathComponent("data").path, "--port", "\(port)",
                                             "--rate-limit", "1000000000", "--burst", "1000000000"],
                               environment: ["WAYPOINT_ADMIN_TOKEN": token], log: work.appendingPathComponent("server.log"))
        defer { kill(server.processIdentifier, SIGTERM); server.waitUntilExit() }
        try await waitFor(port: port)

        let admin = [("Authorization", "Bearer \(token)")]
        let created = try await send(port, "/v1/apps", method: .POST, headers: admin, body: Data(#"{"id":"bench","name":"Bench"}"#.utf8))
        let key = (try JSONSerialization.jsonObject(with: created.body) as? [String: Any]).flatMap {
            ($0["environments"] as? [[String: String]])?.first?["sdkKey"]
        } ?? ""
        let document = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Documents/waypoint.json"))
        _ = try await send(port, "/v1/apps/bench/revisions", method: .POST, headers: admin, body: document)
        _ = try await send(port, "/v1/apps/bench/environments/production/publish", method: .POST, headers: admin, body: Data(#"{"revision":1}"#.utf8))
        let served = try await send(port, "/v1/document", headers: [("Waypoint-Key", key)])
        let etag = served.headers.first(name: "ETag") ?? ""

        var rows: [(String, String)] = []

        // Document serving, against the framework's ceiling and nginx serving the same bytes with their ETags.
        rows += try await serving(port: port, key: key, etag: etag, document: document, binary: binary, work: work,
                                  seconds: seconds, rounds: rounds)
        if servingOnly {
            print("| Work | Result |\n|---|---|")
            for (work, result) in rows { print("| \(work) | \(result) |") }
            return
        }

        // Ingestion of 100-event batches, against the same rows inserted straight into SQLite.
        let users = totalEvents / 10
        let batchCount = totalEvents / 100
        let ingestStart = ContinuousClock.now
        try await ingest(port: port, key: key, batches: batchCount) { eventLine($0, users: users) }
        let serverRowsPerSecond = Double(batchCount * 100) / (ContinuousClock.now - ingestStart).seconds
        let directRowsPerSecond = try RawSQLiteBaseline.rowsPerSecond(
            directory: work.appendingPathComponent("direct"), batches: min(batchCount, 2000)
        ) { batch in
            (0..<100).map { index -> StoredEvent in
                let number = batch * 100 + index
                return StoredEvent(messageID: "m\(number)", userID: "u\(number % users)", flowID: "signup", timestamp: Int64(number),
                                   environment: "production", receivedAt: 0, line: eventLine(number, users: users))
            }
        }
        rows.append(("POST /v1/events, 100-event batches (rows/s)",
                     "\(Int(serverRowsPerSecond)) vs SQLite in one process \(Int(directRowsPerSecond)): \(ratio(serverRowsPerSecond, directRowsPerSecond)) (target ≥ 0.3×)"))

        // The flow report over every stored event, against the funnel over the export as a file.
        let reportStart = ContinuousClock.now
        let report = try await send(port, "/v1/apps/bench/funnel?flow=signup&steps=splash,registration,personalization", headers: admin, timeout: .minutes(10))
        let serverReport = (ContinuousClock.now - reportStart).seconds
        guard report.status == 200 else { throw BenchmarkError("funnel answered \(report.status): \(String(decoding: report.body, as: UTF8.self))") }
        let export = try await send(port, "/v1/apps/bench/events?format=jsonl", headers: admin, timeout: .minutes(10))
        let file = work.appendingPathComponent("events.jsonl")
        try export.body.write(to: file)
        let fileStart = ContinuousClock.now
        _ = try Funnel.compute(file: file, query: FunnelQuery(flowID: "signup", steps: ["splash", "registration", "personalization"]))
        let fileReport = (ContinuousClock.now - fileStart).seconds
        rows.append(("Funnel over \(batchCount * 100) stored events (s)",
                     String(format: "%.2f vs the CLI's funnel on the export %.2f: %@ (target ≤ 2×)", serverReport, fileReport, ratio(serverReport, fileReport))))

        // The dashboard's report pages, signed in as a browser is: the flow page over the same
        // events, the walkthrough page over as many walkthrough events (another app).
        let cookie = try await signIn(port: port)
        let tours = try await send(port, "/v1/apps", method: .POST, headers: admin, body: Data(#"{"id":"tours","name":"Tours"}"#.utf8))
        let toursKey = (try JSONSerialization.jsonObject(with: tours.body) as? [String: Any]).flatMap {
            ($0["environments"] as? [[String: String]])?.first?["sdkKey"]
        } ?? ""
        _ = try await send(port, "/v1/apps/tours/revisions", method: .POST, headers: admin, body: document)
        _ = try await send(port, "/v1/apps/tours/environments/production/publish", method: .POST, headers: admin, body: Data(#"{"revision":1}"#.utf8))
        try await ingest(port: port, key: toursKey, batches: batchCount) { hintLine($0, users: users) }
        for (label, path) in [("flow report page", "/apps/bench/flows/signup"), ("walkthrough report page", "/apps/tours/walkthroughs/layering")] {
            let start = ContinuousClock.now
            let page = try await send(port, path, headers: [("Cookie", cookie)], timeout: .minutes(10))
            let elapsed = (ContinuousClock.now - start).seconds
            guard page.status == 200 else { throw BenchmarkError("\(path) answered \(page.status)") }
            rows.append(("Dashboard \(label), \(batchCount * 100) stored events (s)", String(format: "%.2f (target < 2 s), %d KB of HTML", elapsed, page.body.count / 1024)))
        }
        rows.append(("Server memory (peak resident)", memory(of: server.processIdentifier)))

        print("| Work | Result |\n|---|---|")
        for (work, result) in rows { print("| \(work) | \(result) |") }
    }

    /// `wrk` against `GET /v1/document` of waypoint-server, of the ceiling (a minimal Hummingbird
    /// application answering the same bytes and headers, 304 included, with no other work) and of
    /// nginx, 200 then 304, in `rounds` rounds one after the other; each figure is the best of its rounds.
    static func serving(port: Int, key: String, etag: String, document: Data, binary: URL, work: URL, seconds: Int,
                        rounds: Int) async throws -> [(String, String)] {
        let nginxPort = port + 1
        let nginx = try startNginx(document: document, port: nginxPort, directory: work)
        defer { kill(nginx.processIdentifier, SIGQUIT); nginx.waitUntilExit() }
        let ceilingPort = port + 2
        let documentFile = work.appendingPathComponent("www/document.json")
        let ceiling = try start(binary.deletingLastPathComponent().appendingPathComponent("waypoint-document-ceiling").path,
                                ["\(ceilingPort)", documentFile.path, etag, "1"], log: work.appendingPathComponent("ceiling.log"))
        defer { kill(ceiling.processIdentifier, SIGTERM); ceiling.waitUntilExit() }
        try await waitFor(port: nginxPort, path: "/v1/document")
        try await waitFor(port: ceilingPort, path: "/v1/document")
        let nginxETag = try await send(nginxPort, "/v1/document").headers.first(name: "ETag") ?? ""
        let served = try await send(port, "/v1/document", headers: [("Waypoint-Key", key)])
        let fromCeiling = try await send(ceilingPort, "/v1/document")
        for header in ["ETag", "Cache-Control", "Waypoint-Revision", "Content-Type", "Content-Length"]
        where served.headers.first(name: header) != fromCeiling.headers.first(name: header) {
            throw BenchmarkError("the ceiling's \(header) is \(fromCeiling.headers.first(name: header) ?? "missing"), "
                                 + "waypoint-server's \(served.headers.first(name: header) ?? "missing")")
        }
        guard served.body == fromCeiling.body, served.body == document else { throw BenchmarkError("the ceiling serves other bytes") }

        let runs: [(name: String, port: Int, ok: [String], notModified: [String])] = [
            ("ceiling", ceilingPort, [], ["If-None-Match: \(etag)"]),
            ("waypoint-server", port, ["Waypoint-Key: \(key)"], ["Waypoint-Key: \(key)", "If-None-Match: \(etag)"]),
            ("nginx", nginxPort, [], ["If-None-Match: \(nginxETag)"]),
        ]
        var best: [String: Double] = [:]
        for round in 1...max(1, rounds) {
            for status in ["200", "304"] {
                for run in runs {
                    let rate = try wrk(port: run.port, headers: status == "200" ? run.ok : run.notModified, seconds: seconds,
                                       expect: status == "200" ? 200 : 304)
                    print("round \(round): \(run.name) \(status): \(Int(rate)) requests/s")
                    best[run.name + " " + status] = max(best[run.name + " " + status] ?? 0, rate)
                }
            }
        }
        return ["200", "304"].map { status in
            let server = best["waypoint-server " + status] ?? 0
            let ceiling = best["ceiling " + status] ?? 0
            let nginx = best["nginx " + status] ?? 0
            return ("GET /v1/document \(status) (requests/s)",
                    "\(Int(server)) vs ceiling \(Int(ceiling)): \(ratio(server, ceiling)) (target ≥ 0.85×); "
                        + "vs nginx \(Int(nginx)): \(ratio(server, nginx)) (target ≥ 0.5×)")
        }
    }

    /// Posts `batches` batches of 100 events (`line(n)` for event n) from 8 concurrent clients.
    static func ingest(port: Int, key: String, batches: Int, line: @escaping @Sendable (Int) -> String) async throws {
        let senders = 8
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    var batch = sender
                    while batch < batches {
                        let lines = (0..<100).map { line(batch * 100 + $0) }
                        let answer = try await send(port, "/v1/events", method: .POST, headers: [("Waypoint-Key", key)],
                                                    body: Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8))
                        guard answer.status == 200 else { throw BenchmarkError("ingestion answered \(answer.status)") }
                        batch += senders
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Signs in through the dashboard's form and returns the `Cookie` header of the session.
    static func signIn(port: Int) async throws -> String {
        let form = try await send(port, "/login")
        let html = String(decoding: form.body, as: UTF8.self)
        guard let field = html.range(of: #"name="csrf" value=""#),
              let end = html[field.upperBound...].firstIndex(of: "\"") else { throw BenchmarkError("no sign-in form") }
        let csrf = String(html[field.upperBound..<end])
        let signInCookie = form.headers["Set-Cookie"].first.map { String($0.prefix { $0 != ";" }) } ?? ""
        let body = "token=\(token)&csrf=\(csrf.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? csrf)&next=%2Fapps"
        let answer = try await send(port, "/login", method: .POST, headers: [
            ("Cookie", signInCookie), ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: Data(body.utf8))
        guard let session = answer.headers["Set-Cookie"].first(where: { $0.hasPrefix("waypoint_session=") }) else {
            throw BenchmarkError("signing in answered \(answer.status)")
        }
        return String(session.prefix { $0 != ";" })
    }

    static func eventLine(_ number: Int, users: Int) -> String {
        let steps = ["splash", "registration", "personalization"]
        let user = number % users
        let position = number / users
        let name = position == 0 ? "Flow Started" : position >= 9 ? "Flow Completed" : "Step Viewed"
        let step = position == 0 || position >= 9 ? "" : #","stepId":"\#(steps[min(position - 1, 2)])","stepIndex":\#(position - 1)"#
        let millisecond = position * 1000 + user % 1000
        let time = String(format: "2026-01-01T00:%02d:%02d.%03dZ", millisecond / 60_000, millisecond / 1000 % 60, millisecond % 1000)
        let variation = user % 2 == 0 ? "control" : "short"
        return #"{"messageId":"m\#(number)","userId":"u\#(user)","event":"\#(name)","timestamp":"\#(time)","flowId":"signup","flowVersion":1\#(step),"experiment":"short-signup","variation":"\#(variation)"}"#
    }

    /// A walkthrough event of `layering`: each user is shown `intro`, completes it, then `panel-cell`.
    static func hintLine(_ number: Int, users: Int) -> String {
        let user = number % users
        let position = number / users
        let names = ["Walkthrough Started", "Hint Shown", "Hint Completed", "Hint Shown", "Hint Completed", "Walkthrough Completed"]
        let name = names[min(position, names.count - 1)]
        let step = position == 0 || position >= 5 ? "" : #","stepId":"\#(position < 3 ? "intro" : "panel-cell")""#
        let trigger = name == "Hint Completed" ? #","trigger":"tap""# : ""
        let millisecond = position * 1000 + user % 1000
        let time = String(format: "2026-01-01T00:%02d:%02d.%03dZ", millisecond / 60_000, millisecond / 1000 % 60, millisecond % 1000)
        return #"{"messageId":"h\#(number)","userId":"u\#(user)","event":"\#(name)","timestamp":"\#(time)","walkthroughId":"layering","walkthroughVersion":2,"appVersion":"2.\#(user % 3)"\#(step)\#(trigger)}"#
    }

    static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", b > 0 ? a / b : 0) }

    static func memory(of pid: Int32) -> String {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let lines = status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }
        return lines.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "  ", with: "") }.joined(separator: ", ")
    }

    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
    }

    /// A client that shows redirects instead of following them (signing in answers 303 with the cookie).
    static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    static func send(_ port: Int, _ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: Data? = nil,
                     timeout: TimeAmount = .seconds(30)) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let collected = try await response.body.collect(upTo: 1 << 30)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(collected.readableBytesView))
    }

    static func waitFor(port: Int, path: String = "/health") async throws {
        for _ in 0..<600 {
            if let answer = try? await send(port, path, timeout: .seconds(1)), answer.status < 500 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchmarkError("nothing answers on port \(port)")
    }

    static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:], log: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    static func startNginx(document: Data, port: Int, directory: URL) throws -> Process {
        let root = directory.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try document.write(to: root.appendingPathComponent("document.json"))
        let configuration = """
            daemon off;
            worker_processes auto;
            \(getuid() == 0 ? "user root;" : "")
            error_log \(directory.path)/nginx-error.log;
            pid \(directory.path)/nginx.pid;
            events { worker_connections 4096; }
            http {
                # Like the server's one line per request.
                access_log \(directory.path)/nginx-access.log;
                client_body_temp_path \(directory.path)/tmp; proxy_temp_path \(directory.path)/tmp;
                fastcgi_temp_path \(directory.path)/tmp; uwsgi_temp_path \(directory.path)/tmp; scgi_temp_path \(directory.path)/tmp;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    location = /v1/document {
                        default_type application/json;
                        etag on;
                        add_header Cache-Control "max-age=60";
                        try_files /document.json =404;
                    }
                }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        return try start(try which("nginx"), ["-c", file.path, "-p", directory.path], log: directory.appendingPathComponent("nginx.log"))
    }

    /// Requests per second that `wrk` measured.
    ///
    /// A Lua script makes `wrk` count answers of another status than `expect` (a 429 or a 200 where a
    /// 304 is meant), and any makes the run fail.
    static func wrk(port: Int, headers: [String], seconds: Int, expect: Int) throws -> Double {
        let script = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("waypoint-bench-wrk-\(getpid())-\(expect).lua")
        try """
            -- Each thread counts in its own Lua state; done() adds the counts up.
            local threads = {}
            function setup(thread) table.insert(threads, thread) end
            other = 0
            function response(status, headers, body)
              if status ~= \(expect) then other = other + 1 end
            end
            function done(summary, latency, requests)
              local total = 0
              for _, thread in ipairs(threads) do total = total + thread:get("other") end
              io.write("Other statuses: " .. total .. "\\n")
            end
            """.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try which("wrk"))
        process.arguments = ["-t2", "-c64", "-d\(seconds)s", "--timeout", "5s", "-s", script.path] + headers.flatMap { ["-H", $0] }
            + ["http://127.0.0.1:\(port)/v1/document"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
              let value = Double(line.split(separator: " ").last ?? "") else {
            throw BenchmarkError("wrk printed no rate: \(text)")
        }
        if text.contains("Non-2xx or 3xx responses") { throw BenchmarkError("wrk saw errors: \(text)") }
        if !text.contains("Other statuses: 0\n") { throw BenchmarkError("wrk saw answers other than \(expect): \(text)") }
        return value
    }

    static func which(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/usr/sbin", "/bin", "/sbin"]
        if let found = directories.map({ $0 + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
        throw BenchmarkError("\(name) is not installed: apt-get install nginx wrk")
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    /// 1, or 64 for an argument the benchmark does not understand.
    let exitStatus: Int32

    init(_ description: String) {
        self.description = description
        exitStatus = 1
    }

    private init(_ description: String, exitStatus: Int32) {
        self.description = description
        self.exitStatus = exitStatus
    }

    /// An argument the benchmark does not understand; `description` says what it takes.
    static func usage(_ description: String) -> BenchmarkError { BenchmarkError(description, exitStatus: 64) }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
