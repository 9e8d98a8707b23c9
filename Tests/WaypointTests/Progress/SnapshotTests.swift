import Foundation
import Testing
@testable import Waypoint
import WaypointTesting

@Suite struct SnapshotTests {
    private let value = SampleProgress(stepIds: ["intro", "panel"], count: 2)

    @Test func encodesTheVersionedEnvelopeWithSortedKeys() async throws {
        let store = InMemoryProgressStore()
        try await store.saveSnapshot(value, forKey: "flow.signup", at: fixedStart.addingTimeInterval(0.25))
        let bytes = try #require(await store.contents["flow.signup"])
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.250Z","value":{"count":2,"stepIds":["intro","panel"]}}"#)
    }

    @Test func roundTripIsExactAfterRoundingToTheMillisecond() async throws {
        let store = InMemoryProgressStore()
        let savedAt = Date(timeIntervalSince1970: 1_767_225_600.123_456_7)
        try await store.saveSnapshot(value, forKey: "k", at: savedAt)
        let load = await store.loadSnapshot(SampleProgress.self, forKey: "k")
        let expected = Snapshot(value: value, savedAt: savedAt)
        #expect(load == .loaded(expected))
        #expect(expected.savedAt == Date(timeIntervalSince1970: 1_767_225_600.123))
        #expect(expected.formatVersion == 1)
        #expect(load.value == value)
    }

    @Test func datesInsideTheValueAreWrittenAsISO8601WithMilliseconds() async throws {
        struct Dated: Codable, Sendable, Equatable { var seen: Date }
        let store = InMemoryProgressStore()
        let seen = Date(timeIntervalSince1970: 951_782_400.5)  // 2000-02-29T00:00:00.500Z
        try await store.saveSnapshot(Dated(seen: seen), forKey: "k", at: fixedStart)
        let bytes = try #require(await store.contents["k"])
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""value":{"seen":"2000-02-29T00:00:00.500Z"}"#))
        #expect(await store.loadSnapshot(Dated.self, forKey: "k").value == Dated(seen: seen))
    }

    @Test func decodingAcceptsOffsetsAndLongFractions() throws {
        let json = #"{"formatVersion":1,"savedAt":"2026-01-01T01:30:00.12345+01:30","value":{"count":0,"stepIds":[]}}"#
        let snapshot = try JSONDecoder().decode(Snapshot<SampleProgress>.self, from: Data(json.utf8))
        #expect(snapshot.savedAt == MillisecondTimestamp.date(milliseconds: 1_767_225_600_123))
    }

    @Test func decodingRejectsAFutureFormatVersion() {
        let json = #"{"formatVersion":2,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":0,"stepIds":[]}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Snapshot<SampleProgress>.self, from: Data(json.utf8))
        }
    }

    @Test func missingKeyLoadsEmpty() async {
        let store = InMemoryProgressStore()
        #expect(await store.loadSnapshot(SampleProgress.self, forKey: "nothing") == .empty)
    }

    @Test(arguments: CorruptSnapshotCase.all)
    func corruptSnapshotIsMovedAsideAndReported(_ corrupt: CorruptSnapshotCase) async throws {
        let store = InMemoryProgressStore([CorruptSnapshotCase.key: corrupt.bytes])
        let load = await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key)
        let error = try #require(load.error)
        #expect(error.description == corrupt.message(movedTo: "flow.signup.corrupt-1"))
        #expect(error.movedTo == "flow.signup.corrupt-1")
        #expect(error.key == "flow.signup")
        #expect(await store.quarantined["flow.signup.corrupt-1"] == corrupt.bytes)
        #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key) == .empty)
        try await store.saveSnapshot(value, forKey: CorruptSnapshotCase.key, at: fixedStart)
        #expect(await store.loadSnapshot(SampleProgress.self, forKey: CorruptSnapshotCase.key).value == value)
    }

    @Test func futureFormatIsReportedWithItsCode() async throws {
        let bytes = Data(#"{"formatVersion":99,"savedAt":"2031-01-01T00:00:00.000Z","value":7}"#.utf8)
        let store = InMemoryProgressStore(["k": bytes])
        let error = try #require(await store.loadSnapshot(SampleProgress.self, forKey: "k").error)
        #expect(error.code == .unsupportedFormatVersion)
        #expect(error.formatVersion == 99)
    }

    @Test func aValueThatCannotBeEncodedWritesNothing() async throws {
        struct Unencodable: Codable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "this value refuses to be encoded"
                ))
            }
            init() {}
            init(from decoder: any Decoder) throws {}
        }
        let store = InMemoryProgressStore()
        let error = await #expect(throws: ProgressStoreError.self) {
            try await store.saveSnapshot(Unencodable(), forKey: "k", at: fixedStart)
        }
        #expect(error?.code == .encodingFailed)
        #expect(error?.description == "Cannot save progress for key \"k\": the value cannot be encoded as JSON: "
            + "at \"value\": this value refuses to be encoded. Nothing was written; make the value encodable "
            + "(for example, no NaN or infinite numbers).")
        #expect(await store.writeCount == 0)
    }

    @Test func unreadableDataThatCannotBeMovedAsideIsLeftInPlace() async throws {
        let store = StubbornStore()
        let load = await store.loadSnapshot(SampleProgress.self, forKey: "k")
        let error = try #require(load.error)
        #expect(error.description == "Progress for key \"k\" is not a valid snapshot: the data is not valid JSON (3 bytes). "
            + "Could not move it aside (Permission denied (rename, errno 13)); it was left in place, and Waypoint starts fresh.")
        #expect(error.movedTo == nil)
    }

    @Test func errorsFromOtherStoresLeaveTheDataInPlace() async throws {
        let store = OfflineStore()
        let error = try #require(await store.loadSnapshot(SampleProgress.self, forKey: "k").error)
        #expect(error.code == .unreadable)
        #expect(error.description == "Cannot read progress for key \"k\": the server is offline. "
            + "Could not move it aside (it may be readable later); it was left in place, and Waypoint starts fresh.")
        #expect(await store.quarantineCalls == 0)
    }
}

