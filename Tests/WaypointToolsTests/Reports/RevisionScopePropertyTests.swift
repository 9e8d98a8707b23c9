import Foundation
import Testing
import TestSupport
@testable import WaypointTools

/// Random publishes while users are in the flow: whatever the scope and the group, a flow report's
/// figures add up, the revisions' reports add up to the report over every revision, each is what a
/// plain model of the rule says, and the server's ledger gives the same reports
/// (docs/ARCHITECTURE.md, "Reports": scope).
@Suite("Revision scope: random publishes with users in flight")
struct RevisionScopePropertyTests {
    /// One generated event of `signup`, before it is written as a line.
    struct Event {
        var user: String
        var name: String
        var time: Int64
        var step: String?
        var index: Int?
        var outcome: String?
        var duration: Int?
        var variation: String?
        var appVersion: String?
        var revision: Int?

        var line: String {
            var fields = [
                "\"messageId\":\"\(user)-\(time)-\(name)-\(step ?? "")-\(index ?? -1)-\(revision ?? 0)\"", "\"userId\":\"\(user)\"",
                "\"event\":\"\(name)\"", "\"timestamp\":\"\(RandomFlowEvents.iso(time))\"", "\"flowId\":\"signup\"", "\"flowVersion\":1",
            ]
            if let step { fields.append("\"stepId\":\"\(step)\"") }
            if let index { fields.append("\"stepIndex\":\(index)") }
            if let outcome { fields.append("\"outcome\":\"\(outcome)\"") }
            if let duration { fields.append("\"durationMs\":\(duration)") }
            if let variation { fields += ["\"experiment\":\"short-signup\"", "\"variation\":\"\(variation)\""] }
            if let appVersion { fields.append("\"appVersion\":\"\(appVersion)\"") }
            if let revision { fields.append("\"revision\":\(revision)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// One random scenario: the events in file order, each user's lines, and the revisions published.
    struct Scenario {
        var events: [Event]
        var revisions: Int
        var lines: [String] { events.map(\.line) }

        static let declaredSteps = ["welcome", "name", "plan", "done"]
        static let day: Int64 = 86_400_000

        /// Revisions 1…R published at random times over five days (1 from the start); users run the
        /// flow 0–3 times, and a run picks up a publish mid-run half the time (its later events carry
        /// the new revision); some runs lose their `Flow Started`, some users run a bundled document.
        init(_ random: inout SplitMix64) {
            let start = RandomFlowEvents.firstDay
            revisions = random.int(1...4)
            var publishes: [Int64] = [start]
            for _ in 1..<revisions { publishes.append(start + Int64(random.int(0...(5 * 86_400_000)))) }
            publishes.sort()
            func live(at time: Int64) -> Int { publishes.lastIndex { $0 <= time }.map { $0 + 1 } ?? 1 }
            var events: [Event] = []
            for number in 0..<random.int(3...25) {
                let user = "u\(number)"
                let bundled = random.chance(0.1)
                let variation: String? = random.chance(0.2) ? nil : ["control", "short", "rogue"][random.int(0...(random.chance(0.85) ? 1 : 2))]
                var appVersion: String? = random.chance(0.15) ? nil : ["1.0", "1.1", "2.0"][random.int(0...2)]
                var userEvents: [Event] = []
                for _ in 0..<random.int(0...3) {
                    var time = start + Int64(random.int(-86_400_000...(6 * 86_400_000)))
                    let startRevision = live(at: time)
                    let picksUp = random.chance(0.5)
                    func add(_ name: String, step: String? = nil, index: Int? = nil, outcome: String? = nil, duration: Int? = nil) {
                        let revision = bundled ? nil : (picksUp ? live(at: time) : startRevision)
                        userEvents.append(Event(
                            user: user, name: name, time: time, step: step, index: index, outcome: outcome, duration: duration,
                            variation: userEvents.isEmpty && random.chance(0.5) ? nil : variation, appVersion: appVersion, revision: revision))
                        // Equal times now and then: ties broken by step index, then input order.
                        if !random.chance(0.15) { time += Int64(random.int(1...(random.chance(0.3) ? 2 * 86_400_000 : 300_000))) }
                    }
                    if !random.chance(0.12) { add("Flow Started") }
                    var path = ["welcome", "name"]
                    if random.chance(0.3) { path.append("legacy-\(random.int(0...2))") }
                    path.append(random.chance(0.7) ? "plan" : "done")
                    var ended = false
                    for (index, step) in path.enumerated() {
                        if random.chance(0.1) { add("Step Skipped", step: step, index: index); continue }
                        add("Step Viewed", step: step, index: index)
                        if random.chance(0.15) {
                            if random.chance(0.6) { add("Flow Abandoned") }
                            ended = true
                            break
                        }
                        add("Step Completed", step: step, index: index, outcome: random.chance(0.8) ? "next" : "back", duration: random.int(100...60_000))
                        if random.chance(0.05) { appVersion = "2.1" }
                    }
                    if !ended, random.chance(0.7) { add("Flow Completed") }
                }
                // Delivered mostly in order, sometimes not.
                for index in userEvents.indices.dropFirst() where random.chance(0.2) { userEvents.swapAt(index, random.int(0...index)) }
                events += userEvents
            }
            // Users' deliveries interleave in the file.
            for index in events.indices.dropFirst() where random.chance(0.1) { events.swapAt(index, random.int(0...index)) }
            self.events = events
        }

        /// What the rule says, computed plainly: per user, their first `Flow Started` (by time, step
        /// index, then file order), and whether they completed or abandoned.
        struct User {
            var start: (time: Int64, index: Int, position: Int, revision: Int?)?
            var completed = false
            var abandoned = false
            var viewedWelcome = false
        }

        var users: [String: User] {
            var users: [String: User] = [:]
            for (position, event) in events.enumerated() {
                var user = users[event.user] ?? User()
                switch event.name {
                case "Flow Started":
                    let key = (time: event.time, index: event.index ?? Int.max, position: position, revision: event.revision)
                    if user.start.map({ (key.time, key.index, key.position) < ($0.time, $0.index, $0.position) }) ?? true { user.start = key }
                case "Flow Completed": user.completed = true
                case "Flow Abandoned": user.abandoned = true
                case "Step Viewed" where event.step == "welcome": user.viewedWelcome = true
                default: break
                }
                users[event.user] = user
            }
            return users
        }

        /// The model's users of `scope`: with a start that carries its revision and lies in its range.
        func counted(_ scope: ReportScope) -> [User] {
            users.values.filter { user in
                guard let start = user.start else { return false }
                if let revision = scope.revision, start.revision != revision { return false }
                return scope.includesStart(atMilliseconds: start.time)
            }
        }
    }

    /// Started, completed, abandoned: the model's, for `scope`.
    static func expected(_ scenario: Scenario, _ scope: ReportScope) -> [Int] {
        let users = scenario.counted(scope)
        return [users.count, users.filter(\.completed).count, users.filter { $0.abandoned && !$0.completed }.count]
    }

    /// Every group's figures add up: started = completed + abandoned + inProgress, none negative.
    static func checkAddsUp(_ report: FlowReport, _ what: String) {
        var groups: [(String, FlowReport.Figures)] = [("everyone", report.overall)]
        for (kind, split) in [("variation", report.byVariation), ("app version", report.byAppVersion), ("revision", report.byRevision)] {
            for (name, figures) in split ?? [:] { groups.append(("\(kind) \(name)", figures)) }
        }
        for (name, figures) in groups {
            #expect(figures.started == figures.completed + figures.abandoned + figures.inProgress, "\(what), \(name)")
            #expect(figures.completed >= 0 && figures.abandoned >= 0 && figures.inProgress >= 0, "\(what), \(name)")
        }
    }

    /// A report's JSON, or its error's text.
    static func outcome(_ body: () throws -> FunnelResult) -> String {
        do {
            return String(decoding: try body().jsonData(), as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    @Test func figuresAddUpAndTheRevisionsSumToEveryRevision() throws {
        var random = SplitMix64(seed: 0x00C0_FFEE_2026)
        var checkedRevisionUsers = 0
        var usersInFlight = 0
        // A fixed number of seeded scenarios (some fifteen seconds of one core in a debug build).
        for round in 0..<150 {
            let scenario = Scenario(&random)
            guard !scenario.events.isEmpty else { continue }
            let lines = scenario.lines
            let data = Lines.data(lines)
            // Users who started on one revision and have events of another: a publish caught them in flight.
            var revisionsByUser: [String: Set<Int>] = [:]
            for event in scenario.events { if let revision = event.revision { revisionsByUser[event.user, default: []].insert(revision) } }
            for (user, model) in scenario.users {
                guard let start = model.start?.revision else { continue }
                if revisionsByUser[user]?.contains(where: { $0 != start }) == true { usersInFlight += 1 }
            }
            let base = RandomFlowEvents.firstDay
            // Scopes: everything, each revision and one nobody started on, date ranges with and without a revision.
            var scopes = [ReportScope()] + (1...scenario.revisions + 1).map { ReportScope(revision: $0) }
            for _ in 0..<2 {
                let since = base + Int64(random.int(-86_400_000...(5 * 86_400_000)))
                let until = since + Int64(random.int(1...(3 * 86_400_000)))
                scopes.append(ReportScope(since: random.chance(0.2) ? nil : since, until: random.chance(0.2) ? nil : until))
                scopes.append(ReportScope(revision: random.int(1...scenario.revisions), since: since, until: until))
            }
            // The ledger's rows, each user's computed from all of their lines.
            var byUser: [String: [String]] = [:]
            for event in scenario.events { byUser[event.user, default: []].append(event.line) }
            let rows = byUser.keys.sorted().flatMap { Contributions.ofUser(lines: byUser[$0]!) }

            var everyRevision: FlowReport?
            for scope in scopes {
                let what = "round \(round), scope \(scope)"
                let plain = FunnelQuery(flowID: "signup", declaredSteps: Scenario.declaredSteps, scope: scope)
                let report = try #require(try Funnel.compute(jsonLines: data, query: plain).flowReport, "\(what)")
                Self.checkAddsUp(report, what)
                let figures = [report.overall.started, report.overall.completed, report.overall.abandoned]
                #expect(figures == Self.expected(scenario, scope), "\(what)")
                let withoutStart = scope.picksUsersByStart ? 0 : scenario.users.values.filter { $0.start == nil }.count
                #expect(report.withoutStart == withoutStart, "\(what)")
                if scope.isEmpty { everyRevision = report }
                if let revision = scope.revision, scope.since == nil, scope.until == nil {
                    // The revision's report is the `byRevision` group of the report over every revision.
                    let group = everyRevision?.byRevision?["\(revision)"]
                    #expect([group?.started ?? 0, group?.completed ?? 0, group?.abandoned ?? 0] == figures, "\(what)")
                    #expect(group?.medianMsToComplete == (report.started == 0 ? nil : report.overall.medianMsToComplete), "\(what)")
                    checkedRevisionUsers += report.started
                    // The sequential funnel takes the same users.
                    let funnel = try #require(try Funnel.compute(jsonLines: data, query: FunnelQuery(
                        flowID: "signup", steps: ["welcome", "$complete"], declaredSteps: Scenario.declaredSteps, scope: scope)).funnelReport)
                    #expect(funnel.steps.first?.users == scenario.counted(scope).filter(\.viewedWelcome).count, "\(what)")
                }
                // The ledger's rows give the same report, byte for byte; split by variation too.
                #expect(Self.outcome { try FlowContributionTests.reportFromRows(rows, query: plain, events: lines.count) }
                    == String(decoding: FunnelResult.flow(report).jsonData(), as: UTF8.self), "\(what)")
                var scopeOfExperiment = scope
                scopeOfExperiment.experiment = "short-signup"
                let split = FunnelQuery(
                    flowID: "signup", groupByVariation: true, declaredSteps: Scenario.declaredSteps,
                    declaredVariations: RandomFlowEvents.declaredVariations, scope: scopeOfExperiment)
                let overEvents = Self.outcome { try Funnel.compute(jsonLines: data, query: split) }
                #expect(Self.outcome { try FlowContributionTests.reportFromRows(rows, query: split, events: lines.count) } == overEvents, "\(what)")
                if let report = try? Funnel.compute(jsonLines: data, query: split).flowReport { Self.checkAddsUp(report, what + " by variation") }
            }
            // The revisions' reports and the users whose start carries no revision make up everyone.
            let all = try #require(everyRevision)
            var sum = [0, 0, 0]
            for revision in 1...scenario.revisions {
                let scoped = try #require(try Funnel.compute(jsonLines: data, query: FunnelQuery(flowID: "signup", scope: ReportScope(revision: revision))).flowReport)
                sum = zip(sum, [scoped.started, scoped.completed, scoped.overall.abandoned]).map(+)
            }
            let none = scenario.counted(ReportScope()).filter { $0.start?.revision == nil }
            sum = zip(sum, [none.count, none.filter(\.completed).count, none.filter { $0.abandoned && !$0.completed }.count]).map(+)
            #expect(sum == [all.started, all.completed, all.overall.abandoned], "round \(round)")
            #expect((all.byRevision?.values.map(\.started).reduce(0, +) ?? all.started) == all.started, "round \(round)")
        }
        // Enough users in revisions' reports, and caught in flight by a publish, to mean something.
        #expect(checkedRevisionUsers > 1_000, "\(checkedRevisionUsers) users in revisions' reports")
        #expect(usersInFlight > 150, "\(usersInFlight) users in flight")
    }
}
