import Foundation
import Testing
@testable import Waypoint
import WaypointTesting

@Suite struct UserDefaultsProgressStoreTests {
    private let value = SampleProgress(stepIds: ["intro", "panel"], count: 2)

    /// Runs `body` with a suite name of its own, whose defaults are removed afterwards.
    private func withSuite<T>(_ body: (String) async throws -> T) async throws -> T {
        let suiteName = "waypoint.tests.\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName) }
        return try await body(suiteName)
    }

    private func defaults(_ suiteName: String) throws -> UserDefaults {
        try #require(UserDefaults(suiteName: suiteName))
    }

    @Test func savesOverwritesAndRemovesUnderThePrefix() async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName)
            #expect(try await store.data(forKey: "a") == nil)
            try await store.setData(Data("one".utf8), forKey: "a")
            #expect(try defaults(suiteName).data(forKey: "waypoint.a") == Data("one".utf8))
            #expect(try await store.data(forKey: "a") == Data("one".utf8))
            try await store.setData(Data("two".utf8), forKey: "a")
            #expect(try await store.data(forKey: "a") == Data("two".utf8))
            try await store.removeData(forKey: "a")
            #expect(try await store.data(forKey: "a") == nil)
            #expect(try defaults(suiteName).object(forKey: "waypoint.a") == nil)
            try await store.removeData(forKey: "a")
        }
    }

    @Test func aCustomPrefixKeepsStoresApart() async throws {
        try await withSuite { suiteName in
            let first = UserDefaultsProgressStore(suiteName: suiteName)
            let second = UserDefaultsProgressStore(suiteName: suiteName, keyPrefix: "other/")
            try await first.setData(Data("1".utf8), forKey: "k")
            try await second.setData(Data("2".utf8), forKey: "k")
            #expect(try await first.data(forKey: "k") == Data("1".utf8))
            #expect(try await second.data(forKey: "k") == Data("2".utf8))
            #expect(second.defaultsKey(forKey: "k") == "other/k")
            #expect(try defaults(suiteName).data(forKey: "other/k") == Data("2".utf8))
        }
    }

    @Test func snapshotsRoundTrip() async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName)
            try await store.saveSnapshot(value, forKey: "walkthrough.layering", at: fixedStart)
            let reopened = UserDefaultsProgressStore(suiteName: suiteName)
            #expect(await reopened.loadSnapshot(SampleProgress.self, forKey: "walkthrough.layering")
                == .loaded(Snapshot(value: value, savedAt: fixedStart)))
            #expect(await reopened.loadSnapshot(SampleProgress.self, forKey: "other") == .empty)
        }
    }

    @Test(arguments: ["a/b", "../escape", "..", ".", "ü-ñ-日本", "with space", "UPPER", "e\u{301}", "emoji 🧭"])
    func awkwardKeysRoundTrip(_ key: String) async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName)
            try await store.setData(Data(key.utf8), forKey: key)
            #expect(try await store.data(forKey: key) == Data(key.utf8))
            #expect(try defaults(suiteName).data(forKey: "waypoint." + key) == Data(key.utf8))
        }
    }

    @Test func emptyKeyIsRejected() async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName)
            let error = await #expect(throws: ProgressStoreError.self) { try await store.setData(Data(), forKey: "") }
            #expect(error?.description
                == "Cannot use progress key \"\": the key is empty. Use a non-empty key such as \"walkthrough.layering\".")
            let defaults = try defaults(suiteName)
            #expect(defaults.object(forKey: "waypoint.") == nil)
        }
    }

    @Test(arguments: CorruptSnapshotCase.all)
    func corruptSnapshotIsMovedAsideAndReported(_ corrupt: CorruptSnapshotCase) async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName, clock: FixedClock())
            try await store.setData(corrupt.bytes, forKey: CorruptSnapshotCase.key)

            let error = try #require(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key).error)
            let movedTo = "waypoint.flow.signup.corrupt-20260101T000000Z"
            #expect(error.description == corrupt.message(movedTo: movedTo))
            #expect(error.movedTo == movedTo)
            #expect(try defaults(suiteName).data(forKey: movedTo) == corrupt.bytes)

            #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key) == .empty)
            try await store.saveSnapshot(value, forKey: CorruptSnapshotCase.key, at: fixedStart)
            #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key).value == value)
        }
    }

    @Test func aValueThatIsNotDataIsReportedAndMovedAside() async throws {
        try await withSuite { suiteName in
            try defaults(suiteName).set("not data", forKey: "waypoint.k")
            let store = UserDefaultsProgressStore(suiteName: suiteName, clock: FixedClock())
            let location = "defaults key \"waypoint.k\" in suite \"\(suiteName)\""

            let error = await #expect(throws: ProgressStoreError.self) { try await store.data(forKey: "k") }
            #expect(error?.description == "Cannot read progress for key \"k\" at \(location): it holds a string, "
                + "not Data. Make it readable or remove it; loadSnapshot(_:forKey:) moves it aside and starts fresh.")

            let load = await store.loadSnapshot(SampleProgress.self, forKey: "k")
            #expect(load.error?.description == "Cannot read progress for key \"k\" at \(location): it holds a string, "
                + "not Data. Moved it aside to waypoint.k.corrupt-20260101T000000Z; starting fresh.")
            #expect(try defaults(suiteName).string(forKey: "waypoint.k.corrupt-20260101T000000Z") == "not data")
            #expect(await store.loadSnapshot(SampleProgress.self, forKey: "k") == .empty)
        }
    }

    @Test func quarantineNumbersKeysThatAreTaken() async throws {
        try await withSuite { suiteName in
            let store = UserDefaultsProgressStore(suiteName: suiteName, clock: FixedClock())
            #expect(try await store.quarantine(key: "k") == nil)
            var moved: [String?] = []
            for round in 1...3 {
                try await store.setData(Data("bad \(round)".utf8), forKey: "k")
                moved.append(try await store.quarantine(key: "k"))
            }
            let base = "waypoint.k.corrupt-20260101T000000Z"
            #expect(moved == [base, base + "-2", base + "-3"])
            #expect(try defaults(suiteName).data(forKey: base + "-2") == Data("bad 2".utf8))
            #expect(try await store.data(forKey: "k") == nil)
        }
    }
}
