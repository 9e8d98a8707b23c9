import Foundation

/// Random but replayable events of flow `signup` as JSON Lines, for tests that check reports made
/// from contributions against reports made from the same events: forks, skipped steps, back,
/// undeclared step ids, two revisions, three app versions, an experiment's variations, users who
/// never start, out-of-order times and equal times; and, when asked for, publishes that catch users
/// in the flow.
package struct RandomFlowEvents {
    /// The steps a document declares for `signup`.
    package static let declaredSteps = ["welcome", "name", "plan", "plan-annual", "plan-monthly", "done"]
    /// The experiment's variations the document declares (`short-signup`).
    package static let declaredVariations = ["control", "short"]
    /// Midnight UTC of the first day events fall on (2026-11-01).
    package static let firstDay: Int64 = 1_793_491_200_000

    /// One user's events, in the order they are delivered (shuffled), as JSON lines.
    ///
    /// - Parameter midRunPublishes: whether a publish may catch the user in the flow: for 40% of
    ///   the users with a revision, the app picks up the next revision after one of their first
    ///   events, and their later events carry it (without, the events are those of earlier versions
    ///   of this generator, seed for seed).
    package static func user(_ index: Int, using random: inout SplitMix64, midRunPublishes: Bool = false) -> [String] {
        let user = "u\(index)"
        let userNumber = index
        var lines: [(time: Int64, line: String)] = []
        var time = firstDay + Int64(random.int(0...(5 * 86_400_000 - 1)))
        let revision: Int? = random.chance(0.15) ? nil : random.int(1...2)
        // The event after which the user's app runs the next revision.
        let publishedAfter: Int? = midRunPublishes && revision != nil && random.chance(0.4) ? random.int(1...5) : nil
        let appVersion: String? = random.chance(0.1) ? nil : ["1.0", "1.1", "2.0"][random.int(0...2)]
        let variation: String? = random.chance(0.2) ? nil : ["control", "short", "rogue"][random.int(0...(random.chance(0.9) ? 1 : 2))]
        var sequence = 0
        func add(_ event: String, step: String? = nil, index: Int? = nil, outcome: String? = nil, duration: Int64? = nil, flow: String = "signup") {
            sequence += 1
            var fields: [String] = [
                "\"messageId\":\"\(user)-\(sequence)-\(random.next())\"", "\"userId\":\"\(user)\"", "\"event\":\"\(event)\"",
                "\"timestamp\":\"\(iso(time))\"", "\"flowId\":\"\(flow)\"", "\"flowVersion\":1",
            ]
            if let step { fields.append("\"stepId\":\"\(step)\"") }
            if let index { fields.append("\"stepIndex\":\(index)") }
            if let outcome { fields.append("\"outcome\":\"\(outcome)\"") }
            if let duration { fields.append("\"durationMs\":\(duration)") }
            if let variation, sequence > 1 || random.chance(0.5) {
                fields.append("\"experiment\":\"short-signup\"")
                fields.append("\"variation\":\"\(variation)\"")
            }
            if let appVersion { fields.append("\"appVersion\":\"\(appVersion)\"") }
            // A locale and a platform from the user's number and the event's (the draws above stay as they were):
            // left out of some events, and changed part way by some users.
            let locales: [String?] = [nil, "en", "de", "pt-BR"], platforms: [String?] = ["iOS", nil, "iPadOS", "macOS", "iOS"]
            if let locale = sequence % 7 == 3 ? "fr" : locales[userNumber % 4], (userNumber + sequence) % 5 != 0 {
                fields.append("\"locale\":\"\(locale)\"")
            }
            if let platform = platforms[(userNumber + sequence / 4) % 5] { fields.append("\"platform\":\"\(platform)\"") }
            if let revision {
                let current = publishedAfter.map { sequence > $0 } == true ? revision + 1 : revision
                fields.append("\"revision\":\(random.chance(0.05) ? 3 - revision : current)")
            }
            lines.append((time, "{" + fields.joined(separator: ",") + "}"))
            // Equal times now and then, so that ties are broken by step index and delivery order.
            if !random.chance(0.1) { time += Int64(random.int(1...90_000)) }
        }
        if random.chance(0.9) { add("Flow Started") }
        var path = ["welcome", "name"]
        if random.chance(0.3) { path.insert("legacy-\(random.int(0...3))", at: 1) }
        path.append(random.chance(0.5) ? "plan" : "plan-\(random.chance(0.5) ? "annual" : "monthly")")
        for (position, step) in path.enumerated() {
            add("Step Viewed", step: step, index: position)
            if random.chance(0.15) {
                if random.chance(0.6) { add("Flow Abandoned") }
                return shuffled(lines, using: &random)
            }
            if random.chance(0.1) {
                add("Step Completed", step: step, index: position, outcome: "back", duration: Int64(random.int(100...5_000)))
                add("Step Viewed", step: step, index: position)
            }
            add("Step Completed", step: step, index: position, outcome: random.chance(0.8) ? "next" : "other",
                duration: Int64(random.int(200...60_000)))
        }
        if random.chance(0.2) { add("Step Skipped", step: "done", index: path.count) } else { add("Step Viewed", step: "done", index: path.count) }
        if random.chance(0.8) { add("Flow Completed") }
        if random.chance(0.1) { add("Flow Started", flow: "tour-flow") }
        return shuffled(lines, using: &random)
    }

    private static func shuffled(_ lines: [(time: Int64, line: String)], using random: inout SplitMix64) -> [String] {
        var result = lines.map(\.line)
        // Mostly in order, sometimes delivered out of order.
        for index in result.indices.dropFirst() where random.chance(0.2) {
            result.swapAt(index, random.int(0...index))
        }
        return result
    }

    /// `milliseconds` as ISO 8601 UTC with milliseconds.
    package static func iso(_ milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let millis = Int(((milliseconds % 1000) + 1000) % 1000)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!, millis)
    }
}
