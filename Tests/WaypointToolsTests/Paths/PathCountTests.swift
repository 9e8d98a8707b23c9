import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Counting and listing paths through flow graphs.
@Suite("PathCount and path listing")
struct PathCountTests {
    static func graph(_ steps: [String], extra: String = "", flow: String = "f") throws -> FlowGraph {
        let document = try #require(WaypointDocument.validate(DocumentFixtures.flowDocument(steps, extra: extra)).document)
        return try document.flowGraph(id: flow)
    }

    /// A flow of `steps` steps, each leading one or two steps ahead.
    static func ladder(_ steps: Int) throws -> FlowGraph {
        let entries = (0..<steps).map { index in
            FlowStepEntry(id: "s\(index)", on: [
                FlowOutcome(name: "one", target: index + 1 < steps ? .step("s\(index + 1)") : .complete),
                FlowOutcome(name: "two", target: index + 2 < steps ? .step("s\(index + 2)") : .complete),
            ])
        }
        return try WaypointDocument(flows: [FlowEntry(id: "ladder", steps: entries)]).flowGraph(id: "ladder")
    }

    /// Fibonacci numbers F(1) = F(2) = 1 by repeated addition.
    static func fibonacci(_ n: Int) -> PathCount {
        var (a, b) = (PathCount.one, PathCount.one)
        for _ in 2..<max(n, 2) { (a, b) = (b, a + b) }
        return n <= 2 ? .one : b
    }

    @Test("Arbitrary-precision arithmetic")
    func arithmetic() throws {
        var power = PathCount.one
        for _ in 0..<70 { power = power + power }
        #expect(power.description == "1180591620717411303424")
        #expect(PathCount(Int.max).description == "9223372036854775807")
        #expect(PathCount("18446744073709551616")! * PathCount("18446744073709551616")! == PathCount("340282366920938463463374607431768211456"))
        #expect(power - PathCount(1) == PathCount("1180591620717411303423"))
        #expect(PathCount(5) - PathCount(7) == .zero)
        #expect(PathCount(1_000_000_000).description == "1000000000" && PathCount.zero.description == "0")
        #expect(PathCount("12x") == nil && PathCount("0007") == PathCount(7))
        #expect(PathCount(123).intValue == 123 && power.intValue == nil)
        #expect(PathCount(999_999_999) + PathCount(1) == PathCount(1_000_000_000))
    }

    @Test("Addition and subtraction carry and borrow across limbs, and leave shared values alone")
    func carriesAndBorrows() throws {
        let nines = try #require(PathCount(String(repeating: "9", count: 27)))
        let power = try #require(PathCount("1" + String(repeating: "0", count: 27)))
        #expect(nines + PathCount(1) == power && PathCount(1) + nines == power)
        #expect(power - PathCount(1) == nines && power - nines == PathCount(1))
        #expect(power - power == .zero && (power + power).description == "2" + String(repeating: "0", count: 27))
        let shared = try #require(PathCount("123456789123456789"))
        var sum = shared
        sum += shared
        #expect(shared.description == "123456789123456789" && sum.description == "246913578246913578")
        var random = SplitMix64(seed: 0xADD5_0B7A)
        func number() -> PathCount {
            let digits = (0..<random.int(1...60)).map { _ in String(random.int(0...9)) }.joined()
            return PathCount(digits)!
        }
        for _ in 0..<500 {
            let (a, b) = (number(), number())
            #expect(a + b == b + a && (a + b) - b == a && (a + b) - a == b)
            #expect(a < b ? a - b == .zero : (a - b) + b == a)
            let small = (random.int(0...Int(Int32.max)), random.int(0...Int(Int32.max)))
            #expect((PathCount(small.0) + PathCount(small.1)).intValue == small.0 + small.1)
            #expect((PathCount(small.0) - PathCount(small.1)).intValue == max(0, small.0 - small.1))
        }
    }

