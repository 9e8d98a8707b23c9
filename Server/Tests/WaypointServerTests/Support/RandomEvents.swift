import Foundation
import Waypoint
import WaypointTools

/// Random but replayable users for tests that compare the server's reports with the reports of its
/// export: flow `signup` (forks, skipped steps, back, undeclared ids, abandoned and unfinished runs,
/// users who never start), walkthrough `tour`, two revisions, three app versions, the experiments
/// `short-signup` and `welcome-copy` with their `Experiment Viewed` events (or, from older apps,
/// none), publishes while users are in the flow, equal times and lines delivered out of order.
struct RandomEvents: RandomNumberGenerator {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// Midnight UTC of 2026-11-01, the first day events fall on.
    static let firstDay: Int64 = 1_793_491_200_000

    /// The two revisions' documents: revision 2 drops `plan-monthly`, which older runs still name.
    /// Two experiments reach a run of `signup`: `short-signup` by whole-flow entries (exposed at
    /// the run's start) and `welcome-copy` by a change of step `welcome` (exposed there), which also
    /// changes step `panel` of walkthrough `tour`; without `welcomeCopy`, the document of the
    /// releases before it (``LastReleaseDatabaseTests``' databases).
    static func document(revision: Int, welcomeCopy: Bool = true) -> String {
        let monthly = revision == 1 ? #", {"id": "plan-monthly", "on": {"next": "done"}}"# : ""
        let planOn = revision == 1 ? #"{"annual": "plan-annual", "monthly": "plan-monthly", "next": "done"}"# : #"{"annual": "plan-annual", "next": "done"}"#
        return """
            {"schemaVersion": 1,
             "flows": [
              {"id": "signup", "version": \(revision), "experiment": "short-signup", "variation": "control", "steps": [
                {"id": "welcome"}, {"id": "name"}, {"id": "plan", "on": \(planOn)},
                {"id": "plan-annual", "on": {"next": "done"}}\(monthly), {"id": "done"}]},
              {"id": "signup", "version": \(revision), "experiment": "short-signup", "variation": "short", "steps": [
                {"id": "welcome"}, {"id": "done"}]}],
             "walkthroughs": [{"id": "tour", "version": \(revision), "steps": [
                {"id": "intro", "targetElementId": "a", "tooltipText": "A", "completionTrigger": {"type": "tap", "elementId": "a"}, "canSkip": true},
                {"id": "panel", "targetElementId": "b", "tooltipText": "B", "completionTrigger": {"type": "tap", "elementId": "b"}, "canSkip": true}]}],
             "experiments": [
              {"key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5]}\(welcomeCopy ? welcomeExperiment : "")]}
            """
    }

    /// The experiment `welcome-copy`, after a comma.
    private static let welcomeExperiment = """
        ,
              {"key": "welcome-copy", "variations": ["control", "warm"], "weights": [0.5, 0.5], "changes": {"warm": [
                {"flow": "signup", "step": "welcome", "set": {"content": {"headline": "Glad you are here"}}},
                {"walkthrough": "tour", "step": "panel", "set": {"tooltipText": "Your panel"}}]}}
        """

