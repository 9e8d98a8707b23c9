import Foundation
import Testing
@testable import Waypoint

/// Steps that record their name when they run, for checking order.
private struct Bricks {
    let shown = Recorder<String>()

    func show(_ name: String) -> Subflow<Void, Void> {
        let shown = self.shown
        return .step(name) { shown.append(name) }
    }
}

/// Collects the events of a run, in order.
private actor EventLog: SubflowObserver {
    private(set) var events: [SubflowEvent] = []

    func receive(_ event: SubflowEvent) async {
        events.append(event)
    }

    var lines: [String] { events.map(\.description) }
}

@Suite("Subflow composition with |>")
struct SubflowCompositionTests {
    enum Role: String, Sendable, CaseIterable {
        case player, coach, other
    }

    enum TeamSearch: Sendable {
        case found(team: String)
        case notFound
    }

    @Test("|> runs steps left to right, each output feeding the next input")
    func composesInOrder() async throws {
        let parse = Subflow<String, Int> { text in Int(text) ?? 0 }
        let double = Subflow<Int, Int> { $0 * 2 }
        let describe = Subflow<Int, String> { "got \($0)" }

        let flow = parse |> double |> describe

        #expect(try await flow("21") == "got 42")
    }

    @Test("Swapping two bricks is a one-line change and changes the order")
    func swapInOneLine() async throws {
        let bricks = Bricks()
        let showE = bricks.show("E"), showF = bricks.show("F"), showG = bricks.show("G")

        let original = showE |> showF |> showG
        let swapped = showE |> showG |> showF

        try await original()
        try await swapped()
        #expect(bricks.shown.values == ["E", "F", "G", "E", "G", "F"])
    }

    @Test("Subflows and plain async functions compose in every combination")
    func closureCombinations() async throws {
        let increment = Subflow<Int, Int> { $0 + 1 }
        let triple: @Sendable (Int) async throws -> Int = { $0 * 3 }

        #expect(try await (increment |> increment)(1) == 3)
        #expect(try await (increment |> triple)(1) == 6)
        #expect(try await (triple |> increment)(1) == 4)
        #expect(try await (triple |> triple)(1) == 9)
        #expect(try await (increment |> { (value: Int) in "\(value)" })(1) == "2")
    }

    @Test("A composed subflow is a value: reused at several points and nested in others")
    func reuseAndNesting() async throws {
        let bricks = Bricks()
        let intro = bricks.show("A") |> bricks.show("B")
        let end = bricks.show("E") |> bricks.show("F")
        let outer = intro |> bricks.show("C") |> end |> intro

        try await outer()

        #expect(bricks.shown.values == ["A", "B", "C", "E", "F", "A", "B"])
    }

    @Test("A fork continues with the subflow matching the enum outcome", arguments: Role.allCases)
    func forkOnOutcome(role: Role) async throws {
        let bricks = Bricks()
        let pickRole = Subflow<Void, Role>.step("Role") { bricks.shown.append("Role"); return role }
        let flow = pickRole |> .fork { role in
            switch role {
            case .player: bricks.show("FindTeam") |> bricks.show("JoinTeam")
            case .coach: bricks.show("CoachProfile")
            case .other: .identity
            }
        } |> bricks.show("End")

        try await flow()

        let expected: [Role: [String]] = [
            .player: ["Role", "FindTeam", "JoinTeam", "End"],
            .coach: ["Role", "CoachProfile", "End"],
            .other: ["Role", "End"],
        ]
        #expect(bricks.shown.values == expected[role])
    }

    @Test("A fork passes an enum payload into its branch with with(_:)")
    func forkWithPayload() async throws {
        let joined = Recorder<String>()
        let joinTeam = Subflow<String, String> { team in joined.append(team); return "joined \(team)" }
        let fallback = Subflow<Void, String> { "created a team" }
        let flow = Subflow<TeamSearch, TeamSearch> { $0 } |> .fork { search in
            switch search {
            case .found(let team): joinTeam.with(team)
            case .notFound: fallback
            }
        }

        #expect(try await flow(.found(team: "Hornets")) == "joined Hornets")
        #expect(try await flow(.notFound) == "created a team")
        #expect(joined.values == ["Hornets"])
    }

    @Test("A fork chooses when the flow reaches it, not when it is composed")
    func forkChoosesLazily() async throws {
        let bricks = Bricks()
        let variation = Recorder<String>()
        let end = Subflow<Void, Void>.fork { _ in
            variation.values.last == "B" ? bricks.show("G") |> bricks.show("E") : bricks.show("E") |> bricks.show("G")
        }

        variation.append("A")
        try await end()
        variation.append("B")
        try await end()

        #expect(bricks.shown.values == ["E", "G", "G", "E"])
    }

    @Test("A step that throws ends the subflow; later steps do not run")
    func errorStopsTheChain() async throws {
        let bricks = Bricks()
        let failing = Subflow<Void, Void> { throw TestFailure(code: 4) }
        let flow = bricks.show("A") |> failing |> bricks.show("B")

        await #expect(throws: TestFailure(code: 4)) { try await flow() }
        #expect(bricks.shown.values == ["A"])
    }

    @Test("Cancelling the task stops the flow: the step in progress is cancelled and no later step starts")
    func cancellationStopsTheFlow() async throws {
        let gate = WorkGate<Void>()
        let bricks = Bricks()
        let ignoresCancellation = Subflow<Void, Void>.step("Slow") {
            // Returns normally even when cancelled: `|>` itself must stop before the next step.
            _ = try? await gate.pass()
        }
        let flow = bricks.show("A") |> ignoresCancellation |> bricks.show("B")

        let running = Task { try await flow() }
        await gate.waitForArrivals(1)
        running.cancel()

        await #expect(throws: CancellationError.self) { try await running.value }
        #expect(bricks.shown.values == ["A"])
    }