    @Test("A ladder of 10,000 steps has a Fibonacci number of paths, far beyond 2^64")
    func ladderCount() throws {
        let count = try Self.ladder(10_000).countPaths()
        #expect(count == Self.fibonacci(10_001))
        #expect(count.description.count == 2_090)
        #expect(count > PathCount("18446744073709551616")!)
    }

    @Test("Counting agrees with listing", arguments: [1, 2, 5, 12, 16])
    func countMatchesListing(_ steps: Int) throws {
        let graph = try Self.ladder(steps)
        let paths = try graph.listPaths()
        #expect(PathCount(paths.count) == (try graph.countPaths()))
        #expect(Set(paths).count == paths.count)
        #expect(PathCount(paths.count) == Self.fibonacci(steps + 1))
    }

    /// The steps of a seeded random acyclic flow: every outcome leads to a later step or `$complete`, often
    /// one that other outcomes lead to as well; about a third of the steps have a condition, and outcomes
    /// named `skip` or `next` make their skip targets any later step (so the skip chains of a step's targets
    /// meet at steps that are not targets themselves); some steps run a subflow `g` with two paths.
    static func randomAcyclicSteps(_ random: inout SplitMix64) -> [String] {
        let count = random.int(1...10)
        return (0..<count).map { index in
            var fields = [#""id": "s\#(index)""#]
            if random.chance(0.35) { fields.append(#""when": {"k": \#(random.int(0...2))}"#) }
            if random.chance(0.1) { fields.append(#""subflow": "g""#) }
            let names = ["next", "skip", "a", "b", "c"].shuffled(using: &random).prefix(random.chance(0.2) ? 0 : random.int(1...3))
            if !names.isEmpty {
                let outcomes = names.map { outcome in
                    let target = random.int(index + 1...count)
                    let name = target == count ? "$complete" : "s\(target)"
                    return #""\#(outcome)": "\#(name)""#
                }
                fields.append(#""on": {\#(outcomes.joined(separator: ", "))}"#)
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    @Test("Counting agrees with listing on random acyclic flows with conditions and shared targets")
    func countMatchesListingOnRandomFlows() throws {
        var random = SplitMix64(seed: 0x5EED_C0DE)
        let subflow = #", {"id": "g", "steps": [{"id": "x", "on": {"a": "y", "b": "$complete"}}, {"id": "y", "when": {"k": 1}}]}"#
        for _ in 0..<1_000 {
            let steps = Self.randomAcyclicSteps(&random)
            let graph = try Self.graph(steps, extra: subflow)
            let choices: [Attributes?] = [nil, ["k": .number(Double(random.int(0...2)))]]
            for attributes in choices {
                let paths = try graph.listPaths(attributes: attributes)
                #expect(Set(paths).count == paths.count)
                let count = try graph.countPaths(attributes: attributes)
                #expect(count == PathCount(paths.count), "\(steps), attributes \(attributes.map { "\($0)" } ?? "none")")
            }
        }
    }

    @Test("Paths of the example: conditions both ways, or evaluated; subflows inlined")
    func examplePaths() throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
        let graph = try document.flowGraph(id: "signup")
        let end = ["shared-end/notifications", "shared-end/done"]
        #expect(try graph.listPaths() == [
            ["splash", "login"],
            ["splash", "registration", "personalization"] + end,
            ["splash", "registration"] + end,
            ["splash", "registration"],
            ["splash"],
        ])
        #expect(try graph.countPaths() == 5)
        #expect(try graph.listPaths(attributes: ["country": "US"]) == [
            ["splash", "login"], ["splash", "registration", "personalization"] + end, ["splash", "registration"], ["splash"],
        ])
        #expect(try graph.countPaths(attributes: ["country": "FR"]) == 4)
    }

    @Test("Two routes to the same step are one path")
    func sameStepsSamePath() throws {
        let graph = try Self.graph([
            #"{"id": "a", "on": {"x": "b", "y": "c"}}"#,
            #"{"id": "b", "when": {"vip": true}}"#,
            #"{"id": "c"}"#,
        ])
        #expect(try graph.listPaths() == [["a", "b", "c"], ["a", "c"]])
        #expect(try graph.countPaths() == 2)
        #expect(try graph.countPaths(attributes: ["vip": true]) == 2)
        #expect(try graph.listPaths(attributes: ["vip": false]) == [["a", "c"]])
    }

    @Test("Subflow paths multiply and are inlined")
    func subflows() throws {
        let graph = try Self.graph(
            [#"{"id": "first", "subflow": "g"}"#, #"{"id": "last", "when": {"a": 1}}"#],
            extra: #", {"id": "g", "steps": [{"id": "x", "on": {"next": "y", "done": "$complete"}}, {"id": "y"}]}"#)
        #expect(Set(graph.subflows.keys) == ["g"])
        #expect(try graph.countPaths() == 4)
        #expect(try graph.listPaths() == [
            ["first/x", "first/y", "last"], ["first/x", "first/y"], ["first/x", "last"], ["first/x"],
        ])
    }

    @Test("A cycle prevents counting, naming it; listing bounds visits")
    func cycles() throws {
        let graph = try Self.graph([
            #"{"id": "a", "on": {"next": "b"}}"#,
            #"{"id": "b", "on": {"again": "a", "done": "$complete"}}"#,
        ])
        #expect(throws: FlowGraphError.self) { try graph.countPaths() }
        do {
            _ = try graph.countPaths()
        } catch {
            #expect(error.cycle == ["a", "b", "a"])
            #expect(error.description == "Flow `f` has a cycle (a → b → a), so it has endless paths; counting needs a flow without cycles. List the paths with a visit limit instead (--max-visits).")
        }
        #expect(try graph.listPaths() == [["a", "b"]])
        #expect(try graph.listPaths(maxVisits: 2) == [["a", "b", "a", "b"], ["a", "b"]])
        #expect(try graph.listPaths(maxVisits: 3, limit: 2) == [["a", "b", "a", "b", "a", "b"], ["a", "b", "a", "b"]])
    }

    @Test("Unknown targets and subflows are errors when reached")
    func unknownReferences() throws {
        let graph = try Self.graph([#"{"id": "a", "on": {"next": "zz"}}"#])
        do {
            _ = try graph.countPaths()
            Issue.record("counted a flow with an unknown target")
        } catch {
            #expect(error.description.hasPrefix("Step `a` of flow `f` leads to `zz`, which is not a step of the flow"))
        }
        let subflow = try Self.graph([#"{"id": "a", "subflow": "nope"}"#])
        #expect(throws: FlowGraphError.self) { try subflow.listPaths() }
        #expect(throws: DocumentError.self) { try WaypointDocument().flowGraph(id: "missing") }
    }

    @Test("The graph lists nodes and labelled edges for drawing")
    func graphShape() throws {
        let graph = try Self.graph([
            #"{"id": "a", "screen": "A", "on": {"go": "b", "quit": "$complete"}}"#,
            #"{"id": "b", "when": {"x": 1}}"#,
            #"{"id": "c", "subflow": "g"}"#,
        ], extra: #", {"id": "g", "steps": [{"id": "z"}]}"#)
        #expect(graph.root.nodes.map(\.id) == ["a", "b", "c"])
        #expect(graph.root.nodes.map(\.screen) == ["A", "b", nil])
        #expect(graph.root.node("b")?.isConditional == true && graph.root.node("c")?.subflow == "g")
        #expect(graph.root.edges == [
            .init(from: "a", outcome: "go", to: "b", kind: .outcome, isKnownTarget: true),
            .init(from: "a", outcome: "quit", to: .complete, kind: .outcome, isKnownTarget: true),
            .init(from: "b", outcome: "next", to: "c", kind: .documentOrder, isKnownTarget: true),
            .init(from: "b", outcome: "skip", to: "c", kind: .skip, isKnownTarget: true),
            .init(from: "c", outcome: "next", to: .complete, kind: .documentOrder, isKnownTarget: true),
        ])
        #expect(graph.subflows["g"]?.nodes.map(\.id) == ["z"])
    }
}
