import Foundation
import Testing
@testable import Waypoint

@Suite("Hint state: the saga as a value")
struct HintStateTests {
    let tour = Walkthrough<Member>(id: "tour", version: 3, steps: [
        step("first", on: "a"),
        step("second", on: "b"),
        step("third", on: "a", canSkip: false),
    ])

    @Test("A walkthrough starts when its first target appears and shows that hint")
    func startsOnAnchor() throws {
        var saga = Saga([tour])
        #expect(saga.state.phase == .inactive)
        let effects = saga.appear("a")
        #expect(effects.analytics == ["Walkthrough Started", "Hint Shown first"])
        #expect(effects.presented == ["first"])
        #expect(saga.state.phase == .showing(HintID(walkthroughId: "tour", stepId: "first")))
        let saved = try #require(effects.savedProgress.last)
        #expect(saved.displayCount == 1)
        #expect(saved.version == 3)
        let started = effects.analyticsEvents.first
        #expect(started?.walkthroughVersion == 3)
        #expect(started?.timestamp == startDate)
    }

    @Test("Nothing shows until a target is on screen")
    func waitsForFirstTarget() {
        var saga = Saga([tour])
        let effects = saga.appear("b", "unrelated")
        #expect(effects.presented.isEmpty)
        #expect(saga.state.phase == .inactive)
        #expect(effects.logs.contains { $0.contains("'unrelated'") && $0.contains("no walkthrough step targets it") })
    }

    @Test("The next hint on another screen waits as pending, then shows when its screen appears")
    func crossScreen() {
        var saga = Saga([tour])
        saga.appear("a")
        let completed = saga.send(.user(.nextButton))
        #expect(completed.analytics == ["Hint Completed first(button)"])
        #expect(completed.dismissed == ["first"])
        #expect(saga.state.phase == .pending(HintID(walkthroughId: "tour", stepId: "second")))
        saga.disappear("a")
        let shown = saga.appear("b")
        #expect(shown.presented == ["second"])
        #expect(shown.analytics == ["Hint Shown second"])
    }

    @Test("A hint whose anchor disappears is dismissed and shown again, once reported, when it returns")
    func anchorLeavesAndReturns() {
        var saga = Saga([tour])
        saga.appear("a")
        let gone = saga.disappear("a")
        #expect(gone.dismissed == ["first"])
        #expect(saga.state.phase == .pending(HintID(walkthroughId: "tour", stepId: "first")))
        let back = saga.appear("a")
        #expect(back.presented == ["first"])
        #expect(back.analytics.isEmpty)
    }

    @Test("Nothing shows while the app is inactive; an interrupted hint shows again on return")
    func pausedWhileInactive() {
        var saga = Saga([tour])
        saga.appear("a")
        let resigned = saga.send(.appResignedActive)
        #expect(resigned.dismissed == ["first"])
        #expect(saga.state.phase == .paused(HintID(walkthroughId: "tour", stepId: "first")))
        #expect(saga.send(.user(.nextButton)).logs.count == 1)
        saga.disappear("a")
        #expect(saga.appear("a").presented.isEmpty)
        let active = saga.send(.appBecameActive)
        #expect(active.presented == ["first"])
        #expect(saga.showingStep == "first")
    }

    @Test("An app that starts inactive shows nothing until it becomes active")
    func startsInactive() {
        var saga = Saga(WalkthroughCatalog([tour]), state: HintState(isAppActive: false))
        #expect(saga.appear("a").presented.isEmpty)
        #expect(saga.state.phase == .inactive)
        #expect(saga.send(.appBecameActive).presented == ["first"])
    }

    @Test("Skip moves on, but only where the step allows it")
    func skipping() {
        var saga = Saga([tour])
        saga.appear("a", "b")
        #expect(saga.send(.skip).analytics == ["Hint Skipped first(skip)", "Hint Shown second"])
        saga.send(.user(.nextButton))
        #expect(saga.showingStep == "third")
        let refused = saga.send(.skip)
        #expect(refused.logs == ["Hint tour/third cannot be skipped (canSkip is false); ignored."])
        #expect(saga.showingStep == "third")
    }

    @Test("Back shows the previous hint again and marks it not done")
    func goingBack() {
        var saga = Saga([tour])
        saga.appear("a", "b")
        #expect(saga.send(.back).logs.count == 1)
        saga.send(.user(.nextButton))
        #expect(saga.showingStep == "second")
        let back = saga.send(.back)
        #expect(back.dismissed == ["second"])
        #expect(back.presented == ["first"])
        #expect(saga.state.savedProgress["tour"]?.completedStepIds == [])
        saga.send(.user(.nextButton))
        #expect(saga.showingStep == "second")
    }