    @Test("Named steps report started and finished events, with the path of enclosing names")
    func observerSeesNamedSteps() async throws {
        let bricks = Bricks()
        let pickRole = Subflow<Void, Role>.step("Role") { .coach }
        let search = Subflow<Void, TeamSearch>.step("FindTeam") { .found(team: "Hornets") }
        let end = (bricks.show("E") |> bricks.show("F")).named("End")
        let flow = (pickRole |> { _ in } |> search |> { _ in } |> end).named("Onboarding")
        let log = EventLog()

        try await flow.run(observer: log)

        #expect(await log.lines == [
            "started Onboarding",
            "started Onboarding/Role",
            "completed Onboarding/Role → coach",
            "started Onboarding/FindTeam",
            "completed Onboarding/FindTeam → found",
            "started Onboarding/End",
            "started Onboarding/End/E",
            "completed Onboarding/End/E → next",
            "started Onboarding/End/F",
            "completed Onboarding/End/F → next",
            "completed Onboarding/End → next",
            "completed Onboarding → next",
        ])
        #expect(await log.events[2] == SubflowEvent(path: ["Onboarding", "Role"], kind: .completed(outcome: "coach")))
        #expect(await log.events[2].name == "Role")
    }

    @Test("Failed and cancelled steps are reported as such")
    func observerSeesFailureAndCancellation() async throws {
        let failing = Subflow<Void, Void>.step("Upload") { throw TestFailure(code: 5) }
        let failLog = EventLog()
        await #expect(throws: TestFailure.self) { try await failing.run(observer: failLog) }
        #expect(await failLog.lines == ["started Upload", "failed Upload: TestFailure(code: 5)"])

        let gate = WorkGate<Void>()
        let waiting = Subflow<Void, Void>.step("Screen") { try await gate.pass() }
        let cancelLog = EventLog()
        let running = Task { try await waiting.run(observer: cancelLog) }
        await gate.waitForArrivals(1)
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        #expect(await cancelLog.lines == ["started Screen", "cancelled Screen"])
    }

    @Test("The observer follows the run into child tasks")
    func observerInChildTasks() async throws {
        let log = EventLog()
        let a = Subflow<Void, Int>.step("A") { 1 }
        let b = Subflow<Void, Int>.step("B") { 2 }
        let both = Subflow<Void, Int>.step("Both") {
            async let first = a()
            async let second = b()
            return try await first + second
        }

        #expect(try await both.run(observer: log) == 3)
        let lines = await log.lines
        #expect(lines.first == "started Both")
        #expect(lines.last == "completed Both → next")
        #expect(Set(lines) == ["started Both", "started Both/A", "completed Both/A → next",
                               "started Both/B", "completed Both/B → next", "completed Both → next"])
    }

    @Test("Without an observer, named steps run and report nothing")
    func runsWithoutObserver() async throws {
        let flow = Subflow<Int, Int>.step("Double") { $0 * 2 } |> Subflow<Int, Int>.step("Add") { $0 + 1 }
        #expect(try await flow(5) == 11)
        #expect(flow.name == nil)
        #expect(flow.named("Math").name == "Math")
    }

    @Test("Outcome names follow declared flows: enum case names, otherwise next",
          arguments: [
              (Role.player as any Sendable, "player"),
              (TeamSearch.found(team: "Hornets"), "found"),
              (TeamSearch.notFound, "notFound"),
              ((), "next"),
              ("a string", "next"),
              (42, "next"),
              (Optional<Role>.none as any Sendable, "none"),
              (Optional(Role.coach) as any Sendable, "coach"),
          ])
    func outcomeNames(value: any Sendable, expected: String) {
        #expect(SubflowEvent.outcomeName(of: value) == expected)
    }

    @Test("identity, map and with are bricks too")
    func smallerBricks() async throws {
        let length = Subflow<String, String>.identity.map { $0.count }
        #expect(try await length("four") == 4)
        #expect(try await length.with("seven").map { $0 + 1 }() == 6)
    }
}

/// Compiles snippets against the built `Waypoint` module to check what the compiler accepts.
@Suite("Subflow types must line up at compile time")
struct SubflowTypeCheckTests {
    static let modules = TypeCheck.modules

    private func typecheck(_ body: String) async throws -> (succeeded: Bool, output: String) {
        let result = try await TypeCheck.typecheck("import Waypoint\n" + body)
        return (result.succeeded, result.output)
    }

    @Test("Steps whose types line up compile", .enabled(if: modules != nil))
    func matchingTypesCompile() async throws {
        let result = try await typecheck("""
            let findTeam = Subflow<Void, String> { "Hornets" }
            let joinTeam = Subflow<String, Int> { $0.count }
            let flow: Subflow<Void, String> = findTeam |> joinTeam |> { (members: Int) in "\\(members)" }
            """)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test("A step whose input is not the previous output does not compile",
          .enabled(if: modules != nil),
          arguments: [
              ("Subflow<Void, Int> { 1 } |> Subflow<String, Void> { _ in }", "Subflow<Int, Void>"),
              ("Subflow<Void, Int> { 1 } |> { (name: String) in name }", "String"),
          ])
    func mismatchedTypesDoNotCompile(expression: String, mentioned: String) async throws {
        let result = try await typecheck("let flow = \(expression)\n")
        #expect(result.succeeded == false)
        #expect(result.output.contains("error:"), "\(result.output)")
        #expect(result.output.contains(mentioned), "\(result.output)")
    }
}