    /// One user's events, in the order they are delivered.
    ///
    /// Most users' apps send `Experiment Viewed` at each exposure: `short-signup`'s at the run's
    /// start, `welcome-copy`'s at step `welcome` and at hint `panel` of `tour`. Some of those name
    /// another variation than the stamped fields of the events after them, some are sent twice
    /// (later, sometimes with another variation), and some are missing; older apps send none, so
    /// only the stamped fields tell the variation. The stamped `experiment`/`variation` name the
    /// first experiment that exposed the run: `short-signup` for its users, else `welcome-copy`.
    mutating func user(_ index: Int) -> [String] {
        let user = "u\(index)"
        let userNumber = index
        var lines: [String] = []
        var time = Self.firstDay + Int64(int(0...(5 * 86_400_000 - 1)))
        var revision: Int? = chance(0.15) ? nil : int(1...2)
        // A quarter of the users on revision 1 get revision 2 mid-run: it was published while they
        // were in the flow, and the app sends the new revision from its next event on.
        let publishedAt = revision == 1 && chance(0.25) ? int(1...8) : Int.max
        let appVersion: String? = chance(0.1) ? nil : ["1.0", "1.1", "2.0"][int(0...2)]
        let variation: String? = chance(0.2) ? nil : (chance(0.95) ? ["control", "short"][int(0...1)] : "rogue")
        let welcomeVariation: String? = chance(0.15) ? nil : (chance(0.97) ? ["control", "warm"][int(0...1)] : "rogue")
        // Whether the app sends `Experiment Viewed` at all (older apps do not).
        let sendsViews = chance(0.75)
        // The stamped experiment and variation of the flow's and the walkthrough's events from here on.
        var flowStamp = variation.map { (experiment: "short-signup", variation: $0) }
        var tourStamp: (experiment: String, variation: String)?
        var sequence = 0
        func add(_ event: String, step: String? = nil, index: Int? = nil, outcome: String? = nil,
                 duration: Int64? = nil, walkthrough: Bool = false, exposed: Bool = true,
                 viewed: (experiment: String, variation: String)? = nil) {
            sequence += 1
            if sequence > publishedAt { revision = 2 }
            var fields = [
                "\"messageId\":\"\(user)-\(sequence)-\(next() % 1_000_000)\"", "\"userId\":\"\(user)\"", "\"event\":\"\(event)\"",
                "\"timestamp\":\"\(Self.iso(time))\"",
            ]
            fields.append(walkthrough ? "\"walkthroughId\":\"tour\",\"walkthroughVersion\":1" : "\"flowId\":\"signup\",\"flowVersion\":1")
            if let step { fields.append("\"stepId\":\"\(step)\"") }
            if let index { fields.append("\"stepIndex\":\(index)") }
            if let outcome { fields.append("\"outcome\":\"\(outcome)\"") }
            if let duration { fields.append("\"durationMs\":\(duration)") }
            if walkthrough, step != nil, event != "Hint Shown", viewed == nil { fields.append("\"trigger\":\"tap\"") }
            if let stamp = viewed ?? (exposed ? (walkthrough ? tourStamp : flowStamp) : nil) {
                fields.append("\"experiment\":\"\(stamp.experiment)\",\"variation\":\"\(stamp.variation)\"")
            }
            if let appVersion { fields.append("\"appVersion\":\"\(appVersion)\"") }
            // A locale and a platform from the user's number and the event's (the draws above stay as they were):
            // left out of some events, and changed part way by some users.
            let locales: [String?] = [nil, "en", "de", "pt-BR"], platforms: [String?] = ["iOS", nil, "iPadOS", "macOS", "iOS"]
            if let locale = sequence % 7 == 3 ? "fr" : locales[userNumber % 4], (userNumber + sequence) % 5 != 0 {
                fields.append("\"locale\":\"\(locale)\"")
            }
            if let platform = platforms[(userNumber + sequence / 4) % 5] { fields.append("\"platform\":\"\(platform)\"") }
            if let revision { fields.append("\"revision\":\(chance(0.05) ? 3 - revision : revision)") }
            lines.append("{" + fields.joined(separator: ",") + "}")
            // An exposure shares the time of the event it comes with.
            if viewed == nil, !chance(0.1) { time += Int64(int(1...90_000)) }
        }
        // Sent twice: the second one later, after the run.
        var resent: [(experiment: String, variation: String, step: String?, index: Int?, walkthrough: Bool)] = []
        // An `Experiment Viewed` of the user's `assigned` variation, when their app sends it: now and
        // then naming another one, missing, or sent again later.
        func view(_ experiment: String, _ assigned: String, variations: [String], step: String? = nil, index: Int? = nil, walkthrough: Bool = false) {
            guard sendsViews, !chance(0.1) else { return }
            let other = variations.first { $0 != assigned } ?? assigned
            add("Experiment Viewed", step: step, index: index, walkthrough: walkthrough,
                viewed: (experiment, chance(0.1) ? other : assigned))
            if chance(0.12) { resent.append((experiment, chance(0.5) ? other : assigned, step, index, walkthrough)) }
        }
        flow: do {
            if chance(0.9) { add("Flow Started", exposed: false) }
            if let variation { view("short-signup", variation, variations: ["control", "short"]) }
            var path = ["welcome", "name"]
            if chance(0.3) { path.insert("legacy-\(int(0...3))", at: 1) }
            path.append(chance(0.5) ? "plan" : (chance(0.5) ? "plan-annual" : "plan-monthly"))
            for (position, step) in path.enumerated() {
                if step == "welcome", let welcomeVariation {
                    view("welcome-copy", welcomeVariation, variations: ["control", "warm"], step: step, index: position)
                    if flowStamp == nil { flowStamp = ("welcome-copy", welcomeVariation) }
                }
                add("Step Viewed", step: step, index: position)
                if chance(0.15) {
                    if chance(0.6) { add("Flow Abandoned") }
                    break flow
                }
                if chance(0.1) {
                    add("Step Completed", step: step, index: position, outcome: "back", duration: Int64(int(100...5_000)))
                    add("Step Viewed", step: step, index: position)
                }
                add("Step Completed", step: step, index: position, outcome: chance(0.8) ? "next" : "annual",
                    duration: Int64(int(200...60_000)))
            }
            if chance(0.2) { add("Step Skipped", step: "done", index: path.count) } else { add("Step Viewed", step: "done", index: path.count) }
            if chance(0.8) { add("Flow Completed") }
        }
        if chance(0.4) {
            add("Walkthrough Started", walkthrough: true, exposed: false)
            for (position, step) in ["intro", "panel"].enumerated() {
                if step == "panel", let welcomeVariation {
                    view("welcome-copy", welcomeVariation, variations: ["control", "warm"], step: step, index: position, walkthrough: true)
                    tourStamp = ("welcome-copy", welcomeVariation)
                }
                add("Hint Shown", step: step, index: position, walkthrough: true)
                if chance(0.2) { break }
                add(chance(0.8) ? "Hint Completed" : "Hint Skipped", step: step, index: position, walkthrough: true)
            }
            if chance(0.6) { add("Walkthrough Completed", walkthrough: true) }
        }
        for again in resent {
            time += Int64(int(0...600_000))
            add("Experiment Viewed", step: again.step, index: again.index, walkthrough: again.walkthrough,
                viewed: (again.experiment, again.variation))
        }
        // Mostly in order, sometimes delivered out of order.
        for index in lines.indices.dropFirst() where chance(0.2) { lines.swapAt(index, int(0...index)) }
        return lines
    }

    /// `milliseconds` as ISO 8601 UTC with milliseconds.
    static func iso(_ milliseconds: Int64) -> String { WaypointTime.iso8601(milliseconds: milliseconds) }
}