    @Test("Completing the last hint completes and invalidates the walkthrough, with its duration")
    func completion() {
        var saga = Saga([tour])
        saga.appear("a", "b")
        saga.wait(2)
        saga.send(.user(.nextButton))
        saga.wait(3)
        saga.send(.user(.nextButton))
        saga.wait(5)
        let last = saga.send(.user(.nextButton))
        #expect(last.analytics == ["Hint Completed third(button)", "Walkthrough Completed"])
        #expect(last.analyticsEvents.map(\.durationMs) == [5_000, 10_000])
        #expect(saga.state.phase == .inactive)
        let progress = saga.state.savedProgress["tour"]
        #expect(progress?.invalidation == .completed)
        #expect(progress?.completedStepIds == ["first", "second", "third"])
        #expect(saga.appear("c").presented.isEmpty)
    }

    @Test("Closing ends the walkthrough for good")
    func closing() {
        var saga = Saga([tour])
        saga.appear("a")
        saga.wait(1.5)
        let closed = saga.send(.close)
        #expect(closed.analytics == ["Hint Skipped first(close)"])
        #expect(closed.analyticsEvents.first?.durationMs == 1_500)
        #expect(closed.dismissed == ["first"])
        #expect(saga.state.savedProgress["tour"]?.invalidation == .closedByUser)
        saga.disappear("a")
        #expect(saga.appear("a").presented.isEmpty)
        #expect(saga.send(.close).logs == ["Close arrived while no walkthrough is running; ignored."])
    }

    @Test("A step whose condition is false is passed over and reported as skipped")
    func stepCondition() {
        let proOnly = Walkthrough<Member>(id: "pro", steps: [
            step("everyone", on: "a"),
            step("pro", on: "b", condition: { $0.isPro }),
            step("end", on: "c"),
        ])
        var saga = Saga([proOnly])
        saga.appear("a", "b", "c")
        let next = saga.send(.user(.nextButton))
        #expect(next.analytics == ["Hint Completed everyone(button)", "Hint Skipped pro(condition)", "Hint Shown end"])
        #expect(saga.showingStep == "end")
    }

    @Test("A walkthrough whose first steps' conditions are false starts at the first that holds")
    func entryPassesOverFalseConditions() {
        let proFirst = Walkthrough<Member>(id: "pro", steps: [
            step("pro", on: "a", condition: { $0.isPro }),
            step("everyone", on: "b"),
        ])
        var saga = Saga([proFirst])
        #expect(saga.appear("a").presented.isEmpty)
        let started = saga.appear("b")
        #expect(started.analytics == ["Walkthrough Started", "Hint Skipped pro(condition)", "Hint Shown everyone"])
    }

    @Test("Signals that do not apply change nothing but a log line", arguments: [
        HintSignal.anchorDisappeared("never-seen"),
        .user(.tap(elementId: "a")),
        .user(.swipe(.left)),
        .user(.nextButton),
        .skip,
        .back,
        .close,
        .appBecameActive,
        .invalidate(walkthroughId: "nope", reason: .actionPerformed),
        .resetEligibility(walkthroughId: "nope"),
        .timerFired(HintTimer(generation: 99, hint: HintID(walkthroughId: "tour", stepId: "first"),
                              purpose: .completion, startedAt: startDate, seconds: 1)),
    ])
    func ignoredSignals(signal: HintSignal) {
        var saga = Saga([tour])
        let before = saga.state
        let effects = saga.send(signal)
        #expect(saga.state == before)
        #expect(effects.count == 1)
        #expect(effects.logs.count == 1)
    }

    @Test("A trigger on a dismissed hint is ignored")
    func triggerOnDismissedHint() {
        let tapTour = Walkthrough<Member>(id: "tap", steps: [step("one", on: "a", trigger: .tap(elementId: "a"))])
        var saga = Saga([tapTour])
        saga.appear("a")
        saga.disappear("a")
        let effects = saga.send(.user(.tap(elementId: "a")))
        #expect(effects.logs.first?.contains("no hint is showing") == true)
        #expect(saga.state.phase == .pending(HintID(walkthroughId: "tap", stepId: "one")))
    }

    @Test("The state round-trips through JSON")
    func codable() throws {
        var saga = Saga([tour])
        saga.appear("a")
        saga.send(.event("opened"))
        let data = try JSONEncoder().encode(saga.state)
        let decoded = try JSONDecoder().decode(HintState.self, from: data)
        #expect(decoded == saga.state)
    }
}
