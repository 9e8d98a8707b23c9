import Foundation
import Testing
import TestSupport
@testable import Waypoint
import WaypointTesting

/// Random signal sequences: whatever arrives, the saga never shows two hints at once, never shows a
/// hint whose anchor is gone or while the app is inactive, and never gets stuck.
@Suite("Hint saga properties under random signals")
struct HintPropertyTests {
    static let anchors = ["a", "b", "c", "d", "ghost"]
    static let events = ["exported", "opened", "other"]

    static let catalog = WalkthroughCatalog<Member>([
        Walkthrough(id: "tour", maxDisplayCount: 3, steps: [
            step("tap", on: "a", trigger: .tap(elementId: "a")),
            step("swipe", on: "b", trigger: .swipe(.left), canSkip: false),
            step("timer", on: "c", trigger: .timer(seconds: 3), timeout: .seconds(20)),
            step("event", on: "a", trigger: .event(name: "exported")),
            step("pro", on: "d", condition: { $0.isPro }),
        ]),
        Walkthrough(id: "pro", condition: { $0.isPro }, steps: [step("p1", on: "b"), step("p2", on: "c", timeout: .seconds(5))]),
        Walkthrough(id: "later", rules: [.donated("opened", atLeast: 2, within: .days(1))],
                    steps: [step("l1", on: "d"), step("l2", on: "a", trigger: .timer(seconds: 1))]),
        Walkthrough(id: "grouped", steps: [step("g1", on: "c")]),
    ], groups: [.ordered("g", ["tour", "grouped"])], displayFrequency: .every(60))

    static func randomSignal(_ saga: Saga, _ random: inout SplitMix64) -> HintSignal {
        let anchor = anchors.randomElement(using: &random) ?? "a"
        switch Int.random(in: 0..<17, using: &random) {
        case 0, 1, 2: return .anchorAppeared(anchor)
        case 3, 4: return .anchorDisappeared(anchor)
        case 5: return Bool.random(using: &random) ? .appBecameActive : .appResignedActive
        case 6: return .user(.tap(elementId: anchor))
        case 7: return .user(.swipe(SwipeDirection.allCases.randomElement(using: &random) ?? .left))
        case 8, 9: return .user(.nextButton)
        case 10: return .event(events.randomElement(using: &random) ?? "other")
        case 11: return [.skip, .back, .close].randomElement(using: &random) ?? .skip
        case 12, 13:
            if let timer = saga.state.timer, Bool.random(using: &random) { return .timerFired(timer) }
            return .timerFired(HintTimer(generation: UInt64.random(in: 0..<5, using: &random),
                                         hint: HintID(walkthroughId: "tour", stepId: "timer"),
                                         purpose: .completion, startedAt: startDate, seconds: 3))
        case 14:
            let id = ["tour", "pro", "later", "grouped", "nope"].randomElement(using: &random) ?? "tour"
            return Bool.random(using: &random)
                ? .invalidate(walkthroughId: id, reason: InvalidationReason.allCases.randomElement(using: &random) ?? .actionPerformed)
                : .resetEligibility(walkthroughId: id)
        default: return .reevaluate
        }
    }

    @Test("Random sequences against the value", arguments: 0..<8)
    func randomSequences(batch: Int) {
        var presentations = 0
        var completions = 0
        var timeouts = 0
        for sequence in 0..<60 {
            var random = SplitMix64(seed: UInt64(batch * 1_000 + sequence))
            var saga = Saga(Self.catalog, state: HintState(isAppActive: Bool.random(using: &random)))
            var onScreen = Set<String>()
            var appActive = saga.state.isAppActive
            var presented: HintPresentation?
            for index in 0..<80 {
                if Int.random(in: 0..<6, using: &random) == 0 { saga.member.isPro.toggle() }
                saga.wait(Double(Int.random(in: 0..<40, using: &random)))
                let signal = Self.randomSignal(saga, &random)
                switch signal {
                case .anchorAppeared(let id): onScreen.insert(id)
                case .anchorDisappeared(let id): onScreen.remove(id)
                case .appBecameActive: appActive = true
                case .appResignedActive: appActive = false
                default: break
                }
                let where_ = "seed \(batch * 1_000 + sequence), signal \(index): \(signal)"
                for effect in saga.send(signal) {
                    switch effect {
                    case .present(let hint):
                        #expect(presented == nil, "two hints at once, \(where_)")
                        presented = hint
                        presentations += 1
                    case .analytics(let event) where event.event == .walkthroughCompleted:
                        completions += 1
                    case .analytics(let event) where event.event == .targetNotFound:
                        timeouts += 1
                    case .dismiss(let hint, _):
                        #expect(presented?.hint == hint, "dismissed a hint not shown, \(where_)")
                        presented = nil
                    default: break
                    }
                }
                if let shown = presented {
                    #expect(onScreen.contains(shown.anchorId), "hint on a gone anchor, \(where_)")
                    #expect(appActive, "hint while inactive, \(where_)")
                }
                #expect(saga.state.phase.shownHint == presented?.hint, "phase and screen disagree, \(where_)")
                #expect(saga.state.anchors == onScreen)
                checkNotStuck(saga, where_)
            }
        }
        // The sequences reach deep into the saga, not just its first hint.
        #expect(presentations > 100)
        #expect(completions > 5)
        #expect(timeouts > 0)
    }

