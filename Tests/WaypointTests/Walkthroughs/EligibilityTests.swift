import Foundation
import Testing
@testable import Waypoint

@Suite("Eligibility: conditions, donations, display count, frequency, groups, overrides")
struct EligibilityTests {
    func single(_ id: String, on target: String = "a") -> Walkthrough<Member> {
        Walkthrough(id: id, steps: [step("\(id).only", on: target)])
    }

    @Test("A condition over the context decides whether a walkthrough may start")
    func condition() {
        let pro = Walkthrough<Member>(id: "pro", condition: { $0.isPro }, steps: [step("one", on: "a")])
        var saga = Saga([pro])
        #expect(saga.appear("a").presented.isEmpty)
        #expect(saga.state.eligibility(of: "pro", catalog: saga.catalog, context: saga.member, now: saga.now)
            == .ineligible(.conditionNotMet))
        saga.member.isPro = true
        #expect(saga.send(.reevaluate).presented == ["one"])
    }

    @Test("Donated at least 3 times within 7 days", arguments: [
        ([0.0, 1, 2], true),
        ([0.0, 1], false),
        ([0.0, 1, 8], false),
        ([0.0, 6.9, 6.99], true),
        ([0.0, 0, 0, 30], true),
    ])
    func donationWindow(daysAgo: [Double], eligible: Bool) {
        let rule = DonationRule.donated("editorOpened", atLeast: 3, within: .days(7))
        var donations = EventDonations()
        for ago in daysAgo.sorted(by: >) { donations.donate("editorOpened", at: startDate.addingTimeInterval(-ago * day)) }
        #expect(rule.isSatisfied(by: donations, now: startDate) == eligible)
        #expect(donations.count(of: "editorOpened", now: startDate) == daysAgo.count)
    }

    @Test("A window's start is inclusive and 'at most' rules count the same way")
    func windowEdges() {
        var donations = EventDonations()
        donations.donate("x", at: startDate.addingTimeInterval(-7 * day))
        donations.donate("x", at: startDate.addingTimeInterval(-7 * day - 1))
        #expect(donations.count(of: "x", within: .days(7), now: startDate) == 1)
        #expect(DonationRule.donated("x", atMost: 1, within: .weeks(1)).isSatisfied(by: donations, now: startDate))
        #expect(!DonationRule.donated("x", atMost: 1).isSatisfied(by: donations, now: startDate))
        #expect(donations.count(of: "never", now: startDate) == 0)
    }

    @Test("Only the most recent 1,000 donations per event are kept")
    func donationCap() {
        var donations = EventDonations()
        for second in 0..<1_250 { donations.donate("tap", at: startDate.addingTimeInterval(Double(second))) }
        donations.donate("other", at: startDate)
        #expect(donations.count(of: "tap", now: startDate) == 1_000)
        #expect(donations.dates["tap"]?.first == startDate.addingTimeInterval(250))
        #expect(donations.count(of: "other", now: startDate) == 1)
        // A clock set back still keeps the list ordered.
        donations.donate("tap", at: startDate.addingTimeInterval(600))
        #expect(donations.dates["tap"] == donations.dates["tap"]?.sorted())
        #expect(donations.count(of: "tap", now: startDate) == 1_000)
    }

    @Test("Donation rules read the saga's donations, which the event signal records and asks to save")
    func donationsInSaga() {
        let rule = DonationRule.donated("opened", atLeast: 3, within: .days(7))
        let tip = Walkthrough<Member>(id: "tip", rules: [rule], steps: [step("one", on: "a")])
        var saga = Saga([tip])
        saga.appear("a")
        saga.send(.event("opened"))
        saga.wait(8 * day)
        saga.send(.event("opened"))
        let second = saga.send(.event("opened"))
        #expect(second.presented.isEmpty)
        #expect(second.contains(.saveDonations(saga.state.donations)))
        #expect(saga.state.eligibility(of: "tip", catalog: saga.catalog, context: saga.member, now: saga.now)
            == .ineligible(.donationRuleNotMet(rule)))
        #expect(saga.send(.event("opened")).presented == ["one"])
    }

    @Test("maxDisplayCount limits the starts, then invalidates with displayCountExceeded")
    func maxDisplayCount() {
        let limited = Walkthrough<Member>(id: "limited", maxDisplayCount: 2, steps: [step("one", on: "a"), step("two", on: "b")])
        var state = HintState()
        var shows = 0
        for _ in 0..<4 {
            // Each launch: a fresh saga restored from the last one's progress.
            var saga = Saga(WalkthroughCatalog([limited]), state: HintState(progress: Array(state.savedProgress.values)))
            shows += saga.appear("a").presented.count
            state = saga.state
        }
        #expect(shows == 2)
        #expect(state.savedProgress["limited"]?.displayCount == 2)
        #expect(state.savedProgress["limited"]?.invalidation == .displayCountExceeded)
    }

    @Test("Display frequency: at most one new walkthrough per period", arguments: [
        (DisplayFrequency.hourly, 3_600.0),
        (.daily, day),
        (.weekly, 7 * day),
        (.monthly, 30 * day),
        (.every(90), 90),
    ])
    func frequency(frequency: DisplayFrequency, period: TimeInterval) {
        var saga = Saga(WalkthroughCatalog([single("first"), single("second")], displayFrequency: frequency))
        saga.appear("a")
        saga.send(.user(.nextButton))
        #expect(saga.state.phase == .inactive)
        #expect(saga.state.eligibility(of: "second", catalog: saga.catalog, context: saga.member, now: saga.now)
            == .ineligible(.displayFrequency(nextAllowedAt: startDate.addingTimeInterval(period))))
        saga.wait(period - 1)
        #expect(saga.send(.reevaluate).presented.isEmpty)
        saga.wait(1)
        #expect(saga.send(.reevaluate).presented == ["second.only"])
    }

    @Test("Immediate frequency, and walkthroughs that opt out, are not limited")
    func frequencyOptOut() {
        var optOut = single("second")
        optOut.ignoresDisplayFrequency = true
        var saga = Saga(WalkthroughCatalog([single("first"), optOut, single("third")], displayFrequency: .monthly))
        saga.appear("a")
        #expect(saga.send(.user(.nextButton)).presented == ["second.only"])
        #expect(saga.send(.user(.nextButton)).presented.isEmpty)
        #expect(DisplayFrequency.immediate.nextAllowedStart(after: startDate, now: startDate) == nil)
        // A last start in the future (a clock set back) does not block.
        #expect(DisplayFrequency.daily.nextAllowedStart(after: startDate.addingTimeInterval(day), now: startDate) == nil)
    }

    @Test("Frequency limits only new walkthroughs; one already started may resume")
    func frequencyResume() {
        let two = Walkthrough<Member>(id: "two", steps: [step("one", on: "a"), step("two", on: "b")])
        var first = Saga(WalkthroughCatalog([two], displayFrequency: .weekly))
        first.appear("a")
        first.send(.user(.nextButton))
        var relaunch = Saga(
            WalkthroughCatalog([two], displayFrequency: .weekly),
            state: HintState(progress: Array(first.state.savedProgress.values), schedule: first.state.schedule)
        )
        relaunch.wait(3_600)
        #expect(relaunch.appear("b").presented == ["two"])
    }

    @Test("An ordered group starts a member only after the previous one is invalidated")
    func orderedGroup() {
        let catalog = WalkthroughCatalog([single("later", on: "b"), single("first", on: "a")],
                                         groups: [.ordered("g", ["first", "later"])])
        var saga = Saga(catalog)
        #expect(saga.appear("b").presented.isEmpty)
        #expect(saga.state.eligibility(of: "later", catalog: catalog, context: saga.member, now: saga.now)
            == .ineligible(.waitingForGroup(groupId: "g", turnOf: "first")))
        saga.send(.invalidate(walkthroughId: "first", reason: .actionPerformed))
        #expect(saga.state.savedProgress["first"]?.invalidation == .actionPerformed)
        #expect(saga.showingStep == "later.only")
    }

    @Test("A firstAvailable group starts only the first member whose own rules allow it")
    func firstAvailableGroup() {
        let pro = Walkthrough<Member>(id: "pro", condition: { $0.isPro }, steps: [step("pro.only", on: "a")])
        let catalog = WalkthroughCatalog([pro, single("basic", on: "b"), single("extra", on: "c")],
                                         groups: [.firstAvailable("g", ["pro", "basic", "extra"])])
        var saga = Saga(catalog)
        #expect(saga.appear("a", "c").presented.isEmpty)
        #expect(saga.state.eligibility(of: "extra", catalog: catalog, context: saga.member, now: saga.now)
            == .ineligible(.waitingForGroup(groupId: "g", turnOf: "basic")))
        #expect(saga.appear("b").presented == ["basic.only"])
        saga.send(.user(.nextButton))
        #expect(saga.showingStep == "extra.only")
    }

    @Test("Invalidation with a reason, then resetEligibility makes it start again from the beginning")
    func invalidateAndReset() {
        let two = Walkthrough<Member>(id: "two", maxDisplayCount: 1, steps: [step("one", on: "a"), step("two", on: "b")])
        var saga = Saga([two])
        saga.appear("a")
        saga.send(.user(.nextButton))
        let invalidated = saga.send(.invalidate(walkthroughId: "two", reason: .actionPerformed))
        #expect(invalidated.dismissed.isEmpty)
        #expect(saga.state.phase == .inactive)
        #expect(saga.appear("b").presented.isEmpty)
        let reset = saga.send(.resetEligibility(walkthroughId: "two"))
        #expect(reset.savedProgress.first == WalkthroughProgress(walkthroughId: "two", version: 1))
        #expect(reset.presented == ["one"])
    }

    @Test("Testing overrides", arguments: [
        (HintTestingOverrides.none, ["open"]),
        (.showAll, ["open", "closed", "pro"]),
        (.show(["closed"]), ["open", "closed"]),
        (.hide(["open"]), [String]()),
        (HintTestingOverrides(showsAll: true, hidden: ["pro"]), ["open", "closed"]),
        (.hideAll, [String]()),
    ])
    func overrides(overrides: HintTestingOverrides, expected: [String]) {
        let open = single("open")
        let closed = single("closed")
        let pro = Walkthrough<Member>(id: "pro", condition: { $0.isPro }, steps: [step("pro.only", on: "a")])
        let done = WalkthroughProgress(walkthroughId: "closed", version: 1, completedStepIds: [], displayCount: 1,
                                       invalidation: .closedByUser)
        var saga = Saga(WalkthroughCatalog([open, closed, pro], testingOverrides: overrides),
                        state: HintState(progress: [done]))
        var shown: [String] = []
        shown += saga.appear("a").presented
        for _ in 0..<4 { shown += saga.send(.user(.nextButton)).presented }
        #expect(shown == expected.map { "\($0).only" })
    }

    @Test("Catalog problems are listed, never trapped on")
    func catalogProblems() {
        let catalog = WalkthroughCatalog<Member>(
            [single("a"), single("a"), Walkthrough(id: "empty", steps: []),
             Walkthrough(id: "twice", steps: [step("x", on: "a"), step("x", on: "b")])],
            groups: [.ordered("g", ["a", "ghost"])]
        )
        #expect(catalog.walkthroughs.map(\.id) == ["a", "empty", "twice"])
        #expect(catalog.groups.first?.walkthroughIds == ["a"])
        #expect(catalog.problems == [
            "Walkthrough id 'a' is used twice; the second definition is ignored. Give each walkthrough its own id.",
            "Walkthrough 'empty' has no steps; it will never show. Add a step or remove it.",
            "Walkthrough 'twice' has two steps with id 'x'; progress cannot tell them apart. Give each step its own id.",
            "Group 'g' names walkthrough 'ghost', which is not in the catalog; the member is ignored.",
        ])
        var saga = Saga(catalog)
        #expect(saga.appear("a").presented == ["a.only"])
    }
}
