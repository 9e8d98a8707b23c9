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
        #expect(ignored.logs.last?.contains("\(trigger)") == true || ignored.logs.last?.hasPrefix("Event") == true)
        #expect(saga.showingStep == "one")
        let done = saga.send(completing)
        #expect(done.analytics == ["Hint Completed one(\(trigger.analyticsName))", "Walkthrough Completed"])
    }

    @Test("One tap reported by a gesture and by the control's action completes one hint, not two")
    func tapReportedTwice() {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [
            step("one", on: "a", trigger: .tap(elementId: "a")), step("two", on: "a", trigger: .tap(elementId: "a")),
        ])])
        saga.appear("a")
        #expect(saga.send(.user(.tap(elementId: "a"))).analytics == ["Hint Completed one(tap)", "Hint Shown two"])
        let again = saga.send(.user(.tap(elementId: "a")))
        #expect(again.analytics.isEmpty)
        #expect(again.logs.last?.contains("counted once") == true, "\(again.logs)")
        #expect(saga.showingStep == "two")
        saga.wait(HintState.tapCoalescingInterval + 0.001)
        #expect(saga.send(.user(.tap(elementId: "a"))).analytics == ["Hint Completed two(tap)", "Walkthrough Completed"],
                "a tap once the interval has passed is a new tap")
    }

    @Test("Ignored input is logged in words")
    func loggedInWords() {
        var saga = Saga([Walkthrough<Member>(id: "w", steps: [step("one", on: "a", trigger: .timer(seconds: 2.5))])])
        saga.appear("a")
        #expect(saga.send(.user(.tap(elementId: "a"))).logs == [
            "User event tap on \"a\" does not complete hint w/one, which waits for a 2.5-second timer; ignored.",
        ])
        #expect(saga.send(.event("opened")).logs == ["Event 'opened' was donated; it completes no hint on screen."])
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
