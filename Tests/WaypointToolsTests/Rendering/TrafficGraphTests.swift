import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// The designed graph with the users of each edge, from the flow report.
@Suite("Traffic graph")
struct TrafficGraphTests {
    /// An edge as (from, outcome, to, users).
    struct Row: Hashable, CustomStringConvertible {
        var from: String, outcome: String, to: String, users: Int
        init(_ from: String, _ outcome: String, _ to: String, _ users: Int) {
            (self.from, self.outcome, self.to, self.users) = (from, outcome, to, users)
        }
        init(_ edge: TrafficGraph.Edge) { self.init(edge.from, edge.outcome, edge.to, edge.users) }
        var description: String { "\(from) -\(outcome)-> \(to): \(users)" }
    }

    /// Control's 38 users of the played runs, edge by edge, read off `flow-report.json` by hand.
    @Test func controlUsersTakeEachEdgeAsTheReportCountsThem() throws {
        let report = try RenderingFixtures.playedReport()
        let figures = try #require(report.byVariation?["control"])
        let traffic = TrafficGraph(graph: try RenderingFixtures.signup("control"), figures: figures)
        #expect(traffic.flowID == "signup" && traffic.variation == "control")
        #expect(traffic.started == 38 && traffic.completed == 25)
        #expect(traffic.edges.map(Row.init) == [
            Row("$start", "start", "splash", 38),  // started
            Row("splash", "login", "login", 9),  // splash outcomes.login
            Row("splash", "register", "registration", 25),
            Row("splash", "loggedIn", "$complete", 4),
            Row("login", "next", "$complete", 6),
            Row("registration", "newUser", "personalization", 18),
            Row("registration", "existingUser", "$complete", 5),
            Row("personalization", "next", "shared-end", 8),  // document order, reported as `next`
            Row("personalization", "skip", "shared-end", 10),  // personalization skipped
            // The subflow: 8 who saw personalization and 10 who skipped it reach notifications.
            Row("shared-end", "runs", "shared-end/notifications", 18),
            Row("shared-end/notifications", "next", "shared-end/done", 15),
            Row("shared-end/done", "next", "shared-end/$complete", 10),
            // Leaving the subflow step: the 10 who left its subflow through $complete.
            Row("shared-end", "next", "$complete", 10),
        ])
        #expect(traffic.edges.map(\.kind) == [
            .start, .outcome, .outcome, .outcome, .outcome, .outcome, .outcome, .documentOrder, .skip,
            .runs, .documentOrder, .documentOrder, .documentOrder,
        ])
        // Every completion arrives by one of the edges into $complete.
        #expect(traffic.edges.filter { $0.to == "$complete" }.reduce(0) { $0 + $1.users } == 25)
        #expect(traffic.untakenEdges.isEmpty)
        #expect(traffic.unmatchedSteps.isEmpty && traffic.unmatchedOutcomes.isEmpty)

        let personalization = try #require(traffic.node("personalization"))
        #expect((personalization.viewed, personalization.skipped, personalization.droppedHere) == (8, 10, 0))
        #expect(personalization.isConditional && personalization.screen == "Personalization")
        let done = try #require(traffic.node("shared-end/done"))
        #expect((done.viewed, done.droppedHere, done.stepID, done.group) == (15, 5, "done", "shared-end"))
        #expect(traffic.node("shared-end")?.kind == .subflow && traffic.node("shared-end")?.subflow == "end-flow")
        #expect(traffic.groups == [TrafficGraph.Group(
            id: "shared-end", flowID: "end-flow", parent: nil, start: "shared-end/notifications", end: "shared-end/$complete")])
        #expect(traffic.nodes.map(\.id) == [
            "$start", "splash", "login", "registration", "personalization", "shared-end", "$complete",
            "shared-end/notifications", "shared-end/done", "shared-end/$complete",
        ])
    }

    @Test func theShortVariationWithEveryonesFiguresListsTheStepsItDoesNotDraw() throws {
        let report = try RenderingFixtures.playedReport()
        let short = try RenderingFixtures.signup("short")
        let own = TrafficGraph(graph: short, figures: try #require(report.byVariation?["short"]))
        #expect(own.edges.map(Row.init) == [
            Row("$start", "start", "splash", 42),
            Row("splash", "continue", "shared-end", 36),
            Row("shared-end", "runs", "shared-end/notifications", 36),
            Row("shared-end/notifications", "next", "shared-end/done", 28),
            Row("shared-end/done", "next", "shared-end/$complete", 17),
            Row("shared-end", "next", "$complete", 17),  // = short's 17 completions
        ])
        // Short's figures list control's steps at 0: nothing to report.
        #expect(own.unmatchedSteps.isEmpty)

        // Everyone's figures: control's users viewed steps the short entry does not have.
        let everyone = TrafficGraph(graph: short, report: report)
        #expect(everyone.unmatchedSteps.map(\.stepID) == ["login", "registration", "personalization"])
        #expect(everyone.unmatchedSteps.map(\.viewed) == [9, 25, 8])
        #expect(everyone.unmatchedOutcomes == [
            .init(stepID: "splash", outcome: "loggedIn", users: 4),
            .init(stepID: "splash", outcome: "login", users: 9),
            .init(stepID: "splash", outcome: "register", users: 25),
        ])
        #expect(everyone.edges.first { $0.from == "splash" }?.users == 36)
    }

    @Test func edgesNobodyTookAreMarked() throws {
        // Control's graph with short's users: only the start and the subflow were used.
        let report = try RenderingFixtures.playedReport()
        let traffic = TrafficGraph(graph: try RenderingFixtures.signup("control"), figures: try #require(report.byVariation?["short"]))
        #expect(traffic.untakenEdges.map(Row.init) == [
            Row("splash", "login", "login", 0), Row("splash", "register", "registration", 0),
            Row("splash", "loggedIn", "$complete", 0), Row("login", "next", "$complete", 0),
            Row("registration", "newUser", "personalization", 0), Row("registration", "existingUser", "$complete", 0),
            Row("personalization", "next", "shared-end", 0), Row("personalization", "skip", "shared-end", 0),
        ])
        #expect(traffic.edges.filter { !$0.isUntaken }.map(\.users) == [42, 36, 28, 17, 17])
        #expect(traffic.unmatchedOutcomes == [.init(stepID: "splash", outcome: "continue", users: 36)])

        let elements = try SVGElements.parse(traffic.svg(idPrefix: "short"))
        let untaken = elements.filter { $0.classes.isSuperset(of: ["wp-edge", "wp-untaken"]) }
        #expect(untaken.count == 8)
        let lines = elements.with(class: "wp-edge-line")
        #expect(lines.count == traffic.edges.count)
        // Drawn in order: the untaken lines are red and dashed; a taken skip edge would be dashed too, but grey.
        for (edge, line) in zip(traffic.edges, lines) {
            #expect((line.attributes["stroke"] == "#b91c1c") == edge.isUntaken, "\(Row(edge))")
            #expect(line.attributes["marker-end"] == (edge.isUntaken ? "url(#short-arrow-untaken)" : "url(#short-arrow)"))
            #expect((line.attributes["stroke-dasharray"] != nil) == (edge.isUntaken || edge.kind == .skip))
        }
        let labels = elements.with(class: "wp-edge-label")
        #expect(labels.map(\.text).contains("login · 0") && labels.map(\.text).contains("runs · 36"))
        #expect(labels.with(class: "wp-untaken").count == 8)
    }

    @Test func wentBackAndUndeclaredOutcomesAreListedNotDrawn() throws {
        let graph = try RenderingFixtures.graph(#"""
        {"schemaVersion": 1, "flows": [{"id": "f", "steps": [
          {"id": "a", "on": {"go": "b"}}, {"id": "b", "on": {"done": "$complete"}}]}]}
        """#, flow: "f")
        typealias E = RenderingFixtures
        let report = try E.report([
            E.event("u1", .flowStarted, 0), E.event("u1", .stepViewed, 0, step: "a"),
            E.event("u1", .stepCompleted, 1, step: "a", outcome: "go"), E.event("u1", .stepViewed, 1, step: "b"),
            E.event("u1", .stepCompleted, 2, step: "b", outcome: "back"), E.event("u1", .stepViewed, 2, step: "a"),
            E.event("u1", .stepCompleted, 3, step: "a", outcome: "go"), E.event("u1", .stepViewed, 3, step: "b"),
            E.event("u1", .stepCompleted, 4, step: "b", outcome: "done"), E.event("u1", .flowCompleted, 4),
            E.event("u2", .flowStarted, 0), E.event("u2", .stepViewed, 0, step: "a"),
            E.event("u2", .stepCompleted, 1, step: "a", outcome: "$jump"), E.event("u2", .stepViewed, 1, step: "b"),
            E.event("u2", .stepCompleted, 2, step: "b", outcome: "back"), E.event("u2", .stepViewed, 2, step: "a"),
            E.event("u2", .stepViewed, 3, step: "ghost"),
        ], flow: "f")
        let traffic = TrafficGraph(graph: graph, report: report)
        #expect(traffic.edges.map(Row.init) == [
            Row("$start", "start", "a", 2), Row("a", "go", "b", 1), Row("b", "done", "$complete", 1),
        ])
        #expect(traffic.backCounts == [.init(stepID: "b", outcome: "back", users: 2)])
        #expect(traffic.unmatchedOutcomes == [
            .init(stepID: "a", outcome: "$jump", users: 1), .init(stepID: "b", outcome: "back", users: 2),
        ])
        #expect(traffic.unmatchedSteps.map(\.stepID) == ["ghost"])
        #expect(traffic.node("a")?.viewed == 2 && traffic.node("ghost") == nil)
        #expect(traffic.node("ghost")?.droppedHere == nil && report.overall.step("ghost")?.droppedHere == 1)
    }

    @Test func aSubflowRunFromTwoStepsIsDrawnOnceForEach() throws {
        let graph = try RenderingFixtures.graph(#"""
        {"schemaVersion": 1, "flows": [
          {"id": "f", "steps": [
            {"id": "first", "subflow": "tip", "when": {"new": true}},
            {"id": "middle", "on": {"again": "second", "stop": "$complete"}},
            {"id": "second", "subflow": "tip"}]},
          {"id": "tip", "steps": [{"id": "show", "when": {"tips": true}}, {"id": "ok"}]}]}
        """#, flow: "f")
        typealias E = RenderingFixtures
        let report = try E.report([
            // u1 skips the first tip, skips `show` of the second and sees `ok`.
            E.event("u1", .flowStarted, 0), E.event("u1", .stepSkipped, 0, step: "first"),
            E.event("u1", .stepViewed, 0, step: "middle"), E.event("u1", .stepCompleted, 1, step: "middle", outcome: "again"),
            E.event("u1", .stepSkipped, 1, step: "second/show"), E.event("u1", .stepViewed, 1, step: "second/ok"),
            E.event("u1", .stepCompleted, 2, step: "second/ok", outcome: "next"), E.event("u1", .flowCompleted, 2),
            // u2 sees the first tip through and stops.
            E.event("u2", .flowStarted, 0), E.event("u2", .stepViewed, 0, step: "first/show"),
            E.event("u2", .stepCompleted, 1, step: "first/show", outcome: "next"), E.event("u2", .stepViewed, 1, step: "first/ok"),
            E.event("u2", .stepCompleted, 2, step: "first/ok", outcome: "next"), E.event("u2", .stepViewed, 2, step: "middle"),
            E.event("u2", .stepCompleted, 3, step: "middle", outcome: "stop"), E.event("u2", .flowCompleted, 3),
        ], flow: "f")
        let traffic = TrafficGraph(graph: graph, report: report)
        #expect(traffic.groups.map(\.id) == ["first", "second"])
        #expect(traffic.edges.map(Row.init) == [
            Row("$start", "start", "first", 2),
            Row("first", "runs", "first/show", 1),
            Row("first/show", "next", "first/ok", 1),
            Row("first/show", "skip", "first/ok", 0),
            Row("first/ok", "next", "first/$complete", 1),
            Row("first", "next", "middle", 1),  // left the subflow
            Row("first", "skip", "middle", 1),
            Row("middle", "again", "second", 1),
            Row("middle", "stop", "$complete", 1),
            Row("second", "runs", "second/show", 1),  // skipped show: reached the subflow all the same
            Row("second/show", "next", "second/ok", 0),
            Row("second/show", "skip", "second/ok", 1),
            Row("second/ok", "next", "second/$complete", 1),
            Row("second", "next", "$complete", 1),
        ])
        #expect(traffic.node("first")?.skipped == 1)
        #expect(traffic.unmatchedSteps.isEmpty)
    }

    @Test func outcomesToStepsTheFlowLacksLeadToAMissingNode() throws {
        let entry = FlowEntry(id: "f", steps: [
            FlowStepEntry(id: "a", on: [
                FlowOutcome(name: "go", target: .step("nowhere")), FlowOutcome(name: "also", target: .step("nowhere")),
            ]),
        ])
        let graph = try WaypointDocument(flows: [entry]).flowGraph(id: "f")
        let traffic = TrafficGraph(graph: graph, figures: FlowReport.Figures(started: 1, steps: [
            FlowReport.Step(stepID: "a", viewed: 1, outcomes: ["go": 1]),
        ]))
        #expect(traffic.edges.map(Row.init) == [
            Row("$start", "start", "a", 1), Row("a", "go", "$missing/nowhere", 1), Row("a", "also", "$missing/nowhere", 0),
        ])
        #expect(traffic.node("$missing/nowhere")?.label == "missing: nowhere")
        #expect(traffic.nodes.filter { $0.kind == .missing }.count == 1)
        _ = try SVGElements.parse(traffic.svg())
    }

    @Test func aSubflowThatRunsItselfIsNotExpandedAgain() throws {
        let entry = FlowEntry(id: "a", steps: [FlowStepEntry(id: "x"), FlowStepEntry(id: "again", subflow: "a")])
        let traffic = TrafficGraph(graph: try WaypointDocument(flows: [entry]).flowGraph(id: "a"), figures: FlowReport.Figures())
        #expect(traffic.groups.isEmpty)
        #expect(traffic.nodes.map(\.id) == ["$start", "x", "again", "$complete"])
        #expect(traffic.edges.map(Row.init) == [
            Row("$start", "start", "x", 0), Row("x", "next", "again", 0), Row("again", "next", "$complete", 0),
        ])
        _ = try SVGElements.parse(traffic.svg())
    }

    @Test func subflowsRunFromEveryStepAtEveryLevelStopExpandingAtTheLimit() throws {
        // Each level runs the next one twice: 2^13 copies of the leaf if nothing stopped it.
        let flows = (0..<14).map { level in
            FlowEntry(id: "l\(level)", steps: level == 13 ? [FlowStepEntry(id: "leaf")]
                : [FlowStepEntry(id: "a", subflow: "l\(level + 1)"), FlowStepEntry(id: "b", subflow: "l\(level + 1)")])
        }
        let traffic = TrafficGraph(graph: try WaypointDocument(flows: flows).flowGraph(id: "l0"), figures: FlowReport.Figures())
        #expect(traffic.nodes.count >= TrafficGraphBuilder.maximumNodes)
        #expect(traffic.nodes.count < TrafficGraphBuilder.maximumNodes + 10)
        #expect(traffic.node("a/a/a/a/a/a/a/a/a/a/a/a/a/leaf") != nil)  // expanded depth first
        // Past the limit, subflow steps are drawn as steps that run nothing here.
        let expanded = Set(traffic.groups.map(\.id))
        let unexpanded = traffic.nodes.filter { $0.kind == .subflow && !expanded.contains($0.id) }
        #expect(!unexpanded.isEmpty)
        #expect(unexpanded.allSatisfy { node in !traffic.edges.contains { $0.from == node.id && $0.kind == .runs } })
    }
}
