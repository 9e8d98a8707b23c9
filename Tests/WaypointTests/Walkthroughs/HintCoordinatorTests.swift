import Foundation
import Testing
@testable import Waypoint
import WaypointTesting

/// What the components saw: the hints presented on them, and the ones dismissed.
@MainActor
final class Screens {
    var onScreen: [String: HintID] = [:]
    var history: [String] = []

    func register(_ anchor: String, on hints: HintCoordinator<Member>) {
        hints.anchorDidAppear(anchor, present: { [weak self] presentation in
            self?.onScreen[anchor] = presentation.hint
            self?.history.append("present \(presentation.hint.stepId) on \(anchor)")
        }, dismiss: { [weak self] hint in
            self?.onScreen[anchor] = nil
            self?.history.append("dismiss \(hint.stepId)")
        })
    }
}

@MainActor
@Suite("Hint coordinator: the runtime shell")
struct HintCoordinatorTests {
    let clock = FixedClock()
    let store = InMemoryProgressStore()
    let tour = Walkthrough<Member>(id: "tour", version: 2, steps: [
        step("tap", on: "a", trigger: .tap(elementId: "a")),
        step("wait", on: "b", trigger: .timer(seconds: 4)),
        step("far", on: "c", timeout: .seconds(30)),
        step("last", on: "a"),
    ])

    func coordinator(_ walkthroughs: [Walkthrough<Member>]? = nil) -> HintCoordinator<Member> {
        HintCoordinator(catalog: WalkthroughCatalog(walkthroughs ?? [tour]), context: Member(), store: store, clock: clock)
    }

    @Test("Components register, the coordinator presents and dismisses through their closures")
    func presentsThroughClosures() async {
        let hints = coordinator()
        let screens = Screens()
        var events: [String] = []
        hints.onAnalytics = { events.append($0.event.rawValue + ($0.stepId.map { " " + $0 } ?? "")) }
        screens.register("a", on: hints)
        #expect(screens.history.isEmpty, "nothing shows before start() loads progress")
        await hints.start()
        #expect(screens.history == ["present tap on a"])
        #expect(hints.presentation?.hint.stepId == "tap")
        #expect(hints.presentation?.progressText == "1 of 4")
        hints.tap("a")
        #expect(hints.phase == .pending(HintID(walkthroughId: "tour", stepId: "wait")))
        #expect(hints.presentation == nil)
        screens.register("b", on: hints)
        #expect(screens.onScreen == ["b": HintID(walkthroughId: "tour", stepId: "wait")])
        #expect(events == ["Walkthrough Started", "Hint Shown tap", "Hint Completed tap", "Hint Shown wait"])
    }

    @Test("Timers run on the injected clock: a timer trigger and a target timeout")
    func timersOnClock() async {
        let hints = coordinator()
        let screens = Screens()
        var events: [String] = []
        hints.onAnalytics = { events.append($0.event.rawValue) }
        await hints.start()
        screens.register("a", on: hints)
        screens.register("b", on: hints)
        hints.tap("a")
        clock.advance(by: .seconds(3))
        await hints.settle()
        #expect(hints.presentation?.hint.stepId == "wait")
        clock.advance(by: .seconds(1))
        await hints.settle()
        #expect(hints.phase == .pending(HintID(walkthroughId: "tour", stepId: "far")))
        clock.advance(by: .seconds(30))
        await hints.settle()
        #expect(hints.presentation?.hint.stepId == "last")
        #expect(events.suffix(3) == ["Hint Completed", "Target Not Found", "Hint Shown"])
    }

    @Test("A timer cancelled by the anchor leaving does not fire later")
    func cancelledTimer() async {
        let hints = coordinator([Walkthrough(id: "t", steps: [step("wait", on: "b", trigger: .timer(seconds: 4))])])
        let screens = Screens()
        await hints.start()
        screens.register("b", on: hints)
        hints.anchorDidDisappear("b")
        #expect(screens.history == ["present wait on b", "dismiss wait"])
        clock.advance(by: .seconds(10))
        await hints.settle()
        #expect(hints.phase == .pending(HintID(walkthroughId: "t", stepId: "wait")))
        screens.register("b", on: hints)
        clock.advance(by: .seconds(4))
        await hints.settle()
        #expect(hints.phase == .inactive)
        #expect(clock.sleeperCount == 0)
    }

