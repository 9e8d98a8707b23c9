import Foundation
import Testing
import TestSupport
@testable import Waypoint
import WaypointTesting

/// A store whose writes fail, to check that a failing save never interrupts a flow.
private struct FailingStore: ProgressStore {
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
    func data(forKey key: String) async throws -> Data? { nil }
    func setData(_ data: Data, forKey key: String) async throws { throw DiskFull() }
    func removeData(forKey key: String) async throws {}
    func quarantine(key: String) async throws -> String? { nil }
}

@MainActor
@Suite("FlowNavigator")
struct FlowNavigatorTests {
    @Test func startsFreshSavesAfterEveryChangeAndReportsEffects() async throws {
        let store = InMemoryProgressStore()
        let navigator = FlowNavigator(Fixtures.signup, context: Profile(), store: store, clock: FixedClock())
        var seen: [FlowEffect] = []
        navigator.onEffect = { seen.append($0) }
        try await navigator.start()
        #expect(navigator.restoreResult == .fresh)
        #expect(navigator.currentScreen == "Splash")
        #expect(navigator.currentStep?.id == "splash")
        try navigator.next("register")
        try navigator.next("newUser")
        await navigator.waitForSaves()
        #expect(await store.writeCount == 3)
        #expect(seen.filter { $0 == .persist }.count == 3)
        #expect(seen.first == .flowStarted)
        #expect(navigator.currentScreen == "Personalization")
        #expect(navigator.canGoBack)
    }

    @Test func relaunchResumesWhereTheUserLeftOff() async throws {
        let store = InMemoryProgressStore()
        let first = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await first.start()
        try first.next("register")
        try first.next("newUser")
        try first.next()
        await first.waitForSaves()

        let relaunched = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await relaunched.start()
        #expect(relaunched.restoreResult == .resumed(visits: 4))
        #expect(relaunched.state == first.state)
        #expect(relaunched.currentVisit?.path == "shared-end/e")
        try relaunched.back()
        #expect(relaunched.currentVisit?.path == "personalization")
        #expect(relaunched.state.path.map(\.path) == ["splash", "registration", "personalization"])
    }

    @Test func relaunchAfterADefinitionChangeKeepsTheValidPrefix() async throws {
        let store = InMemoryProgressStore()
        let first = FlowNavigator(Fixtures.onboarding, context: Profile(notificationsAuthorized: false), store: store)
        try await first.start()
        try first.next()
        try first.next()
        await first.waitForSaves()

        let v4 = Flow<Profile>("onboarding", version: 4) {
            Step("welcome", screen: "Info")
            Step("privacy")
            Step("thanks", screen: "Info")
        }
        let relaunched = FlowNavigator(v4, context: Profile(), store: store)
        try await relaunched.start()
        #expect(relaunched.restoreResult == .truncated(kept: 1, dropped: 2))
        #expect(relaunched.currentVisit?.path == "welcome")
        try relaunched.next()
        #expect(relaunched.currentVisit?.path == "privacy")
        await relaunched.waitForSaves()
        let saved = await store.loadSnapshot(FlowState.self, forKey: relaunched.storageKey)
        guard case .loaded(let snapshot) = saved else {
            Issue.record("expected a snapshot, got \(saved)")
            return
        }
        #expect(snapshot.value.flowVersion == 4)
    }

    @Test func completedFlowStaysCompletedAfterRelaunch() async throws {
        let store = InMemoryProgressStore()
        let first = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await first.start()
        try first.next("loggedIn")
        await first.waitForSaves()
        let relaunched = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await relaunched.start()
        #expect(relaunched.isCompleted)
        #expect(relaunched.restoreResult == .alreadyCompleted)
        #expect(relaunched.currentScreen == nil)
        #expect(throws: FlowError.self) { try relaunched.next() }
    }

    @Test func corruptSavedProgressIsSetAsideAndTheFlowStartsFresh() async throws {
        let store = InMemoryProgressStore()
        await store.corrupt(key: "waypoint.flow.signup")
        let navigator = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await navigator.start()
        guard case .discarded = navigator.restoreResult else {
            Issue.record("expected the corrupt snapshot to be discarded, got \(String(describing: navigator.restoreResult))")
            return
        }
        #expect(navigator.persistenceError != nil)
        #expect(navigator.currentVisit?.path == "splash")
        #expect(await store.quarantined.count == 1)
        await navigator.waitForSaves()
        let relaunched = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await relaunched.start()
        #expect(relaunched.restoreResult == .resumed(visits: 1))
    }

    @Test func failingSavesAreReportedAndNeverStopTheFlow() async throws {
        let navigator = FlowNavigator(Fixtures.signup, context: Profile(), store: FailingStore())
        try await navigator.start()
        try navigator.next("login")
        await navigator.waitForSaves()
        #expect(navigator.currentVisit?.path == "login")
        #expect(navigator.persistenceError?.description.contains("disk full") == true)
    }

    @Test func contextChangesArePickedUpAtTheNextNavigation() async throws {
        let navigator = FlowNavigator(Fixtures.onboarding, context: Profile(healthAvailable: false))
        try await navigator.start()
        navigator.context.notificationsAuthorized = true
        try navigator.next()
        #expect(navigator.currentVisit?.path == "thanks")
        #expect(navigator.currentScreen == "Info")
    }

    @Test func everyEventIsAvailableOnTheNavigator() async throws {
        let navigator = FlowNavigator(Fixtures.signup, context: Profile())
        try await navigator.start()
        try navigator.jump(to: "registration")
        try navigator.push(custom: CustomStep("help", screen: "HelpSheet"))
        #expect(navigator.currentScreen == "HelpSheet")
        #expect(navigator.currentStep == nil)
        try navigator.next()
        #expect(navigator.currentScreen == "Registration")
        try navigator.back()
        #expect(navigator.currentScreen == "Splash")
        try navigator.complete()
        #expect(navigator.isCompleted)
        try await navigator.reset()
        #expect(navigator.currentScreen == "Splash")
        #expect(!navigator.isCompleted)
    }

    @Test func resetForgetsSavedProgress() async throws {
        let store = InMemoryProgressStore()
        let navigator = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await navigator.start()
        try navigator.next("login")
        try await navigator.reset()
        await navigator.waitForSaves()
        let relaunched = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await relaunched.start()
        #expect(relaunched.state.path.map(\.path) == ["splash"])
    }
}

@MainActor
@Suite("FlowNavigator with a file store")
struct FlowNavigatorFileStoreTests {
    @Test func corruptFileIsMovedAsideReportedAndTheFlowGoesOn() async throws {
        let directory = TemporaryFiles.path("waypoint-nav")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileProgressStore(directory: directory)
        let first = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await first.start()
        try first.next("register")
        await first.waitForSaves()

        let file = try store.fileURL(forKey: first.storageKey)
        try Data("{\"formatVersion\":1,\"savedAt\":".utf8).write(to: file)   // a write cut short by a crash of another tool

        let relaunched = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await relaunched.start()
        let error = try #require(relaunched.persistenceError)
        #expect(error.code == .corruptSnapshot)
        let movedTo = try #require(error.movedTo)
        #expect(FileManager.default.fileExists(atPath: movedTo))
        #expect(relaunched.currentVisit?.path == "splash")
        try relaunched.next("login")
        await relaunched.waitForSaves()

        let third = FlowNavigator(Fixtures.signup, context: Profile(), store: store)
        try await third.start()
        #expect(third.restoreResult == .resumed(visits: 2))
        #expect(third.currentVisit?.path == "login")
    }
}
