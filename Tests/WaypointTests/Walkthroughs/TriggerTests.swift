import Foundation
import Testing
@testable import Waypoint

@Suite("Walkthrough triggers")
struct TriggerTests {
    @Test("Each trigger completes its hint and nothing else does", arguments: [
        (CompletionTrigger.tap(elementId: "a.button"), HintSignal.user(.tap(elementId: "a.button")), HintSignal.user(.tap(elementId: "other"))),
        (.swipe(.left), .user(.swipe(.left)), .user(.swipe(.right))),
        (.event(name: "exported"), .event("exported"), .event("imported")),
        (.button, .user(.nextButton), .user(.tap(elementId: "a"))),
    ])
    func triggers(trigger: CompletionTrigger, completing: HintSignal, other: HintSignal) {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [step("one", on: "a", trigger: trigger)])])
        saga.appear("a")
        let ignored = saga.send(other)
        #expect(ignored.analytics.isEmpty)
        #expect(saga.showingStep == "one")
        let done = saga.send(completing)
        #expect(done.analytics == ["Hint Completed one(\(trigger.analyticsName))", "Walkthrough Completed"])
    }

    @Test("A timer trigger runs while the hint shows and restarts when it shows again")
    func timer() throws {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [step("one", on: "a", trigger: .timer(seconds: 4)), step("two", on: "a")])])
        let shown = saga.appear("a")
        let timer = try #require(saga.state.timer)
        #expect(shown.contains(.startTimer(timer)))
        #expect(timer.seconds == 4 && timer.purpose == .completion)
        saga.wait(2)
        let hidden = saga.disappear("a")
        #expect(hidden.contains(.cancelTimer))
        #expect(saga.state.timer == nil)
        let stale = saga.send(.timerFired(timer))
        #expect(stale.logs.count == 1)
        saga.appear("a")
        let restarted = try #require(saga.state.timer)
        #expect(restarted.generation > timer.generation)
        #expect(saga.send(.timerFired(timer)).logs.count == 1)
        let fired = saga.fireTimer()
        #expect(fired.analytics == ["Hint Completed one(timer)", "Hint Shown two"])
        #expect(saga.state.timer == nil)
    }

    @Test("A step whose target does not appear in time is reported as Target Not Found and skipped")
    func targetTimeout() throws {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [
            step("one", on: "a"),
            step("elsewhere", on: "missing", timeout: .seconds(10)),
            step("three", on: "a"),
        ])])
        saga.appear("a")
        let moved = saga.send(.user(.nextButton))
        let timer = try #require(saga.state.timer)
        #expect(moved.contains(.startTimer(timer)))
        #expect(timer.purpose == .targetTimeout && timer.seconds == 10)
        let fired = saga.fireTimer()
        #expect(fired.analytics == ["Target Not Found elsewhere(targetTimeout)", "Hint Shown three"])
        #expect(fired.analyticsEvents.first?.durationMs == 10_000)
        #expect(saga.state.savedProgress["w"]?.completedStepIds == ["one", "elsewhere"])
    }

    @Test("A target that appears in time cancels its timeout")
    func targetAppearsInTime() throws {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [
            step("one", on: "a"), step("elsewhere", on: "b", timeout: .seconds(10)),
        ])])
        saga.appear("a")
        saga.send(.user(.nextButton))
        let timer = try #require(saga.state.timer)
        saga.wait(9)
        let appeared = saga.appear("b")
        #expect(appeared.contains(.cancelTimer))
        #expect(appeared.presented == ["elsewhere"])
        #expect(saga.send(.timerFired(timer)).logs.count == 1)
        #expect(saga.showingStep == "elsewhere")
    }
}
