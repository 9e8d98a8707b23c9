import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// The traffic graph as SVG: layout, accessibility, escaping and determinism.
@Suite("Traffic graph SVG")
struct TrafficGraphSVGTests {
    /// A flow that loops: `form` can fail back to itself, and `review` can send the user back to `form`.
    static let loop = #"""
    {"schemaVersion": 1, "flows": [{"id": "loop", "start": "intro", "steps": [
      {"id": "intro", "screen": "Intro", "on": {"next": "form"}},
      {"id": "form", "screen": "Form", "on": {"invalid": "form", "submit": "review"}},
      {"id": "review", "screen": "Review", "on": {"edit": "form", "confirm": "$complete"}}]}]}
    """#

    /// A subflow inside a subflow, run from a conditional step.
    static let nested = #"""
    {"schemaVersion": 1, "flows": [
      {"id": "outer", "steps": [
        {"id": "hello", "on": {"tour": "tour", "skipTour": "bye"}},
        {"id": "tour", "subflow": "tour-flow", "when": {"beta": true}},
        {"id": "bye"}]},
      {"id": "tour-flow", "steps": [{"id": "one"}, {"id": "more", "subflow": "tips"},
        {"id": "two", "on": {"again": "one", "next": "$complete"}}]},
      {"id": "tips", "steps": [{"id": "tip"}]}]}
    """#

    static func graphs() throws -> [(String, TrafficGraph)] {
        let report = try RenderingFixtures.playedReport()
        return [
            ("signup control", TrafficGraph(graph: try RenderingFixtures.signup("control"), report: report)),
            ("signup short", TrafficGraph(graph: try RenderingFixtures.signup("short"), report: report)),
            ("loop", TrafficGraph(graph: try RenderingFixtures.graph(loop, flow: "loop"), figures: FlowReport.Figures())),
            ("nested", TrafficGraph(graph: try RenderingFixtures.graph(nested, flow: "outer"), figures: FlowReport.Figures())),
        ]
    }

    @Test func boxesNeverOverlapStartIsOnTopAndGroupsHoldTheirSteps() throws {
        for (name, traffic) in try Self.graphs() {
            let geometry = traffic.geometry()
            let frames = geometry.nodes
            for first in frames.indices {
                for second in frames.indices where second > first {
                    #expect(!frames[first].overlaps(frames[second]), "\(name): \(traffic.nodes[first].id), \(traffic.nodes[second].id)")
                }
            }
            let start = try #require(traffic.nodes.firstIndex { $0.id == "$start" })
            #expect(frames.indices.allSatisfy { $0 == start || frames[start].maxY < frames[$0].y }, "\(name)")
            let complete = try #require(traffic.nodes.firstIndex { $0.id == "$complete" })
            #expect(traffic.nodes.indices.allSatisfy { traffic.nodes[$0].group != nil || frames[$0].y <= frames[complete].y }, "\(name)")
            for (index, group) in traffic.groups.enumerated() {
                let box = geometry.groups[index]
                for (node, frame) in zip(traffic.nodes, frames) {
                    let inside = frame.x >= box.x && frame.maxX <= box.maxX && frame.y >= box.y && frame.maxY <= box.maxY
                    let member = node.id.hasPrefix(group.id + "/")
                    #expect(member ? inside : !frame.overlaps(box), "\(name): \(node.id) and group \(group.id)")
                }
            }
            for frame in frames + geometry.groups {
                #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= geometry.width && frame.maxY <= geometry.height, "\(name)")
            }
        }
    }

    @Test func aFlowWithCyclesLaysOutAndDrawsEveryEdge() throws {
        let graph = try RenderingFixtures.graph(Self.loop, flow: "loop")
        let traffic = TrafficGraph(graph: graph, figures: FlowReport.Figures(started: 5, completed: 3, steps: [
            FlowReport.Step(stepID: "intro", viewed: 5, outcomes: ["next": 5]),
            FlowReport.Step(stepID: "form", viewed: 5, droppedHere: 1, outcomes: ["invalid": 2, "submit": 4]),
            FlowReport.Step(stepID: "review", viewed: 4, outcomes: ["edit": 1, "confirm": 3]),
        ]))
        #expect(traffic.edges.map(\.users) == [5, 5, 2, 4, 1, 3])
        let geometry = traffic.geometry()
        func index(_ from: String, _ outcome: String) throws -> Int {
            try #require(traffic.edges.firstIndex { $0.from == from && $0.outcome == outcome })
        }
        // `edit` goes back up, from review's top to form's bottom.
        let edit = geometry.edges[try index("review", "edit")]
        let form = geometry.nodes[try #require(traffic.nodes.firstIndex { $0.id == "form" })]
        let review = geometry.nodes[try #require(traffic.nodes.firstIndex { $0.id == "review" })]
        #expect(edit.first?.y == review.y && edit.last?.y == form.maxY && form.maxY < review.y)
        // `submit` goes down, from form's bottom to review's top.
        let submit = geometry.edges[try index("form", "submit")]
        #expect(submit.first?.y == form.maxY && submit.last?.y == review.y)
        // `invalid` loops on form: no points, drawn beside it.
        #expect(geometry.edges[try index("form", "invalid")].isEmpty)
        let elements = try SVGElements.parse(traffic.svg(idPrefix: "loop"))
        let lines = elements.with(class: "wp-edge-line")
        #expect(lines.count == 6 && lines.allSatisfy { ($0.attributes["d"] ?? "").hasPrefix("M") })
        #expect(elements.with(class: "wp-edge-label").map(\.text) == [
            "start · 5", "next · 5", "invalid · 2", "submit · 4", "edit · 1", "confirm · 3",
        ])
    }

    @Test func theSVGIsAnAccessibleImageWithPrefixedIDs() throws {
        let traffic = try Self.graphs()[0].1
        let svg = traffic.svg(idPrefix: "v-control")
        let elements = try SVGElements.parse(svg)
        let root = try #require(elements.first)
        #expect(root.name == "svg" && root.attributes["role"] == "img" && root.attributes["width"] != nil)
        #expect(root.attributes["viewBox"] == "0 0 \(root.attributes["width"] ?? "") \(root.attributes["height"] ?? "")")
        #expect(root.attributes["aria-labelledby"] == "v-control-title v-control-desc")
        #expect(root.attributes["viewBox"]?.hasPrefix("0 0 ") == true)
        #expect(elements.first { $0.attributes["id"] == "v-control-title" }?.text == "Flow signup (variation control): users per edge")
        let desc = try #require(elements.first { $0.attributes["id"] == "v-control-desc" }?.text)
        #expect(desc.hasPrefix("80 users started the flow and 42 completed it."))
        #expect(desc.hasSuffix("13 edges; nobody took 0."))
        let ids = elements.compactMap { $0.attributes["id"] }
        #expect(ids.sorted() == ["v-control-arrow", "v-control-arrow-untaken", "v-control-desc", "v-control-title"])
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("style="))
        // One titled group per node and edge, each with presentation attributes of its own.
        #expect(elements.with(class: "wp-node").count == traffic.nodes.count)
        #expect(elements.with(class: "wp-edge").count == traffic.edges.count)
        #expect(elements.with(class: "wp-node-box").allSatisfy { $0.attributes["fill"] != nil && $0.attributes["stroke"] != nil })
        #expect(elements.with(class: "wp-conditional").count == 1)
        #expect(elements.with(class: "wp-group-label").map(\.text) == ["subflow end-flow"])
        // The first step's box: its screen and its traffic under its id.
        #expect(elements.with(class: "wp-node-detail").prefix(2).map(\.text) == ["Splash", "viewed 80 · dropped 6 (7.5%)"])
        // Two drawings on one page: different prefixes, no shared id.
        let other = try SVGElements.parse(traffic.svg(idPrefix: "v-short")).compactMap { $0.attributes["id"] }
        #expect(Set(ids).isDisjoint(with: other))
    }

    @Test func everyTextIsEscaped() throws {
        let hostile = #"<script>alert("x")</script>"#
        let entry = FlowEntry(id: "f&'g'", steps: [
            FlowStepEntry(id: hostile, screen: #"Tom & Jerry's "show""#,
                          on: [FlowOutcome(name: "a<b>&'c'\u{1}", target: .step("x\"y"))]),
        ])
        let graph = try WaypointDocument(flows: [entry]).flowGraph(id: "f&'g'")
        let traffic = TrafficGraph(graph: graph, figures: FlowReport.Figures(started: 1, steps: [
            FlowReport.Step(stepID: hostile, viewed: 1, outcomes: ["a<b>&'c'\u{1}": 1]),
            FlowReport.Step(stepID: "</desc><script>", viewed: 1),
        ]))
        #expect(traffic.unmatchedSteps.map(\.stepID) == ["</desc><script>"])
        let svg = traffic.svg(idPrefix: #""><script>"#, title: "</title><script>x</script>")
        #expect(!svg.contains("<script") && !svg.contains("</title><script"))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;") && svg.contains("Tom &amp; Jerry&apos;s &quot;show&quot;"))
        let elements = try SVGElements.parse(svg)
        // The parser reads back the very text: escaped, not mangled.
        #expect(elements.first { $0.classes.contains("wp-node-title") && $0.text == hostile } != nil)
        #expect(elements.contains { $0.text == #"Tom & Jerry's "show""# })
        #expect(elements.contains { $0.text == "a<b>&'c' · 1" })
        #expect(elements.contains { $0.text == #"missing: x"y"# })
        #expect(elements.contains { $0.name == "title" && $0.text == "</title><script>x</script>" })
        #expect(elements.compactMap { $0.attributes["id"] }.allSatisfy { $0.hasPrefix("wp___script_-") })
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try Self.graphs()
        let second = try Self.graphs()
        for ((name, one), (_, two)) in zip(first, second) {
            #expect(one == two, "\(name)")
            #expect(one.svg(idPrefix: "p") == two.svg(idPrefix: "p"), "\(name)")
        }
        // Coordinates are written with at most one decimal, never in exponent form.
        let svg = try #require(first.first?.1.svg(idPrefix: "p"))
        #expect(svg.firstMatch(of: /[0-9]\.[0-9]{2}/) == nil && svg.firstMatch(of: /[0-9]e[-+]?[0-9]/) == nil)
    }

    @Test func longNamesAreCutInTheBoxAndWholeInItsTitle() throws {
        let long = String(repeating: "very-long-step-name-", count: 5)
        let entry = FlowEntry(id: "f", steps: [FlowStepEntry(id: long)])
        let traffic = TrafficGraph(graph: try WaypointDocument(flows: [entry]).flowGraph(id: "f"), figures: FlowReport.Figures())
        let elements = try SVGElements.parse(traffic.svg())
        let title = try #require(elements.with(class: "wp-node-title").first { $0.text.hasPrefix("very") })
        #expect(title.text == String(long.prefix(39)) + "…")
        #expect(elements.contains { $0.name == "title" && $0.text.hasPrefix(long) })
        let box = try #require(traffic.geometry().nodes.first { $0.width > 200 })
        #expect(box.width == 40 * 13 * 0.6 + 20)
    }
}
