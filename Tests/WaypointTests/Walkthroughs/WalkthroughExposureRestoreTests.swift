import Foundation
import Testing
@testable import Waypoint
import WaypointTesting

/// One launch of an app with walkthrough `tour`, as ``HintCoordinator`` and ``WalkthroughAnalytics``
/// drive the values: each analytics effect goes to the recorder with the exposures its saved
/// progress records so far, then the state records the exposures it makes.
private struct TourLaunch {
    var saga: Saga
    var recorder = WalkthroughEventRecorder()
    var events: [OnboardingEvent] = []
    var number = 0
    let attribution = EventAttribution(userID: "u-1")

    init(_ tour: Walkthrough<Member>, state: HintState = HintState()) {
        saga = Saga(WalkthroughCatalog([tour]), state: state)
    }

    mutating func send(_ signal: HintSignal) {
        for case .analytics(let hint) in saga.send(signal) {
            let walkthrough = saga.catalog.walkthrough(hint.walkthroughId)
            let saved = saga.state.savedProgress[hint.walkthroughId]
            let attribution = attribution.filling(walkthrough?.experiment)
            events += recorder.events(
                for: hint, attribution: attribution, stepExperiments: walkthrough?.stepExperiments ?? [],
                exposed: saved?.version == hint.walkthroughVersion ? saved?.exposures : nil, messageID: {
                    number += 1
                    return "m\(number)"
                })
            saga.state.recordExposures(of: hint, catalog: saga.catalog)
        }
    }

    mutating func appear(_ anchors: String...) { for anchor in anchors { send(.anchorAppeared(anchor)) } }

    /// The app quits: its hint record is saved, and the next launch loads it.
    func relaunch(_ tour: Walkthrough<Member>) throws -> TourLaunch {
        let record = HintRecord(
            progress: saga.state.savedProgress.values.sorted { $0.walkthroughId < $1.walkthroughId },
            schedule: saga.state.schedule, donations: saga.state.donations)
        let loaded = try HintRecord.decode(record.encoded())
        #expect(loaded.problems.isEmpty)
        return TourLaunch(tour, state: HintState(progress: loaded.record.progress, schedule: loaded.record.schedule))
    }

    /// The experiments of the `Experiment Viewed` events, in order.
    var viewed: [String] { events.filter { $0.event == .experimentViewed }.map { $0.experiment ?? "-" } }
    /// The other events as "Name step experiment/variation".
    var stamped: [String] {
        events.filter { $0.event != .experimentViewed }.map {
            "\($0.event.rawValue) \($0.stepID ?? "-") \($0.experiment ?? "-")/\($0.variation ?? "-")"
        }
    }
}

@Suite("Walkthrough exposures kept with saved progress across a relaunch")
struct WalkthroughExposureRestoreTests {
    static let copy = ExperimentAssignment(experiment: "tour-copy", variation: "playful")
    static let hintB = StepExperiment(assignment: ExperimentAssignment(experiment: "hint-b", variation: "above"), changedSteps: ["b"])
    static let hintC = StepExperiment(assignment: ExperimentAssignment(experiment: "hint-c", variation: "short"), changedSteps: ["c"])

    /// Walkthrough `tour` (hints `a`, `b`, `c` on anchors of the same names); `hint-b` changes `b`,
    /// `hint-c` changes `c`, and `tour-copy` chose the whole entry when `whole` is true.
    static func tour(whole: Bool, version: Int = 1) -> Walkthrough<Member> {
        var tour = Walkthrough<Member>(
            id: "tour", version: version, experiment: whole ? copy : nil,
            steps: [step("a", on: "a"), step("b", on: "b"), step("c", on: "c")])
        tour.stepExperiments = [hintB, hintC]
        return tour
    }

    /// The first launch: the tour starts, `a` is done, `b` shows; `b` is done too when `finishB`.
    private static func firstLaunch(whole: Bool, finishB: Bool) -> TourLaunch {
        var launch = TourLaunch(tour(whole: whole))
        launch.appear("a", "b")
        launch.send(.user(.nextButton))
        if finishB { launch.send(.user(.nextButton)) }
        return launch
    }

    @Test("A walkthrough resumed after its exposures sends no Experiment Viewed again and keeps the first experiment's stamp",
          arguments: [true, false])
    func resumedRunKeepsItsExposures(whole: Bool) throws {
        let first = Self.firstLaunch(whole: whole, finishB: false)
        let stamp = whole ? "tour-copy/playful" : "hint-b/above"
        #expect(first.viewed == (whole ? ["tour-copy", "hint-b"] : ["hint-b"]))
        #expect(first.saga.state.savedProgress["tour"]?.exposures == (whole ? [Self.copy] : []) + [Self.hintB.assignment])

        // `b` showed when the app quit: the resumed run shows it again.
        var second = try first.relaunch(Self.tour(whole: whole))
        second.appear("a", "b")
        #expect(second.viewed.isEmpty)
        #expect(second.stamped == ["Walkthrough Started - \(stamp)", "Hint Shown b \(stamp)"])
        second.appear("c")
        second.send(.user(.nextButton))
        #expect(second.viewed == ["hint-c"])
        #expect(second.stamped.allSatisfy { $0.hasSuffix(" " + stamp) }, "\(second.stamped)")
        #expect(second.stamped.last == "Hint Shown c \(stamp)")
    }

