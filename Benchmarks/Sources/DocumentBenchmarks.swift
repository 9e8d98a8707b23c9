import Foundation
import Waypoint
import WaypointTools

// Documents: strict decoding with diagnostics against plain `JSONDecoder` into structs of the same shape
// (DocumentBaseline.swift), and graph analysis of a long flow. Call `runDocumentBenchmarks()` from
// main.swift; the callgrind workloads are `documentValidateWorkload()`, `documentPlainDecodeWorkload()`
// and `documentLintWorkload()`.

/// A document of `steps` steps in all: 60% in flows of 30 steps (outcomes, conditions, subflows), 40% in
/// walkthroughs of 40 steps (every field), with experiments.
func benchmarkDocumentText(steps: Int = 1_000, conditions: Bool = true) -> Data {
    var flows: [String] = []
    let flowSteps = steps * 6 / 10
    let flowCount = max(1, flowSteps / 30)
    for flow in 0..<flowCount {
        var items: [String] = []
        for step in 0..<30 {
            var fields = [#""id": "step-\#(step)""#]
            if step == 29 && flow + 1 < flowCount {
                fields.append(#""subflow": "flow-\#(flow + 1)""#)
            } else {
                fields.append(#""screen": "Screen\#(step)""#)
            }
            if step % 3 == 0 && step + 2 < 30 {
                fields.append(#""on": {"next": "step-\#(step + 1)", "skipAhead": "step-\#(step + 2)", "quit": "$complete"}"#)
            }
            if conditions && step % 5 == 1 {
                fields.append(#""when": {"country": {"$in": ["US", "CA", "GB"]}, "appLaunches": {"$gte": \#(step)}}"#)
            }
            items.append("{" + fields.joined(separator: ", ") + "}")
        }
        let variation = flow == 0 ? #", "experiment": "exp-0", "variation": "control""# : ""
        flows.append(#"{"id": "flow-\#(flow)", "version": 2\#(variation), "steps": [\#(items.joined(separator: ",\n"))]}"#)
    }
    var walkthroughs: [String] = []
    let walkthroughSteps = steps - flowCount * 30
    let walkthroughCount = max(1, walkthroughSteps / 40)
    for walkthrough in 0..<walkthroughCount {
        var items: [String] = []
        for step in 0..<40 {
            let trigger: String
            switch step % 5 {
            case 0: trigger = #"{"type": "tap", "elementId": "screen.element-\#(step)"}"#
            case 1: trigger = #"{"type": "swipe", "direction": "left"}"#
            case 2: trigger = #"{"type": "timer", "seconds": 4.5}"#
            case 3: trigger = #"{"type": "event", "name": "opened-\#(step)"}"#
            default: trigger = #"{"type": "button"}"#
            }
            let shape = step % 2 == 0 ? #"{"type": "circle"}"# : #"{"type": "rectangle", "cornerRadius": 8, "padding": 4}"#
            items.append(#"""
            {"id": "hint-\#(step)", "targetElementId": "screen.element-\#(step)", "highlightShape": \#(shape), \#
            "tooltipText": "Hint number \#(step) says something helpful here", "tooltipPosition": "below", \#
            "completionTrigger": \#(trigger), "canSkip": \#(step % 2 == 0), "targetTimeout": 10\#(conditions && step % 4 == 0 ? #", "when": {"plan": "pro"}"# : "")}
            """#)
        }
        let when = conditions ? #", "when": {"appLaunches": {"$gte": 2}}"# : ""
        walkthroughs.append(#"{"id": "tour-\#(walkthrough)", "version": 1, "maxDisplayCount": 3\#(when), "steps": [\#(items.joined(separator: ",\n"))]}"#)
    }
    let experiments = #"[{"key": "exp-0", "variations": ["control", "short"], "weights": [0.5, 0.5], "coverage": 1, "hashAttribute": "id", "hashVersion": 2}]"#
    let text = #"{"schemaVersion": 1, "flows": [\#(flows.joined(separator: ",\n"))], "walkthroughs": [\#(walkthroughs.joined(separator: ",\n"))], "experiments": \#(experiments)}"#
    return Data(text.utf8)
}

/// A document with one flow of `steps` steps, each with two outcomes (one step and two steps ahead).
func benchmarkLadderDocument(steps: Int = 10_000) -> WaypointDocument {
    let entries = (0..<steps).map { index in
        let one: Destination = index + 1 < steps ? .step("s\(index + 1)") : .complete
        let two: Destination = index + 2 < steps ? .step("s\(index + 2)") : .complete
        return FlowStepEntry(id: "s\(index)", on: [FlowOutcome(name: "one", target: one), FlowOutcome(name: "two", target: two)])
    }
    return WaypointDocument(flows: [FlowEntry(id: "ladder", steps: entries)])
}

private let benchmarkDocument = benchmarkDocumentText()
private let benchmarkDocumentWithoutConditions = benchmarkDocumentText(conditions: false)

/// Decodes the benchmark document with plain `JSONDecoder` into the baseline structs.
@inline(never)
func plainDecode(_ data: Data) -> BaselineDocument? {
    try? JSONDecoder().decode(BaselineDocument.self, from: data)
}

/// Decodes and validates the benchmark document.
@inline(never)
func validatedDecode(_ data: Data) -> WaypointDocument? {
    WaypointDocument.validate(data).document
}

/// The callgrind workload for strict decoding: 20 documents.
func documentValidateWorkload() {
    for _ in 0..<20 { blackHole(validatedDecode(benchmarkDocument)) }
}

/// The callgrind workload for plain decoding: 20 documents.
func documentPlainDecodeWorkload() {
    for _ in 0..<20 { blackHole(plainDecode(benchmarkDocument)) }
}

/// The callgrind workload for graph analysis: lint and count the paths of a 10,000-step flow.
func documentLintWorkload() {
    let document = benchmarkLadderDocument()
    blackHole(document.lint())
    blackHole(try? document.flowGraph(id: "ladder").countPaths())
}

/// Times strict decoding against plain decoding, and graph analysis of a long flow.
func runDocumentBenchmarks() -> [String] {
    var report: [String] = []
    for (label, data) in [("with conditions", benchmarkDocument), ("without conditions", benchmarkDocumentWithoutConditions)] {
        guard let strict = validatedDecode(data), let plain = plainDecode(data) else {
            return ["document: the benchmark document does not decode: \(WaypointDocument.validate(data).diagnostics.prefix(3))"]
        }
        let steps = strict.flows.reduce(0) { $0 + $1.steps.count } + strict.walkthroughs.reduce(0) { $0 + $1.steps.count }
        let same = plain.matches(strict)
        let repetitions = 20
        let baseline = measure("JSONDecoder", operations: repetitions) {
            for _ in 0..<repetitions { blackHole(plainDecode(data)) }
        }
        let validated = measure("validate", operations: repetitions) {
            for _ in 0..<repetitions { blackHole(validatedDecode(data)) }
        }
        let ratio = validated.nanosecondsPerOperation / baseline.nanosecondsPerOperation
        report += [
            "Document of \(steps) steps \(label), \(data.count / 1024) KB\(same ? "" : " (the two decoders disagree!)"):",
            "  JSONDecoder into same-shape structs \(format(baseline.nanosecondsPerOperation))",
            "  decode + validate with diagnostics  \(format(validated.nanosecondsPerOperation))  "
                + String(format: "%.2f×", ratio) + "  (target ≤ 1.5×)",
        ]
    }
    let ladder = benchmarkLadderDocument()
    let lint = measure("lint", operations: 1, rounds: 5) { blackHole(ladder.lint()) }
    var digits = 0
    let count = measure("count", operations: 1, rounds: 5) {
        let result = try? ladder.flowGraph(id: "ladder").countPaths()
        digits = result?.description.count ?? 0
        blackHole(result)
    }
    report.append("Flow of 10,000 steps, two outcomes each:")
    report.append("  lint                                \(format(lint.nanosecondsPerOperation))  (target < 100 ms)")
    report.append("  count paths                         \(format(count.nanosecondsPerOperation))  (\(digits) digits; target < 100 ms)")
    return report
}
