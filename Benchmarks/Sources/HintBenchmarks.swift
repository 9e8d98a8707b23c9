import Foundation
import Waypoint

/// The user context of the benchmark walkthroughs.
private struct BenchmarkUser: Sendable {
    var launches = 5
    var isPro = false
}

/// A progress store in memory, as small as a store can be, so the figure is Waypoint's own cost.
private actor BenchmarkStore: ProgressStore {
    var contents: [String: Data]

    init(_ contents: [String: Data]) { self.contents = contents }

    func data(forKey key: String) async throws -> Data? { contents[key] }
    func setData(_ data: Data, forKey key: String) async throws { contents[key] = data }
    func removeData(forKey key: String) async throws { contents[key] = nil }
    func quarantine(key: String) async throws -> String? { contents.removeValue(forKey: key).map { _ in key + ".corrupt" } }
}

/// 100 walkthroughs of 5 steps, each with a condition and a donation rule.
private func benchmarkCatalog() -> WalkthroughCatalog<BenchmarkUser> {
    let walkthroughs = (0..<100).map { number in
        Walkthrough<BenchmarkUser>(
            id: "walkthrough-\(number)", version: 2, maxDisplayCount: 5,
            condition: { $0.launches >= 2 },
            rules: [.donated("opened", atLeast: 0, within: .days(7))],
            steps: (0..<5).map { stepNumber in
                WalkthroughStep(
                    id: "step-\(stepNumber)", targetElementId: "screen-\(number).element-\(stepNumber)",
                    highlightShape: .rectangle(cornerRadius: 8), tooltipText: "Hint \(stepNumber) of walkthrough \(number)",
                    completionTrigger: stepNumber % 2 == 0 ? .button : .tap(elementId: "screen-\(number).element-\(stepNumber)")
                )
            }
        )
    }
    return WalkthroughCatalog(walkthroughs, displayFrequency: .daily)
}

/// Saved progress for the 100 walkthroughs, as the coordinator saves it: most finished, the rest part-way.
@MainActor
private func benchmarkStoreContents(_ catalog: WalkthroughCatalog<BenchmarkUser>) async -> [String: Data] {
    let store = BenchmarkStore([:])
    var unlimited = catalog
    unlimited.displayFrequency = .immediate
    let writer = HintCoordinator(catalog: unlimited, context: BenchmarkUser(), store: store)
    await writer.start()
    for number in 0..<100 {
        // Two in three finished; the rest showed their first hint and were left part-way.
        let anchor = "screen-\(number).element-0"
        writer.anchorDidAppear(anchor, present: { _ in })
        writer.next()
        writer.anchorDidDisappear(anchor)
        if number % 3 != 2 {
            writer.invalidate("walkthrough-\(number)", reason: .completed)
        } else {
            writer.testingOverrides = .hide(["walkthrough-\(number)"])
            writer.testingOverrides = .none
        }
    }
    await writer.settle()
    return await store.contents
}

/// Measures restoring progress for 100 walkthroughs and deciding the first hint (target: < 1 ms).
///
/// Each iteration builds a coordinator over a store holding 100 saved progress records, registers the
/// anchor of the hint that should win, awaits `start()` (load and decode every record, decide, present)
/// and checks that hint is presented. Reports the median and 90th percentile per operation.
@MainActor
func runHintBenchmarks(iterations: Int = 2_000) async -> [String] {
    let catalog = benchmarkCatalog()
    let contents = await benchmarkStoreContents(catalog)
    let expectedAnchor = "screen-98.element-1"
    let clock = ContinuousClock()
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    var failures = 0
    for iteration in 0..<(iterations + 50) {
        let store = BenchmarkStore(contents)
        var presented: String?
        let started = clock.now
        let hints = HintCoordinator(catalog: catalog, context: BenchmarkUser(), store: store)
        hints.anchorDidAppear(expectedAnchor, present: { presented = $0.anchorId })
        await hints.start()
        let elapsed = clock.now - started
        // The save that follows runs off the main actor; let it finish outside the timed region.
        await hints.settle()
        if presented != expectedAnchor { failures += 1 }
        if iteration >= 50 { samples.append(elapsed) }
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let p90 = samples[samples.count * 9 / 10]
    func ms(_ duration: Duration) -> String {
        String(format: "%.3f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }
    var lines = [
        "hints: restore 100 walkthroughs + decide first hint: median \(ms(median)), p90 \(ms(p90)) "
            + "(\(iterations) iterations; target < 1 ms)",
    ]
    if failures > 0 { lines.append("hints: WRONG first hint in \(failures) iterations") }
    return lines
}
