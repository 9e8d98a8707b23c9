import Foundation
import Waypoint
import WaypointTools

// What `waypoint lint` and `waypoint paths --count` do after reading the file: lint the decoded document
// (with lines and columns) and count the paths of a 10,000-step flow. The document is decoded once, outside
// the timing. Call `runGraphBenchmarks()` from main.swift; the callgrind workload is `cliGraphWorkload()`.
// `paths --count` alone on 10,000 and 100,000 steps (workloads `cli-count-10k`, `cli-count-100k`, with
// `cli-decode-10k`, `cli-decode-100k` as the same process without the count) is for peak memory, measured
// from outside: `/usr/bin/time -v .build/release/WaypointBenchmarks --workload cli-count-100k`.

/// The text of a document with one flow of `steps` steps; each goes one or two steps ahead, every tenth
/// has a condition (entered or skipped), so the flow has about F(steps) × 2^(steps/10) paths.
func cliLadderText(steps: Int = 10_000) -> Data {
    var items: [String] = []
    items.reserveCapacity(steps)
    for index in 0..<steps {
        let one = index + 1 < steps ? "s\(index + 1)" : "$complete"
        let two = index + 2 < steps ? "s\(index + 2)" : "$complete"
        let when = index % 10 == 5 ? #", "when": {"country": {"$in": ["US", "CA"]}}"# : ""
        items.append(#"{"id": "s\#(index)", "screen": "Screen\#(index % 7)", "on": {"one": "\#(one)", "two": "\#(two)"}\#(when)}"#)
    }
    return Data(#"{"schemaVersion": 1, "flows": [{"id": "ladder", "steps": [\#(items.joined(separator: ",\n"))]}]}"#.utf8)
}

/// Lints the document and counts the ladder's paths, as the two commands do; returns the count's digits.
@inline(never)
func lintAndCount(_ validation: DocumentValidation) -> Int {
    blackHole(validation.lint())
    guard let document = validation.document, let count = try? document.flowGraph(id: "ladder").countPaths() else { return 0 }
    return count.description.count
}

/// The callgrind workload: decode once, then lint and count.
func cliGraphWorkload() {
    blackHole(lintAndCount(WaypointDocument.validate(cliLadderText())))
}

/// Decodes a flow of `steps` steps and counts its paths, as `paths --count` does; the count's digits.
@inline(never)
func cliCountWorkload(steps: Int) -> Int {
    let validation = WaypointDocument.validate(cliLadderText(steps: steps))
    guard let count = try? validation.document?.flowGraph(id: "ladder").countPaths() else { return 0 }
    return count.description.count
}

/// The same process as `cliCountWorkload(steps:)` without the count: what the count's peak memory is
/// measured against.
@inline(never)
func cliDecodeWorkload(steps: Int) {
    let validation = WaypointDocument.validate(cliLadderText(steps: steps))
    blackHole(try? validation.document?.flowGraph(id: "ladder"))
}

/// Times lint + `paths --count` on a decoded 10,000-step flow (target < 100 ms).
func runGraphBenchmarks() -> [String] {
    let data = cliLadderText()
    let validation = WaypointDocument.validate(data)
    guard validation.isValid else { return ["graph: the benchmark document does not decode: \(validation.diagnostics.prefix(3))"] }
    var digits = 0
    let lint = measure("lint", operations: 1, rounds: 7) { blackHole(validation.lint()) }
    let count = measure("count", operations: 1, rounds: 7) {
        blackHole(try? validation.document?.flowGraph(id: "ladder").countPaths())
    }
    let both = measure("lint + count", operations: 1, rounds: 7) { digits = lintAndCount(validation) }
    // Reading the file is part of both commands: validation once had a step that grew with the
    // square of a flow's steps (each step id looked up in a list), unseen while only the work after
    // decoding was timed.
    let decode = measure("validate", operations: 1, rounds: 7) { blackHole(WaypointDocument.validate(data)) }
    let whole = measure("validate + lint + count", operations: 1, rounds: 7) { blackHole(lintAndCount(WaypointDocument.validate(data))) }
    let large = WaypointDocument.validate(cliLadderText(steps: 100_000))
    guard large.isValid else { return ["graph: the 100,000-step document does not decode: \(large.diagnostics.prefix(3))"] }
    var largeDigits = 0
    let largeCount = measure("count 100,000", operations: 1, rounds: 3) {
        largeDigits = (try? large.document?.flowGraph(id: "ladder").countPaths())?.description.count ?? 0
    }
    return [
        "Lint and path counting, a flow of 10,000 steps (\(data.count / 1024) KB, decoded once beforehand):",
        "  lint (with lines and columns)       \(format(lint.nanosecondsPerOperation))",
        "  count paths                         \(format(count.nanosecondsPerOperation))  (\(digits) digits)",
        "  lint + count paths                  \(format(both.nanosecondsPerOperation))  (target < 100 ms)",
        "  validate (decode, lines, columns)   \(format(decode.nanosecondsPerOperation))",
        "  validate + lint + count paths       \(format(whole.nanosecondsPerOperation))  (`waypoint paths --count` beyond process start)",
        "  count paths, 100,000 steps          \(format(largeCount.nanosecondsPerOperation))  (\(largeDigits) digits)",
    ]
}