    @Test("Progress is saved and a later launch resumes where the user left")
    func persistsAcrossLaunches() async {
        let first = coordinator()
        let screens = Screens()
        await first.start()
        screens.register("a", on: first)
        first.tap("a")
        await first.settle()
        let second = coordinator()
        let laterScreens = Screens()
        await second.start()
        laterScreens.register("a", on: second)
        #expect(laterScreens.history.isEmpty)
        laterScreens.register("b", on: second)
        #expect(laterScreens.history == ["present wait on b"])
        #expect(second.state.progress(of: tour).displayCount == 2)
        #expect(second.state.progress(of: tour).completedStepIds == ["tap"])
    }

    @Test("A corrupt progress record never crashes: it is moved aside, reported, and everything starts fresh")
    func corruptRecord() async {
        await store.corrupt(key: "waypoint.hints")
        let hints = coordinator()
        let screens = Screens()
        await hints.start()
        #expect(hints.diagnostics.map(\.kind) == [.corruptProgress])
        #expect(hints.diagnostics.first?.message == "Progress for key \"waypoint.hints\" is not a valid snapshot: "
            + "the data is not valid JSON (10 bytes). Moved it aside to waypoint.hints.corrupt-1; starting fresh.")
        #expect(await store.quarantined.keys.sorted() == ["waypoint.hints.corrupt-1"])
        screens.register("a", on: hints)
        #expect(screens.history == ["present tap on a"])
        await hints.settle()
        #expect(await store.contents["waypoint.hints"] != nil)
    }

    @Test("A snapshot whose hint record is unreadable is moved aside too")
    func unreadableRecordInSnapshot() async throws {
        try await store.saveSnapshot("waypoint-hints 9\nprogress tour 2 1 - - - :tap", forKey: "waypoint.hints", at: startDate)
        let hints = coordinator()
        await hints.start()
        #expect(hints.diagnostics.map(\.message) == [
            "Progress for key \"waypoint.hints\" is not a valid snapshot: its hint record is unreadable: expected the first "
                + "line 'waypoint-hints 1', found 'waypoint-hints 9'. Moved it aside to waypoint.hints.corrupt-1; starting fresh.",
        ])
        #expect(hints.state.progress(of: tour) == WalkthroughProgress(walkthroughId: "tour", version: 2))
    }

    @Test("A corrupt progress entry loses only its own walkthrough")
    func corruptEntry() async throws {
        let other = Walkthrough<Member>(id: "other", steps: [step("o", on: "z")])
        let text = """
            waypoint-hints 1
            schedule -
            progress tour 2 1 - - - :tap
            progress other 1 x completed - - :o
            progress broken
            """
        let store = InMemoryProgressStore()
        try await store.saveSnapshot(text, forKey: "waypoint.hints", at: startDate)
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour, other]), context: Member(), store: store, clock: clock)
        await hints.start()
        #expect(hints.diagnostics.map(\.message) == [
            "Hint progress for key \"waypoint.hints\" has a bad entry, line 4: unreadable progress; that entry was dropped and starts fresh.",
            "Hint progress for key \"waypoint.hints\" has a bad entry, line 5: unreadable progress; that entry was dropped and starts fresh.",
        ])
        #expect(hints.state.progress(of: tour).completedStepIds == ["tap"])
        #expect(hints.state.progress(of: other) == WalkthroughProgress(walkthroughId: "other", version: 1))
    }

    @Test("Donations are kept across launches")
    func donationsPersist() async {
        let rule = DonationRule.donated("opened", atLeast: 2, within: .days(7))
        let tip = Walkthrough<Member>(id: "tip", rules: [rule], steps: [step("one", on: "a")])
        let first = coordinator([tip])
        await first.start()
        first.event("opened")
        await first.settle()
        let second = coordinator([tip])
        let screens = Screens()
        await second.start()
        screens.register("a", on: second)
        #expect(screens.history.isEmpty)
        second.event("opened")
        #expect(screens.history == ["present one on a"])
    }

    @Test("Context and catalog changes decide again; testing overrides and resetStore")
    func contextCatalogOverridesReset() async {
        let pro = Walkthrough<Member>(id: "pro", condition: { $0.isPro }, steps: [step("one", on: "a")])
        let hints = coordinator([pro])
        let screens = Screens()
        await hints.start()
        screens.register("a", on: hints)
        #expect(hints.eligibility(of: "pro") == .ineligible(.conditionNotMet))
        hints.context.isPro = true
        #expect(screens.onScreen["a"]?.stepId == "one")
        hints.testingOverrides = .hideAll
        #expect(screens.onScreen.isEmpty)
        hints.testingOverrides = .none
        #expect(screens.onScreen["a"]?.stepId == "one", "hidden, not invalidated: it shows again")
        hints.next()
        #expect(screens.onScreen.isEmpty)
        hints.catalog = WalkthroughCatalog([pro, Walkthrough(id: "new", steps: [step("n", on: "a")])])
        #expect(screens.onScreen["a"]?.stepId == "n")
        hints.close()
        #expect(hints.state.savedProgress["new"]?.invalidation == .closedByUser)
        await hints.settle()
        #expect(await store.contents.keys.sorted() == ["waypoint.hints"])
        await hints.resetStore()
        await hints.settle()
        #expect(await store.quarantined.isEmpty)
        #expect(screens.onScreen["a"]?.stepId == "one")
        #expect(hints.state.progress(of: pro).displayCount == 1)
    }

    @Test("Signals that do not apply are logged, never fatal")
    func badInputLogged() async {
        let hints = coordinator()
        var notes: [String] = []
        hints.onDiagnostic = { notes.append($0.message) }
        await hints.start()
        hints.anchorDidDisappear("ghost")
        hints.swipe(.up)
        hints.skip()
        await hints.start()
        #expect(notes == [
            "Anchor 'ghost' disappeared but was not on screen; ignored.",
            "User event swipe up arrived while no hint is showing; ignored.",
            "Skip arrived while no hint is showing; ignored.",
            "start() was called twice; the second call did nothing.",
        ])
        #expect(hints.phase == .inactive)
    }

    @Test("A component that registers again while its hint shows takes over presenting it")
    func reRegistration() async {
        let hints = coordinator()
        let first = Screens()
        let second = Screens()
        await hints.start()
        first.register("a", on: hints)
        second.register("a", on: hints)
        #expect(second.history == ["present tap on a"])
        hints.anchorDidDisappear("a")
        #expect(second.history == ["present tap on a", "dismiss tap"])
        #expect(first.history == ["present tap on a"])
    }

    @Test("A component may re-register from inside its present closure")
    func reentrantRegistration() async {
        let hints = coordinator()
        var presented = 0
        await hints.start()
        func register() {
            hints.anchorDidAppear("a", present: { _ in
                presented += 1
                if presented == 1 {
                    // The screen is rebuilt while presenting: it goes away and comes back.
                    hints.anchorDidDisappear("a")
                    register()
                }
            })
        }
        register()
        #expect(presented == 2)
        #expect(hints.presentation?.hint.stepId == "tap")
        #expect(hints.diagnostics.isEmpty)
    }

    @Test("Going inactive dismisses the hint; becoming active shows it again")
    func background() async {
        let hints = coordinator()
        let screens = Screens()
        await hints.start()
        screens.register("a", on: hints)
        hints.appResignedActive()
        #expect(screens.onScreen.isEmpty)
        #expect(hints.phase == .paused(HintID(walkthroughId: "tour", stepId: "tap")))
        hints.appBecameActive()
        #expect(screens.history == ["present tap on a", "dismiss tap", "present tap on a"])
    }
}