    /// Fails when a hint could show but does not.
    func checkNotStuck(_ saga: Saga, _ where_: String) {
        let state = saga.state
        guard state.isAppActive else {
            #expect(state.phase.shownHint == nil)
            return
        }
        switch state.phase {
        case .pending(let hint):
            let definition = saga.catalog.walkthrough(hint.walkthroughId)?.steps.first { $0.id == hint.stepId }
            if let definition, state.anchors.contains(definition.targetElementId) {
                Issue.record("stuck: \(hint) pending while its anchor is on screen, \(where_)")
            }
        case .inactive:
            for walkthrough in saga.catalog.walkthroughs
            where state.eligibility(of: walkthrough.id, catalog: saga.catalog, context: saga.member, now: saga.now) == .eligible {
                if let entry = state.entryStep(of: walkthrough, progress: state.progress(of: walkthrough), context: saga.member),
                   state.anchors.contains(walkthrough.steps[entry.index].targetElementId) {
                    Issue.record("stuck: \(walkthrough.id) could start, \(where_)")
                }
            }
        case .paused:
            Issue.record("paused while the app is active, \(where_)")
        case .showing:
            break
        }
    }

    @MainActor
    @Test("Random sequences through the coordinator, with a fixed clock", arguments: 0..<4)
    func coordinatorSequences(batch: Int) async {
        for sequence in 0..<15 {
            var random = SplitMix64(seed: UInt64(77_000 + batch * 100 + sequence))
            let clock = FixedClock()
            let hints = HintCoordinator(catalog: Self.catalog, context: Member(), store: InMemoryProgressStore(), clock: clock)
            await hints.start()
            var onScreen: [String: HintID] = [:]
            var registered = Set<String>()
            for index in 0..<50 {
                let anchor = Self.anchors.randomElement(using: &random) ?? "a"
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1, 2:
                    registered.insert(anchor)
                    hints.anchorDidAppear(anchor, present: { presentation in
                        // Presenting again on the same anchor (a component that registered again) is the same hint.
                        #expect(onScreen.isEmpty || onScreen == [anchor: presentation.hint], "two hints at once, step \(index)")
                        onScreen[anchor] = presentation.hint
                    }, dismiss: { _ in onScreen[anchor] = nil })
                case 3, 4:
                    registered.remove(anchor)
                    hints.anchorDidDisappear(anchor)
                case 5:
                    clock.advance(by: .seconds(Double(Int.random(in: 1..<25, using: &random))))
                    await hints.settle()
                case 6: Bool.random(using: &random) ? hints.appBecameActive() : hints.appResignedActive()
                case 7: hints.tap(anchor)
                case 8: [hints.next, hints.skip, hints.back, { hints.swipe(.left) }].randomElement(using: &random)?()
                default: hints.event(Self.events.randomElement(using: &random) ?? "opened")
                }
                #expect(onScreen.count <= 1)
                for shownAnchor in onScreen.keys {
                    #expect(registered.contains(shownAnchor), "hint on a gone anchor, seed \(77_000 + batch * 100 + sequence) step \(index)")
                }
                #expect(onScreen.values.first == hints.presentation?.hint)
            }
            await hints.settle()
        }
    }
}