/// A store holding bad bytes that refuses to move them.
private struct StubbornStore: ProgressStore {
    func data(forKey key: String) async throws -> Data? { Data("{{{".utf8) }
    func setData(_ data: Data, forKey key: String) async throws {}
    func removeData(forKey key: String) async throws {}
    func quarantine(key: String) async throws -> String? {
        throw ProgressStoreError.quarantineFailed(key: key, location: "somewhere", problem: "Permission denied (rename, errno 13)")
    }
}

/// A store whose reads fail with an error of its own.
private actor OfflineStore: ProgressStore {
    struct Offline: Error, CustomStringConvertible { var description: String { "the server is offline" } }
    private(set) var quarantineCalls = 0
    func data(forKey key: String) async throws -> Data? { throw Offline() }
    func setData(_ data: Data, forKey key: String) async throws {}
    func removeData(forKey key: String) async throws {}
    func quarantine(key: String) async throws -> String? {
        quarantineCalls += 1
        return nil
    }
}

@Suite struct SnapshotTimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_767_225_600_250, "2026-01-01T00:00:00.250Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
    ])
    func formatsAndParses(milliseconds: Int64, text: String) {
        #expect(MillisecondTimestamp.iso8601(milliseconds: milliseconds) == text)
        #expect(MillisecondTimestamp.parseISO8601(text) == milliseconds)
    }

    @Test(arguments: [
        "", "2026-01-01", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "2026-02-29T00:00:00Z",
        "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-32T00:00:00Z", "2026-01-01T24:00:00Z",
        "2026-01-01T00:60:00Z", "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00Zjunk", "2026-01-01T00:00:00+0100",
        "+2026-01-01T00:00:00Z", "２０２６-01-01T00:00:00Z",
    ])
    func rejectsWhatIsNotAnISO8601Timestamp(_ text: String) {
        #expect(MillisecondTimestamp.parseISO8601(text) == nil)
    }

    @Test func roundsFractionsToTheNearestMillisecond() {
        #expect(MillisecondTimestamp.parseISO8601("2026-01-01T00:00:00.0004Z") == 1_767_225_600_000)
        #expect(MillisecondTimestamp.parseISO8601("2026-01-01T00:00:00.0005Z") == 1_767_225_600_001)
        #expect(MillisecondTimestamp.parseISO8601("2026-01-01T00:00:00.9999999999Z") == 1_767_225_601_000)
        #expect(MillisecondTimestamp.parseISO8601("2026-01-01T00:00:00.5-00:30") == 1_767_227_400_500)
    }

    @Test func compactFormIsSafeInFileNames() {
        #expect(MillisecondTimestamp.compact(fixedStart.addingTimeInterval(3_723.9)) == "20260101T010203Z")
    }

    @Test func roundingIsIdempotent() {
        for seconds in stride(from: -1e9, through: 1e10, by: 7_777_777.777_7) {
            let once = MillisecondTimestamp.rounded(Date(timeIntervalSince1970: seconds))
            #expect(MillisecondTimestamp.rounded(once) == once)
            let text = MillisecondTimestamp.iso8601(milliseconds: MillisecondTimestamp.milliseconds(once) ?? 0)
            #expect(MillisecondTimestamp.parseISO8601(text).map(MillisecondTimestamp.date(milliseconds:)) == once)
        }
    }
}
