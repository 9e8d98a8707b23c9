import Foundation
import Testing
import Waypoint
import WaypointTesting

struct Answers: Sendable { var wantsNewsletter = false }

@Suite("FlowTester")
struct FlowTesterTests {
    let flow = Flow<Answers>("survey", version: 1) {
        Step("intro")
        Step("newsletter").when { $0.wantsNewsletter }
        Step("done")
    }

    @Test func recordsVisitedSkippedAndEnteredSteps() throws {
        var tester = try FlowTester(flow, context: Answers())
        try tester.run("next")
        #expect(tester.visited == ["intro", "done"])
        #expect(tester.skipped == ["newsletter"])
        try tester.back()
        #expect(tester.entered == ["intro", "done", "intro"])
        tester.context.wantsNewsletter = true
        try tester.next()
        #expect(tester.current == "newsletter")
    }

    @Test func errorsSurfaceAsFlowErrors() throws {
        var tester = try FlowTester(flow, context: Answers())
        #expect(throws: FlowError.self) { try tester.run("nope") }
        #expect(tester.visited == ["intro"])
    }

    @Test func relaunchRestoresAgainstAChangedDefinition() throws {
        var tester = try FlowTester(flow, context: Answers(wantsNewsletter: true))
        try tester.run("next", "next")
        #expect(tester.visited == ["intro", "newsletter", "done"])
        let v2 = Flow<Answers>("survey", version: 2) { Step("intro"); Step("newsletter"); Step("rating"); Step("done") }
        let result = try tester.relaunch(with: v2)
        #expect(result == .truncated(kept: 2, dropped: 1))
        #expect(tester.current == "newsletter")
        try tester.next()
        #expect(tester.current == "rating")
    }

    @Test func fixedClockWakesSleepersOnlyWhenAdvanced() async throws {
        let clock = FixedClock()
        let start = clock.now
        let sleeper = Task { try await clock.sleep(for: .seconds(4)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(3))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.now.timeIntervalSince(start) == 4)
    }

    @Test func fixedClockSleepIsCancellable() async throws {
        let clock = FixedClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func inMemoryStoreRecordsWritesAndQuarantines() async throws {
        let store = InMemoryProgressStore()
        try await store.setData(Data("a".utf8), forKey: "k")
        #expect(try await store.data(forKey: "k") == Data("a".utf8))
        #expect(try await store.quarantine(key: "k") == "k.corrupt-1")
        #expect(try await store.data(forKey: "k") == nil)
        #expect(await store.writeCount == 1)
    }
}
