import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// The paths the document's graph lists and the runs a ``FlowState`` accepts are the same set:
/// both read one statement of the navigation rules.
@Suite("Navigation: listed paths and runs agree")
struct NavigationAgreementTests {
    /// A random acyclic document: a flow `main` with forks, conditional steps (some with a `skip`
    /// outcome), completion from the middle, an optional `start`, and subflow steps running a flow
    /// `end` that has forks and conditions of its own.
    static func document(seed: Int) -> (json: String, attributes: Attributes) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        func steps(prefix: String, count: Int, subflows: Bool) -> [String] {
            (0..<count).map { index in
                let later = ((index + 1)..<count).map { "\(prefix)\($0)" } + ["$complete"]
                var fields = [#""id": "\#(prefix)\#(index)""#]
                let runsSubflow = subflows && random.chance(0.25)
                if runsSubflow { fields.append(#""subflow": "end""#) }
                let conditional = random.chance(0.35)
                if conditional { fields.append(#""when": {"f\#(random.int(0...2))": true}"#) }
                if random.chance(0.55) {
                    var names = runsSubflow ? ["next"] : []
                    for name in ["a", "b", "next", "c"] where names.count < 3 && random.chance(0.5) && !names.contains(name) {
                        names.append(name)
                    }
                    if names.isEmpty { names = ["a"] }
                    if conditional, random.chance(0.5) { names.append("skip") }
                    let outcomes = names.map { #""\#($0)": "\#(later[random.int(0...(later.count - 1))])""# }
                    fields.append(#""on": {\#(outcomes.joined(separator: ", "))}"#)
                }
                return "{" + fields.joined(separator: ", ") + "}"
            }
        }
        let mainCount = random.int(2...7)
        let start = mainCount > 1 && random.chance(0.2) ? #""start": "s1", "# : ""
        let main = steps(prefix: "s", count: mainCount, subflows: true)
        let end = steps(prefix: "e", count: random.int(1...3), subflows: false)
        let json = """
            {"schemaVersion": 1, "flows": [
              {"id": "main", "version": 1, \(start)"steps": [\(main.joined(separator: ", "))]},
              {"id": "end", "version": 1, "steps": [\(end.joined(separator: ", "))]}
            ]}
            """
        let attributes: Attributes = [
            "id": .string("u\(seed)"), "f0": .bool(random.chance(0.5)), "f1": .bool(random.chance(0.5)), "f2": .bool(random.chance(0.5)),
        ]
        return (json, attributes)
    }

    @Test(arguments: 0..<150)
    func everyListedPathIsARunAndEveryRunIsListed(seed: Int) throws {
        let (json, attributes) = Self.document(seed: seed)
        let document = try WaypointDocument(validating: Data(json.utf8))
        let errors = document.lint().filter { $0.severity == .error }
        try #require(errors.isEmpty, "\(errors) in \(json)")
        let listed = try document.flowGraph(id: "main", attributes: attributes).listPaths(maxVisits: 1, attributes: attributes)
        let flow = try #require(try document.resolve(attributes: attributes).flows["main"])

        // Every listed path is a run the flow accepts, step by step.
        for path in listed {
            var state = FlowState(for: flow)
            _ = try state.start(in: flow, context: attributes)
            #expect(state.current?.stepID == path.first, "start of \(path) in \(json)")
            // Every step skipped: the flow completes as it starts.
            guard !path.isEmpty else {
                #expect(state.isCompleted, "\(json)")
                continue
            }
            for expected in path.dropFirst().map(Optional.some) + [nil] {
                let moves = state.acceptedOutcomes(in: flow, context: attributes).compactMap { outcome -> FlowState? in
                    var copy = state
                    guard (try? copy.next(outcome, in: flow, context: attributes)) != nil else { return nil }
                    return copy.current?.stepID == expected && copy.isCompleted == (expected == nil) ? copy : nil
                }
                guard let moved = moves.first else {
                    Issue.record("no outcome of \(state.current?.stepID ?? "-") leads to \(expected ?? "$complete") on \(path) in \(json)")
                    break
                }
                state = moved
            }
        }

        // Every completed random run (going back now and then) is a listed path.
        var random = SplitMix64(seed: UInt64(seed))
        let listedSet = Set(listed)
        for _ in 0..<30 {
            var state = FlowState(for: flow)
            _ = try state.start(in: flow, context: attributes)
            var events = 0
            while !state.isCompleted, events < 60 {
                events += 1
                let accepted = state.acceptedOutcomes(in: flow, context: attributes)
                let outcome = state.canGoBack && random.chance(0.2) ? Outcome.back : accepted[random.int(0...(accepted.count - 1))]
                _ = try state.next(outcome, in: flow, context: attributes)
            }
            try #require(state.isCompleted, "a run did not complete in \(json)")
            let run = state.path.map(\.stepID)
            #expect(listedSet.contains(run), "run \(run) is not among \(listed) in \(json)")
        }
    }

    @Test func aSubflowStepWithoutNextIsADeadEndForLintAndTheRuntime() throws {
        let json = """
            {"schemaVersion": 1, "flows": [
              {"id": "main", "steps": [{"id": "end", "subflow": "inner", "on": {"done": "after"}}, {"id": "after"}]},
              {"id": "inner", "steps": [{"id": "only"}]}
            ]}
            """
        let document = try WaypointDocument(validating: Data(json.utf8))
        #expect(document.lint().contains { $0.code == .deadEnd && $0.severity == .error })
        #expect(try document.flowGraph(id: "main").listPaths().isEmpty)
        let flow = try #require(try document.resolve(attributes: [:]).flows["main"])
        var state = FlowState(for: flow)
        _ = try state.start(in: flow, context: [:])
        #expect(state.current?.stepID == "end/only")
        let error = #expect(throws: FlowError.self) { try state.next(in: flow, context: [:]) }
        #expect(error?.description == "Subflow step 'end' cannot go on when its subflow completes: it continues with the outcome 'next', but declares only 'done'. Declare where 'next' leads.")
        #expect(state.current?.stepID == "end/only")
    }
}
