import Foundation
import TestSupport

/// Random but replayable events of the walkthrough `tour` and the flow `onboarding` of
/// ``ExperimentLines/document`` as JSON Lines: hints shown, completed and skipped by several
/// triggers, targets not found, undeclared step ids, exposures to `paywall-copy` and `tour-test`
/// at a random event (declared, undeclared and switched variations), a second experiment now and
/// then, two revisions, app versions, users who never start, out-of-order and equal times.
enum RandomHintAndExperimentEvents {
    /// The walkthrough steps a document declares for `tour` in these tests.
    static let declaredTourSteps = ["intro", "search"]
    /// Midnight UTC of the first day events fall on (2026-11-01).
    static let firstDay: Int64 = 1_793_491_200_000

    /// Seeded users' events; each user's lines in delivery order.
    static func users(seed: UInt64, count: Int) -> [[String]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { user($0, using: &random) }
    }

    /// One user's events, in the order they are delivered, as JSON lines.
    static func user(_ index: Int, using random: inout SplitMix64) -> [String] {
        let user = "u\(index)"
        let userNumber = index
        var lines: [String] = []
        var time = firstDay + Int64(random.int(0...(5 * 86_400_000 - 1)))
        let revision: Int? = random.chance(0.15) ? nil : random.int(1...2)
        let appVersion: String? = random.chance(0.2) ? nil : ["1.0", "1.1", "2.0"][random.int(0...2)]
        var sequence = 0
        /// Adds an event; `subject` is `("flowId", id)` or `("walkthroughId", id)`.
        func add(_ event: String, _ subject: (key: String, id: String), step: String? = nil, index: Int? = nil,
                 extra: [String] = [], exposure: (experiment: String, variation: String)? = nil) {
            sequence += 1
            var fields = [
                "\"messageId\":\"\(user)-\(sequence)-\(random.next())\"", "\"userId\":\"\(user)\"", "\"event\":\"\(event)\"",
                "\"timestamp\":\"\(iso(time))\"", "\"\(subject.key)\":\"\(subject.id)\"",
            ]
            if let step { fields.append("\"stepId\":\"\(step)\"") }
            if let index { fields.append("\"stepIndex\":\(index)") }
            fields += extra
            if let exposure {
                fields.append("\"experiment\":\"\(exposure.experiment)\"")
                fields.append("\"variation\":\"\(exposure.variation)\"")
            }
            if let appVersion, random.chance(0.9) { fields.append("\"appVersion\":\"\(appVersion)\"") }
            // A locale and a platform from the user's number and the event's (the draws above stay as they were):
            // left out of some events, and changed part way by some users.
            let locales: [String?] = [nil, "en", "de", "pt-BR"], platforms: [String?] = ["iOS", nil, "iPadOS", "macOS", "iOS"]
            if let locale = sequence % 7 == 3 ? "fr" : locales[userNumber % 4], (userNumber + sequence) % 5 != 0 {
                fields.append("\"locale\":\"\(locale)\"")
            }
            if let platform = platforms[(userNumber + sequence / 4) % 5] { fields.append("\"platform\":\"\(platform)\"") }
            if let revision { fields.append("\"revision\":\(random.chance(0.05) ? 3 - revision : revision)") }
            lines.append("{" + fields.joined(separator: ",") + "}")
            // Equal times now and then, so that ties are broken by step index and delivery order.
            if !random.chance(0.15) { time += Int64(random.int(1...90_000)) }
        }
        /// The experiment and variation from the `from`-th event of a run on, switched now and then.
        func exposure(_ experiment: String, _ variations: [String], from: Int, at position: Int) -> (String, String)? {
            guard position >= from else { return nil }
            let variation = variations[(index + (position > from + 2 && random.chance(0.05) ? 1 : 0)) % variations.count]
            return (experiment, variation)
        }

        if random.chance(0.9) {
            // The walkthrough: exposed from a random event on (never, for some users).
            let tour = (key: "walkthroughId", id: "tour")
            let from = random.chance(0.2) ? 99 : random.int(0...3)
            let experiment = random.chance(0.05) ? "hint-style" : "tour-test"
            let variations = random.chance(0.05) ? ["a", "b", "c"] : ["a", "b"]
            var position = 0
            func next() -> (experiment: String, variation: String)? {
                defer { position += 1 }
                return exposure(experiment, variations, from: from, at: position).map { (experiment: $0.0, variation: $0.1) }
            }
            if random.chance(0.85) { add("Walkthrough Started", tour, exposure: next()) }
            var steps = ["intro", "search"]
            if random.chance(0.3) { steps.append(random.chance(0.5) ? "filters" : "legacy-\(random.int(0...2))") }
            var finished = true
            for (number, step) in steps.enumerated() {
                if random.chance(0.1) {
                    add("Target Not Found", tour, step: step, index: number, exposure: next())
                    continue
                }
                add("Hint Shown", tour, step: step, index: number, exposure: next())
                if random.chance(0.15) {
                    finished = false
                    break
                }
                if random.chance(0.2) {
                    add("Hint Skipped", tour, step: step, index: number, extra: ["\"trigger\":\"\(random.chance(0.5) ? "skip" : "condition")\""], exposure: next())
                } else {
                    add("Hint Completed", tour, step: step, index: number, extra: ["\"trigger\":\"\(["tap", "swipe", "button"][random.int(0...2)])\""], exposure: next())
                }
            }
            if finished, random.chance(0.85) { add("Walkthrough Completed", tour, exposure: next()) }
            if random.chance(0.1) { add("Walkthrough Started", (key: "walkthroughId", id: "other-tour")) }
        }
        if random.chance(0.9) {
            // The flow: exposed at its start, at the paywall, or never.
            let flow = (key: "flowId", id: "onboarding")
            let from = random.chance(0.15) ? 99 : (random.chance(0.5) ? 0 : 2)
            let variations = random.chance(0.05) ? ["control", "annual-first", "rogue"] : ["control", "annual-first"]
            let second = random.chance(0.05)
            var position = 0
            func next() -> (experiment: String, variation: String)? {
                defer { position += 1 }
                if second, position == 1 { return (experiment: "other-test", variation: "x") }
                return exposure("paywall-copy", variations, from: from, at: position).map { (experiment: $0.0, variation: $0.1) }
            }
            if random.chance(0.9) { add("Flow Started", flow, exposure: next()) }
            var steps = ["welcome", "paywall"]
            if random.chance(0.2) { steps.insert("legacy", at: 1) }
            var finished = true
            for (number, step) in steps.enumerated() {
                add("Step Viewed", flow, step: step, index: number, exposure: next())
                if random.chance(0.15) {
                    finished = false
                    if random.chance(0.5) { add("Flow Abandoned", flow, exposure: next()) }
                    break
                }
                let outcome = step == "paywall" ? ["subscribe", "skip", "back"][random.int(0...2)] : "next"
                add("Step Completed", flow, step: step, index: number, extra: ["\"outcome\":\"\(outcome)\"", "\"durationMs\":\(random.int(100...9_000))"], exposure: next())
            }
            if finished, random.chance(0.8) { add("Flow Completed", flow, exposure: next()) }
        }
        // Mostly in order, sometimes delivered out of order.
        for index in lines.indices.dropFirst() where random.chance(0.2) { lines.swapAt(index, random.int(0...index)) }
        return lines
    }

    static func iso(_ milliseconds: Int64) -> String { RandomFlowEvents.iso(milliseconds) }
}
