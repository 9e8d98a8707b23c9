import Foundation

/// The command-line options of the reports-at-scale part of the server benchmark
/// (``ReportScaleBenchmark``); the positional `EVENTS SECONDS` of the other parts stay as they were.
///
/// - `--report-levels 1000000,3000000,10000000`: the stored-event counts to measure at, in one run
///   (ascending). Without it the part does not run.
/// - `--reports-only`: run only this part.
/// - `--ingestion-before ROWS_PER_SECOND`: the ingestion figure recorded before the server kept
///   report contributions, to compare the cost per batch against (default: Benchmarks/README.md's
///   last such figure).
/// - `--start-order daily|random`: users start day after day, as they are posted (the default:
///   what live apps send), or on days drawn at random (history imported in no order)
///   (``SignupRun/StartOrder``).
/// - `--database postgres://user:password@host:port/database`: the server runs on that PostgreSQL
///   database (which must hold no app yet) instead of a SQLite folder, and the storage limit is
///   PostgreSQL's, in a database made beside it (``GrowingRawPostgres``).
struct ReportScaleOptions: Sendable {
    /// Stored-event counts to measure at, ascending.
    var levels: [Int]
    /// Whether the other parts of the benchmark are skipped.
    var only = false
    /// Rows/s of `POST /v1/events` recorded before contributions (2026-11-23, 8 clients, 100-event batches).
    var ingestionBefore = 37_463.0
    /// How users' starts follow the order they are posted in.
    var startOrder = SignupRun.StartOrder.daily
    /// The PostgreSQL database the server runs on; nil: SQLite.
    var database: String?

    static let valued = ["--report-levels", "--ingestion-before", "--start-order", "--database"]
    static let flags = ["--reports-only"]

    /// The options in `arguments` (the program's, name first); nil when `--report-levels` is absent.
    static func parse(_ arguments: [String]) throws -> ReportScaleOptions? {
        var options = ReportScaleOptions(levels: [])
        var index = 1
        var asked = false
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) {
                options.only = true
            } else if valued.contains(argument) {
                guard index + 1 < arguments.count else { throw BenchmarkError.usage("\(argument) needs a value, such as \(argument) \(example(argument))") }
                let value = arguments[index + 1]
                if argument == "--report-levels" {
                    options.levels = try levels(value)
                    asked = true
                } else if argument == "--start-order" {
                    guard let order = SignupRun.StartOrder(rawValue: value) else {
                        throw BenchmarkError.usage("--start-order \(value) is not an order; write "
                            + SignupRun.StartOrder.allCases.map { "--start-order \($0.rawValue)" }.joined(separator: " or "))
                    }
                    options.startOrder = order
                } else if argument == "--database" {
                    options.database = value
                } else {
                    guard let rate = Double(value), rate > 0 else {
                        throw BenchmarkError.usage("--ingestion-before \(value) is not a rate; write rows per second, such as --ingestion-before 37463")
                    }
                    options.ingestionBefore = rate
                }
                index += 1
            } else if argument.hasPrefix("--") {
                let known = valued + flags
                let near = known.first { $0.hasPrefix(argument) || argument.hasPrefix($0) }.map { " Did you mean \($0)?" } ?? ""
                throw BenchmarkError.usage("\(argument) is not an option of the benchmark.\(near) It takes \(known.joined(separator: ", ")), "
                    + "beside the positional EVENTS and SECONDS")
            }
            index += 1
        }
        if options.only && !asked { throw BenchmarkError.usage("--reports-only needs --report-levels, such as --report-levels \(example("--report-levels"))") }
        return asked ? options : nil
    }

    /// `arguments` without the options above and their values, for the positional `EVENTS SECONDS`.
    static func positional(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if valued.contains(argument) { skipNext = true; continue }
            if flags.contains(argument) { continue }
            kept.append(argument)
        }
        return kept
    }

    private static func levels(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let levels = parts.compactMap { Int($0.replacingOccurrences(of: "_", with: "")) }
        guard levels.count == parts.count, !levels.isEmpty, levels.allSatisfy({ $0 >= 100 }) else {
            throw BenchmarkError.usage("--report-levels \(text) is not a list of event counts (each at least 100); write them ascending, "
                + "separated by commas, such as --report-levels \(example("--report-levels"))")
        }
        guard zip(levels, levels.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw BenchmarkError.usage("--report-levels \(text) is not ascending; events are only ever added, so list the levels from the smallest, "
                + "such as --report-levels \(levels.sorted().map(String.init).joined(separator: ","))")
        }
        return levels
    }

    private static func example(_ option: String) -> String {
        switch option {
        case "--report-levels": "1000000,3000000,10000000"
        case "--start-order": "random"
        case "--database": "postgres://postgres@127.0.0.1:5432/waypoint_bench"
        default: "37463"
        }
    }
}
