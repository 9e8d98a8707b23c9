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

/// The text of a document with one layered flow of `steps` steps: a start step, then layers of
/// `width` steps, each leading to every step of the next layer (`width` outcomes a step), every
/// third step with a condition (skipped to the next step in document order). With `unknownTargets`,
/// every step also has an outcome to a step that does not exist: as many lint errors as steps, each
/// with its line, column and did-you-mean. Wide steps, shared skip chains and many findings are what
/// once made validation, lint and counting grow with the square of a flow's size.
func cliLayeredText(steps: Int = 10_001, width: Int = 10, unknownTargets: Bool = false) -> Data {
    let layers = max(1, (steps - 1) / width)
    func id(_ layer: Int, _ index: Int) -> String { "l\(layer)-\(index)" }
    func outcomes(to layer: Int, from step: Int) -> String {
        var pairs = layer < layers ? (0..<width).map { #""o\#($0)": "\#(id(layer, $0))""# } : [#""next": "$complete""#]
        if unknownTargets { pairs.append(#""lost": "missing-\#(step)""#) }
        return pairs.joined(separator: ", ")
    }
    var items = [#"{"id": "start", "screen": "Start", "on": {\#(outcomes(to: 0, from: 0))}}"#]
    items.reserveCapacity(steps)
    for layer in 0..<layers {
        for index in 0..<width {
            let number = layer * width + index + 1
            let when = number % 3 == 0 ? #", "when": {"country": {"$in": ["US", "CA"]}}"# : ""
            items.append(#"{"id": "\#(id(layer, index))", "screen": "Screen\#(index)", "on": {\#(outcomes(to: layer + 1, from: number))}\#(when)}"#)
        }
    }
    return Data(#"{"schemaVersion": 1, "flows": [{"id": "layered", "steps": [\#(items.joined(separator: ",\n"))]}]}"#.utf8)
}

/// What `waypoint validate` then `waypoint paths --count` do with a file's bytes: validate with lint's
/// errors located, then count the flow's paths (nothing to count when the document has errors).
@inline(never)
func validateAndCount(_ data: Data, flow: String) -> Int {
    let validation = WaypointDocument.validate(data)
    blackHole(validation.errorDiagnostics)
    guard let document = validation.document, let count = try? document.flowGraph(id: flow).countPaths() else { return 0 }
    return count.description.count
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
    // A layered flow (wide steps, shared skip chains) and one with an unknown target per step, at
    // 1,001 and 10,001 steps: the work after process start, reading the file included. Linear work
    // takes about 10× as long for 10× the steps; the square of the size would take 100×.
    var layered: [String] = []
    for (name, unknown) in [("layered flow", false), ("layered flow, an unknown target per step", true)] {
        let small = cliLayeredText(steps: 1_001, unknownTargets: unknown)
        let large = cliLayeredText(steps: 10_001, unknownTargets: unknown)
        var digits = 0
        let smallTime = measure("\(name) 1,001", operations: 1, rounds: 7) { blackHole(validateAndCount(small, flow: "layered")) }
        let largeTime = measure("\(name) 10,001", operations: 1, rounds: 7) { digits = validateAndCount(large, flow: "layered") }
        let growth = largeTime.nanosecondsPerOperation / smallTime.nanosecondsPerOperation
        layered += [
            "  \(name), 1,001 steps: validate + lint + count  \(format(smallTime.nanosecondsPerOperation))",
            "  \(name), 10,001 steps (\(large.count / 1024) KB): validate + lint + count  \(format(largeTime.nanosecondsPerOperation))  "
                + "(target < 100 ms; \(String(format: "%.1f", growth))× the 1,001-step time, about 10× when linear\(unknown ? "" : "; \(digits) digits"))",
        ]
    }
    return [
        "Lint and path counting, a flow of 10,000 steps (\(data.count / 1024) KB, decoded once beforehand):",
        "  lint (with lines and columns)       \(format(lint.nanosecondsPerOperation))",
        "  count paths                         \(format(count.nanosecondsPerOperation))  (\(digits) digits)",
        "  lint + count paths                  \(format(both.nanosecondsPerOperation))  (target < 100 ms)",
        "  validate (decode, lines, columns)   \(format(decode.nanosecondsPerOperation))",
        "  validate + lint + count paths       \(format(whole.nanosecondsPerOperation))  (`waypoint paths --count` beyond process start)",
        "  count paths, 100,000 steps          \(format(largeCount.nanosecondsPerOperation))  (\(largeDigits) digits)",
    ] + layered
}
