import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// A report is a sum over users, and a date range picks users by their first start: so the reports
/// over disjoint ranges add up to the report over their union.
@Suite("Report scope: disjoint date ranges sum to their union")
struct ReportScopePropertyTests {
    /// The additive figures of a flow report: totals, and per step id its counts and outcomes.
    struct Counts: Equatable, CustomStringConvertible {
        var totals = [0, 0, 0, 0]  // started, completed, abandoned, inProgress
        var steps: [String: [Int]] = [:]  // viewed, skipped, droppedHere
        var outcomes: [String: Int] = [:]  // "step/outcome"
        var funnel: [Int] = []  // users per step of the sequential funnel

        init() {}

        init(_ report: FlowReport, _ funnel: FunnelReport) {
            let figures = report.overall
            totals = [figures.started, figures.completed, figures.abandoned, figures.inProgress]
            for step in figures.steps where step.viewed + step.skipped + step.droppedHere + step.outcomes.count > 0 {
                steps[step.stepID] = [step.viewed, step.skipped, step.droppedHere]
                for (outcome, users) in step.outcomes { outcomes[step.stepID + "/" + outcome] = users }
            }
            self.funnel = funnel.steps.map(\.users)
        }

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            var sum = lhs
            sum.totals = zip(lhs.totals, rhs.totals).map(+)
            sum.steps.merge(rhs.steps) { zip($0, $1).map(+) }
            sum.outcomes.merge(rhs.outcomes, uniquingKeysWith: +)
            sum.funnel = lhs.funnel.isEmpty ? rhs.funnel : zip(lhs.funnel, rhs.funnel).map(+)
            return sum
        }

        var description: String { "totals \(totals), steps \(steps.sorted { $0.key < $1.key }), outcomes \(outcomes.count), funnel \(funnel)" }
    }

    static let steps = ["welcome", "goals", "sleep", "breathing", "paywall", "sub/notify"]
    static let outcomes = ["next", "back", "skip", "sleep", "stress"]

    /// Random users: 0–3 runs each, hours to days apart, some without a `Flow Started` (its event
    /// lost), on revision 1, 2 or none, through random steps, ending completed, abandoned or not at all.
    static func events(_ random: inout SplitMix64) -> [String] {
        var lines: [String] = []
        for user in 0..<random.int(1...30) {
            let id = "u\(user)"
            var time = Double(random.int(0...(10 * 86_400)))
            for _ in 0..<random.int(0...3) {
                let revision = [1, 2, nil][random.int(0...2)]
                if random.chance(0.9) { lines.append(Scoped.line(id, .flowStarted, at: time, revision: revision)) }
                for _ in 0..<random.int(0...5) {
                    let step = steps[random.int(0...(steps.count - 1))]
                    time += Double(random.int(0...600))
                    if random.chance(0.15) {
                        lines.append(Scoped.line(id, .stepSkipped, at: time, step: step, revision: revision))
                        continue
                    }
                    lines.append(Scoped.line(id, .stepViewed, at: time, step: step, revision: revision))
                    if random.chance(0.8) {
                        time += Double(random.int(1...120))
                        lines.append(Scoped.line(id, .stepCompleted, at: time, step: step,
                                                 outcome: outcomes[random.int(0...(outcomes.count - 1))], revision: revision))
                    }
                }
                switch random.int(0...2) {
                case 0: lines.append(Scoped.line(id, .flowCompleted, at: time + 1, revision: revision))
                case 1: lines.append(Scoped.line(id, .flowAbandoned, at: time + 1, revision: revision))
                default: break
                }
                time += Double(random.int(0...(3 * 86_400)))
            }
        }
        // Another flow's event, and a user who never started, whom no date range counts.
        lines.append(Scoped.line("x", .flowStarted, at: 5, flow: "other"))
        lines.append(Scoped.line("z", .stepViewed, at: 5, step: "goals"))
        var shuffled = lines
        shuffled.shuffle(using: &random)
        return shuffled
    }

    static func counts(_ lines: [String], _ scope: ReportScope) throws -> Counts {
        let data = Lines.data(lines)
        let flow = try #require(try Funnel.compute(jsonLines: data, query: FunnelQuery(flowID: "signup", scope: scope)).flowReport)
        let funnelQuery = FunnelQuery(flowID: "signup", steps: ["welcome", "goals", "$complete"], declaredSteps: steps, scope: scope)
        let funnel = try #require(try Funnel.compute(jsonLines: data, query: funnelQuery).funnelReport)
        return Counts(flow, funnel)
    }

    @Test func reportsOverDisjointRangesSumToTheReportOverTheirUnion() throws {
        var random = SplitMix64(seed: 0x5C0_9E24)
        for round in 0..<300 {
            let lines = Self.events(&random)
            // Cut points from day −1 to day 14, sorted and distinct: parts [c0, c1), [c1, c2), … and the union [c0, cN).
            var cuts = Set<Int64>()
            for _ in 0..<random.int(2...5) { cuts.insert(Scoped.time(Double(random.int(-86_400...(14 * 86_400))))) }
            let points = cuts.sorted()
            guard points.count >= 2 else { continue }
            let revision = random.chance(0.3) ? random.int(1...2) : nil
            let union = try Self.counts(lines, ReportScope(revision: revision, since: points.first, until: points.last))
            var sum = Counts()
            for (since, until) in zip(points, points.dropFirst()) {
                sum = sum + (try Self.counts(lines, ReportScope(revision: revision, since: since, until: until)))
            }
            #expect(sum == union, "round \(round): parts \(sum) ≠ union \(union)")
            if sum != union { return }
        }
    }

    /// The same property with a range open at either end: before a time, and from it on, make up every user who started.
    @Test func beforeAndFromATimeMakeUpEveryoneWhoStarted() throws {
        var random = SplitMix64(seed: 24)
        for round in 0..<200 {
            let lines = Self.events(&random)
            let cut = Scoped.time(Double(random.int(0...(12 * 86_400))))
            let before = try Self.counts(lines, ReportScope(until: cut))
            let after = try Self.counts(lines, ReportScope(since: cut))
            let started = try Self.counts(lines, ReportScope(since: Scoped.time(-1_000_000_000)))
            #expect(before + after == started, "round \(round)")
            if before + after != started { return }
        }
    }
}
