import Foundation
import Testing
@testable import Waypoint
import WaypointTesting

@Suite struct FileProgressStoreTests {
    private let value = SampleProgress(stepIds: ["intro", "panel"], count: 2)

    private func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    // MARK: Round trips

    @Test func savesOverwritesAndRemoves() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            #expect(try await store.data(forKey: "a") == nil)
            try await store.setData(Data("one".utf8), forKey: "a")
            #expect(try await store.data(forKey: "a") == Data("one".utf8))
            try await store.setData(Data("two, longer".utf8), forKey: "a")
            #expect(try await store.data(forKey: "a") == Data("two, longer".utf8))
            try await store.setData(Data(), forKey: "a")
            #expect(try await store.data(forKey: "a") == Data())
            try await store.removeData(forKey: "a")
            #expect(try await store.data(forKey: "a") == nil)
            try await store.removeData(forKey: "a")  // removing nothing is fine
            #expect(try entries(directory) == [])
        }
    }

    @Test func snapshotsRoundTripThroughTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            try await store.saveSnapshot(value, forKey: "walkthrough.layering", at: fixedStart)
            let file = try store.fileURL(forKey: "walkthrough.layering")
            #expect(file.lastPathComponent == "walkthrough.layering.json")
            #expect(try String(decoding: Data(contentsOf: file), as: UTF8.self)
                == #"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":2,"stepIds":["intro","panel"]}}"#)
            let reopened = try FileProgressStore(directory: directory)
            #expect(await reopened.loadSnapshot(SampleProgress.self, forKey: "walkthrough.layering")
                == .loaded(Snapshot(value: value, savedAt: fixedStart)))
        }
    }

    @Test func createsAMissingDirectoryWithItsParents() async throws {
        try await withTemporaryDirectory { directory in
            let nested = directory.appendingPathComponent("a/b/Waypoint", isDirectory: true)
            let store = try FileProgressStore(directory: nested)
            try await store.setData(Data("x".utf8), forKey: "k")
            #expect(try entries(nested) == ["k.json"])
        }
    }

    @Test func refusesAFileWhereTheDirectoryShouldBe() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("not-a-directory")
            try Data("x".utf8).write(to: file)
            let error = #expect(throws: ProgressStoreError.self) { try FileProgressStore(directory: file) }
            #expect(error?.code == .directoryUnavailable)
            #expect(error?.description == "Cannot use \"\(file.path)\" as the progress directory: something that is "
                + "not a directory is already there. Pass a directory the app can create and write to, "
                + "such as one under Application Support.")
        }
    }

    // MARK: Keys

    static let awkwardKeys = [
        "a/b", "../escape", "..", ".", "...", "/", "/etc/passwd", "flow/../../outside", "ü-ñ-日本", "with space",
        "UPPER", "upper", "%41", "A", "a", "e\u{301}", "\u{e9}", "tab\there", "nul\u{0}byte", "emoji 🧭",
        ".waypoint-tmp-x", "k.json", "k.json.corrupt-20260101T000000Z", "\\back\\slash", "C:\\windows",
    ]

    @Test(arguments: awkwardKeys)
    func awkwardKeysRoundTripInsideTheDirectory(_ key: String) async throws {
        try await withTemporaryDirectory { parent in
            let directory = parent.appendingPathComponent("store", isDirectory: true)
            let store = try FileProgressStore(directory: directory)
            try await store.setData(Data(key.utf8), forKey: key)
            #expect(try await store.data(forKey: key) == Data(key.utf8))
            let name = try #require(try entries(directory).first)
            #expect(try entries(directory) == [name])
            #expect(try entries(parent) == ["store"])
            #expect(!name.hasPrefix(".") && !name.contains("/"))
            #expect(ProgressFileName.key(forFileName: name) == key)
            try await store.removeData(forKey: key)
            #expect(try entries(directory) == [])
        }
    }

    @Test(arguments: [".waypoint-tmp-1f-k.json", ".waypoint-tmp-a0b1-flow.signup.json"])
    func temporaryFilesLeftByAnInterruptedWriteAreRemovedOnOpen(_ name: String) async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            try await store.setData(Data("kept".utf8), forKey: "k")
            try Data("half a write".utf8).write(to: directory.appendingPathComponent(name))
            #expect(try entries(directory).contains(name))
            let reopened = try FileProgressStore(directory: directory)
            #expect(try entries(directory) == ["k.json"])
            #expect(try await reopened.data(forKey: "k") == Data("kept".utf8))
        }
    }

    @Test func distinctKeysGetDistinctFilesEvenIgnoringCase() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            for key in Self.awkwardKeys {
                try await store.setData(Data(key.utf8), forKey: key)
            }
            for key in Self.awkwardKeys {
                #expect(try await store.data(forKey: key) == Data(key.utf8))
            }
            let names = try entries(directory)
            #expect(names.count == Self.awkwardKeys.count)
            #expect(Set(names.map { $0.lowercased() }).count == names.count)
        }
    }

    @Test(arguments: [
        ("flow/signUp", "flow%2Fsign%55p.json"),
        ("..", "%2E..json"),
        ("walkthrough.layering", "walkthrough.layering.json"),
        ("ü", "%C3%BC.json"),
        ("%", "%25.json"),
    ])
    func fileNamesAreReadable(key: String, name: String) throws {
        #expect(try ProgressFileName.fileName(forKey: key) == name)
        #expect(ProgressFileName.key(forFileName: name) == key)
    }

    @Test(arguments: ["k.json.corrupt-20260101T000000Z", ".waypoint-tmp-1f-k.json", "%2f.json", "%2.json", "A.json",
                      ".json", "k", "%FF.json"])
    func otherFileNamesAreNotKeys(_ name: String) {
        #expect(ProgressFileName.key(forFileName: name) == nil)
    }

    @Test func emptyKeyIsRejectedByEveryOperation() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            let message = "Cannot use progress key \"\": the key is empty. Use a non-empty key such as \"walkthrough.layering\"."
            let errors: [ProgressStoreError?] = [
                await #expect(throws: ProgressStoreError.self) { try await store.data(forKey: "") },
                await #expect(throws: ProgressStoreError.self) { try await store.setData(Data(), forKey: "") },
                await #expect(throws: ProgressStoreError.self) { try await store.removeData(forKey: "") },
                await #expect(throws: ProgressStoreError.self) { try await store.quarantine(key: "") },
                await #expect(throws: ProgressStoreError.self) { try await store.saveSnapshot(1, forKey: "", at: fixedStart) },
            ]
            #expect(errors.map { $0?.description } == Array(repeating: message, count: 5))
            #expect(errors.allSatisfy { $0?.code == .badKey })
            let load = await store.loadSnapshot(Int.self, forKey: "")
            #expect(load.error?.description == message)
            #expect(try entries(directory) == [])
        }
    }

    @Test func overlongKeyIsRejectedWithItsLength() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            try await store.setData(Data("ok".utf8), forKey: String(repeating: "a", count: 195))
            let long = String(repeating: "ß", count: 40)  // 2 UTF-8 bytes each, 6 bytes escaped
            let error = await #expect(throws: ProgressStoreError.self) { try await store.setData(Data(), forKey: long) }
            #expect(error?.key == long)
            #expect(error?.description == "Cannot use progress key \"\(long)\": its file name would be 245 bytes long, "
                + "over the limit of 200. Use a shorter key; a-z, 0-9, \"-\", \"_\" and \".\" take one byte, "
                + "any other character three bytes per UTF-8 byte.")
        }
    }

    // MARK: Corrupt and unreadable data

    @Test(arguments: CorruptSnapshotCase.all)
    func corruptSnapshotFileIsMovedAsideAndReported(_ corrupt: CorruptSnapshotCase) async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory, clock: FixedClock())
            let file = try store.fileURL(forKey: CorruptSnapshotCase.key)
            try corrupt.bytes.write(to: file)

            let load = await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key)
            let error = try #require(load.error)
            let movedTo = directory.path + "/flow.signup.json.corrupt-20260101T000000Z"
            #expect(error.description == corrupt.message(movedTo: movedTo))
            #expect(error.movedTo == movedTo)
            #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == corrupt.bytes)
            #expect(try entries(directory) == ["flow.signup.json.corrupt-20260101T000000Z"])

            #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key) == .empty)
            try await store.saveSnapshot(value, forKey: CorruptSnapshotCase.key, at: fixedStart)
            #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key).value == value)
            #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == corrupt.bytes)
        }
    }

    @Test func quarantineNumbersNamesThatAreTaken() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory, clock: FixedClock())
            #expect(try await store.quarantine(key: "k") == nil)
            var moved: [String?] = []
            for round in 1...3 {
                try await store.setData(Data("bad \(round)".utf8), forKey: "k")
                moved.append(try await store.quarantine(key: "k"))
            }
            let base = directory.path + "/k.json.corrupt-20260101T000000Z"
            #expect(moved == [base, base + "-2", base + "-3"])
            for (round, path) in moved.enumerated() {
                #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(path))) == Data("bad \(round + 1)".utf8))
            }
        }
    }

    @Test func aDirectoryInPlaceOfTheFileIsReportedNotFatal() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory, clock: FixedClock())
            let file = try store.fileURL(forKey: "flow.signup")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)

            let readError = await #expect(throws: ProgressStoreError.self) { try await store.data(forKey: "flow.signup") }
            #expect(readError?.code == .unreadable)
            #expect(readError?.description == "Cannot read progress for key \"flow.signup\" at \(file.path): "
                + "it is a directory, not a file. Make it readable or remove it; loadSnapshot(_:forKey:) moves it "
                + "aside and starts fresh.")

            let writeError = await #expect(throws: ProgressStoreError.self) {
                try await store.setData(Data("new".utf8), forKey: "flow.signup")
            }
            #expect(writeError?.code == .writeFailed)
            #expect(writeError?.description == "Cannot save progress for key \"flow.signup\" to \(file.path): "
                + "Is a directory (rename, errno 21). The previous progress is unchanged; check free space and permissions.")
            #expect(try entries(directory) == ["flow.signup.json"])  // the failed write left no temporary file

            let removeError = await #expect(throws: ProgressStoreError.self) {
                try await store.removeData(forKey: "flow.signup")
            }
            #expect(removeError?.code == .removeFailed)

            let load = await store.loadSnapshot(SampleProgress.self, forKey: "flow.signup")
            let movedTo = file.path + ".corrupt-20260101T000000Z"
            #expect(load.error?.description == "Cannot read progress for key \"flow.signup\" at \(file.path): "
                + "it is a directory, not a file. Moved it aside to \(movedTo); starting fresh.")
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: movedTo, isDirectory: &isDirectory) && isDirectory.boolValue)
            #expect(await store.loadSnapshot(SampleProgress.self, forKey: "flow.signup") == .empty)
            try await store.saveSnapshot(value, forKey: "flow.signup", at: fixedStart)
            #expect(await store.loadSnapshot(SampleProgress.self, forKey: "flow.signup").value == value)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "permissions do not apply to root"))
    func aFileWithoutReadPermissionIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            try await store.setData(Data("secret".utf8), forKey: "k")
            let file = try store.fileURL(forKey: "k")
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
            let error = await #expect(throws: ProgressStoreError.self) { try await store.data(forKey: "k") }
            #expect(error?.description == "Cannot read progress for key \"k\" at \(file.path): "
                + "Permission denied (open, errno 13). Make it readable or remove it; loadSnapshot(_:forKey:) moves it "
                + "aside and starts fresh.")
        }
    }

    // MARK: Interrupted and concurrent writes

    @Test func leftoverTemporaryFilesDoNotShadowTheRealFileAndAreCleanedUp() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            try await store.saveSnapshot(value, forKey: "k", at: fixedStart)
            let leftover = directory.appendingPathComponent(".waypoint-tmp-1f2e3d-k.json")
            try Data(#"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":9,"#.utf8).write(to: leftover)

            #expect(await store.loadSnapshot(SampleProgress.self, forKey: "k").value == value)
            #expect(try entries(directory) == [".waypoint-tmp-1f2e3d-k.json", "k.json"])

            let reopened = try FileProgressStore(directory: directory)
            #expect(try entries(directory) == ["k.json"])
            #expect(await reopened.loadSnapshot(SampleProgress.self, forKey: "k").value == value)
        }
    }

    @Test func concurrentSavesAlwaysLeaveOneCompleteValue() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileProgressStore(directory: directory)
            let values = (0..<48).map { SampleProgress(stepIds: Array(repeating: "step-\($0)", count: $0 * 40), count: $0) }
            let observed = try await withThrowingTaskGroup(of: [SnapshotLoad<SampleProgress>].self) { group in
                for value in values {
                    group.addTask {
                        try await store.saveSnapshot(value, forKey: "k", at: fixedStart)
                        return []
                    }
                    group.addTask { [await store.loadSnapshot(SampleProgress.self, forKey: "k")] }
                }
                var loads: [SnapshotLoad<SampleProgress>] = []
                for try await result in group { loads += result }
                return loads
            }
            #expect(observed.count == values.count)
            for load in observed {
                switch load {
                case .empty: break
                case .loaded(let snapshot): #expect(values.contains(snapshot.value))
                case .recovered(let error): Issue.record("a concurrent read saw a broken file: \(error)")
                }
            }
            let final = await store.loadSnapshot(SampleProgress.self, forKey: "k")
            #expect(final.value.map(values.contains) == true)
            #expect(try entries(directory) == ["k.json"])
        }
    }
}