    @Test("A step experiment first reached after the relaunch is exposed there once, also after another relaunch",
          arguments: [true, false])
    func experimentReachedAfterTheRelaunch(whole: Bool) throws {
        var second = try Self.firstLaunch(whole: whole, finishB: true).relaunch(Self.tour(whole: whole))
        second.appear("a", "b", "c")
        #expect(second.viewed == ["hint-c"])
        #expect(second.stamped.first == "Walkthrough Started - \(whole ? "tour-copy/playful" : "hint-b/above")")
        let view = try #require(second.events.first { $0.event == .experimentViewed })
        #expect(view.stepID == "c" && view.variation == "short" && view.walkthroughID == "tour")
        let shown = try #require(second.events.firstIndex { $0.event.rawValue == "Hint Shown" })
        #expect(second.events[shown - 1] == view)
        #expect(second.saga.state.savedProgress["tour"]?.exposures?.last == Self.hintC.assignment)

        var third = try second.relaunch(Self.tour(whole: whole))
        third.appear("a", "b", "c")
        third.send(.user(.nextButton))
        #expect(third.viewed.isEmpty)
        #expect(third.stamped.last == "Walkthrough Completed - \(whole ? "tour-copy/playful" : "hint-b/above")")
    }

    @Test("A new run (a version bump, a reset) starts with no exposures and is exposed again", arguments: [true, false])
    func newRunStartsUnexposed(versionBump: Bool) throws {
        var second = try Self.firstLaunch(whole: true, finishB: false).relaunch(Self.tour(whole: true, version: versionBump ? 2 : 1))
        if !versionBump { second.send(.resetEligibility(walkthroughId: "tour")) }
        second.appear("a", "b")
        #expect(second.viewed == ["tour-copy"])
        second.send(.user(.nextButton))
        #expect(second.viewed == ["tour-copy", "hint-b"])
        #expect(second.saga.state.savedProgress["tour"]?.exposures == [Self.copy, Self.hintB.assignment])
    }

    @Test("A completed walkthrough that gains a step starts a new run for it, exposed again")
    func reopenedWalkthroughStartsUnexposed() throws {
        var first = Self.firstLaunch(whole: true, finishB: true)
        first.appear("c")
        first.send(.user(.nextButton))
        #expect(first.stamped.last == "Walkthrough Completed - tour-copy/playful")
        var grown = Self.tour(whole: true)
        grown.steps.append(step("d", on: "d"))
        var second = try first.relaunch(grown)
        second.appear("d")
        #expect(second.viewed == ["tour-copy"])
        #expect(second.stamped == ["Walkthrough Started - tour-copy/playful", "Hint Shown d tour-copy/playful"])
    }

    @Test("Progress saved before exposures were recorded loads; the resumed run takes its own and its done steps' experiments as exposed")
    func oldFormatProgressLoads() throws {
        // As saved before exposures were recorded: `a` and `b` done, started once; no `exposures` line.
        let text = "waypoint-hints 1\nschedule 788918400.0\nprogress tour 1 1 - - 788918400.0 :a,b\n"
        let loaded = try HintRecord.decode(Data(text.utf8))
        #expect(loaded.problems.isEmpty)
        let progress = try #require(loaded.record.progress.first)
        #expect(progress.exposures == nil && progress.completedStepIds == ["a", "b"] && progress.displayCount == 1)
        // The same progress in its JSON form, as `WalkthroughProgress` encoded it before.
        let json = #"{"walkthroughId":"tour","version":1,"completedStepIds":["a","b"],"displayCount":1,"lastStartedAt":788918400}"#
        let decoded = try JSONDecoder().decode(WalkthroughProgress.self, from: Data(json.utf8))
        #expect(decoded == progress)

        var launch = TourLaunch(Self.tour(whole: true), state: HintState(progress: [decoded]))
        launch.appear("a", "b", "c")
        #expect(launch.viewed == ["hint-c"])
        #expect(launch.stamped.allSatisfy { $0.hasSuffix(" tour-copy/playful") })
        #expect(launch.saga.state.savedProgress["tour"]?.exposures == [Self.copy, Self.hintB.assignment, Self.hintC.assignment])
    }
}

@MainActor
@Suite("Walkthrough exposures kept by the coordinator's saved progress")
struct WalkthroughExposureCoordinatorTests {
    /// One launch over `store`: the events of the tour's hints shown on `anchors`, with `nexts` presses of "Next".
    func launch(store: InMemoryProgressStore, anchors: [String], nexts: Int) async -> [OnboardingEvent] {
        let clock = FixedClock()
        let tour = WalkthroughExposureRestoreTests.tour(whole: false)
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour]), context: Member(), store: store, clock: clock)
        let analytics = WalkthroughAnalytics(hints, attribution: EventAttribution(userID: "u-1"), messageID: { "m" })
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        let screens = Screens()
        for anchor in anchors { screens.register(anchor, on: hints) }
        await hints.start()
        for _ in 0..<nexts { hints.next() }
        await hints.settle()
        return seen
    }

    @Test("The coordinator saves the exposures, and the next launch's analytics go on with them")
    func relaunchThroughTheCoordinator() async throws {
        let store = InMemoryProgressStore()
        let first = await launch(store: store, anchors: ["a", "b"], nexts: 1)
        #expect(first.filter { $0.event == .experimentViewed }.map(\.experiment) == ["hint-b"])
        let second = await launch(store: store, anchors: ["a", "b", "c"], nexts: 2)
        #expect(second.filter { $0.event == .experimentViewed }.map(\.experiment) == ["hint-c"])
        #expect(second.filter { $0.event != .experimentViewed }.allSatisfy { $0.experiment == "hint-b" && $0.variation == "above" })
        #expect(second.last?.event.rawValue == "Walkthrough Completed")
    }
}
