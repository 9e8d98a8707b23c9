import Foundation
import Testing
import TestSupport
@testable import Waypoint
import WaypointTesting

/// The value the progress tests save: a small walkthrough-like record.
struct SampleProgress: Codable, Sendable, Equatable {
    var stepIds: [String]
    var count: Int
}

/// 2026-01-01T00:00:00Z, where `FixedClock()` starts.
let fixedStart = Date(timeIntervalSince1970: 1_767_225_600)

/// Runs `body` with a fresh directory under the system's temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = try TemporaryFiles.directory("progress")
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// Bytes that are not a usable `Snapshot<SampleProgress>`, and the sentence Waypoint must report for them.
struct CorruptSnapshotCase: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: Data
    /// The start of the message, up to the recovery sentence.
    let problem: String

    var testDescription: String { label }

    /// The full message once the bytes were moved to `destination`.
    func message(movedTo destination: String) -> String {
        problem + " Moved it aside to \(destination); starting fresh."
    }

    static let key = "flow.signup"

    static let all: [CorruptSnapshotCase] = [
        CorruptSnapshotCase(
            label: "random bytes",
            bytes: Data([0xFF, 0x00, 0x13, 0x37, 0xC3]),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: the data is not valid JSON (5 bytes)."
        ),
        CorruptSnapshotCase(
            label: "truncated JSON",
            bytes: Data(#"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z","value":{"stepIds":["a""#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: the data is not valid JSON (79 bytes)."
        ),
        CorruptSnapshotCase(
            label: "empty file",
            bytes: Data(),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: the data is empty (0 bytes)."
        ),
        CorruptSnapshotCase(
            label: "JSON array instead of an envelope",
            bytes: Data("[1,2,3]".utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: it should be an object "
                + "with \"formatVersion\", \"savedAt\" and \"value\"."
        ),
        CorruptSnapshotCase(
            label: "value of the wrong shape",
            bytes: Data(#"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":1,"stepIds":"a"}}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"value.stepIds\" should be an array."
        ),
        CorruptSnapshotCase(
            label: "wrong element type",
            bytes: Data(#"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":1,"stepIds":["a",7]}}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"value.stepIds[1]\" should be a string."
        ),
        CorruptSnapshotCase(
            label: "missing value",
            bytes: Data(#"{"formatVersion":1,"savedAt":"2026-01-01T00:00:00.000Z"}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"value\" is missing."
        ),
        CorruptSnapshotCase(
            label: "missing formatVersion",
            bytes: Data(#"{"stepIds":[],"count":0}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"formatVersion\" is missing."
        ),
        CorruptSnapshotCase(
            label: "formatVersion as a string",
            bytes: Data(#"{"formatVersion":"1","savedAt":"2026-01-01T00:00:00.000Z","value":{"count":1,"stepIds":[]}}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"formatVersion\" should be an integer."
        ),
        CorruptSnapshotCase(
            label: "formatVersion 0",
            bytes: Data(#"{"formatVersion":0,"savedAt":"2026-01-01T00:00:00.000Z","value":{"count":1,"stepIds":[]}}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"formatVersion\" is 0, "
                + "which is not a snapshot format."
        ),
        CorruptSnapshotCase(
            label: "savedAt not a date",
            bytes: Data(#"{"formatVersion":1,"savedAt":"yesterday","value":{"count":1,"stepIds":[]}}"#.utf8),
            problem: "Progress for key \"flow.signup\" is not a valid snapshot: \"savedAt\" is invalid: "
                + "expected an ISO 8601 date such as \"2026-01-01T00:00:00.000Z\", found \"yesterday\"."
        ),
        CorruptSnapshotCase(
            label: "formatVersion 99",
            bytes: Data(#"{"formatVersion":99,"savedAt":"2031-01-01T00:00:00.000Z","value":{"count":1,"stepIds":[]}}"#.utf8),
            problem: "Progress for key \"flow.signup\" was saved in snapshot format 99, but this version of Waypoint "
                + "reads only format 1 (it was probably written by a newer version of the app)."
        ),
        CorruptSnapshotCase(
            label: "formatVersion 99 in a different shape",
            bytes: Data(#"{"formatVersion":99,"payload":"zstd:AAAA"}"#.utf8),
            problem: "Progress for key \"flow.signup\" was saved in snapshot format 99, but this version of Waypoint "
                + "reads only format 1 (it was probably written by a newer version of the app)."
        ),
    ]
}
