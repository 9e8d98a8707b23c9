import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

@Suite("Event line scanner")
struct EventLineScannerTests {
    /// An event with every field of a flow event.
    static let full = OnboardingEvent(
        messageID: "5f0c", userID: "u-123", event: .stepCompleted, timestamp: Lines.date(0.25),
        flowID: "signup", flowVersion: 1, stepID: "registration", stepIndex: 2,
        experiment: "short-signup", variation: "short", outcome: "newUser", durationMs: 5300)

    static let lines: [String] = [
        full.jsonLine,
        #"{"messageId":"m","userId":"u","event":"Step Viewed","timestamp":"2026-01-01T00:00:00Z","flowId":"f","stepId":"s"}"#,
        #"  {"messageId" : "m" , "userId":"u","event":"X","timestamp":"2026-01-01T00:00:00.1234567Z","extra":{"a":[1,2.5e3,true,null,"\u00e9"]}}  "#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","variation":null,"stepIndex":null}"#,
        #"{"messageId":"m","userId":"u\u002d1","event":"Step Viewed","timestamp":"2026-01-01T00:00:00-05:30","flowId":"f","stepId":"s"}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","durationMs":-5}"#,
        #"{"messageId":"m","userId":"u","event":"Hint Shown","timestamp":"2026-01-01T00:00:00Z","walkthroughId":"w","appVersion":"2.4.1"}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","appVersion":null,"trigger":null,"walkthroughId":null}"#,
        // Invalid ones.
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z""#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z"} x"#,
        #"{"messageId":"m","userId":null,"event":"X","timestamp":"2026-01-01T00:00:00Z"}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01 00:00:00Z"}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","stepIndex":1.5}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","flowId":7}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","appVersion":2.4}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","trigger":true}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","walkthroughId":["w"]}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00"}"#,
        #"{"messageId":"m","userId":"u","event":"X"}"#,
        #"{"messageId":"m","userId":"u","event":"Step Viewed","timestamp":"2026-01-01T00:00:00Z","flowId":"f"}"#,
        "{}", "", "null", #""string""#,
    ]

    /// A line is valid for the scanner exactly when `OnboardingEvent` decodes it (and, for
    /// `Step Viewed`, it names its flow and step).
    @Test(arguments: lines)
    func agreesWithTheDecoder(line: String) throws {
        let bytes = Array(line.utf8)
        let scanned = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { EventLineScanner.scan($0, count: buffer.count) }
        }
        let decoded = try? JSONDecoder().decode(OnboardingEvent.self, from: Data(bytes))
        let usable = decoded.map { $0.event != .stepViewed || ($0.flowID != nil && $0.stepID != nil) } ?? false
        #expect((scanned != nil) == usable)
        if let scanned, let decoded {
            #expect(scanned.timestamp == MillisecondTimestamp.milliseconds(decoded.timestamp))
            let user = bytes.withUnsafeBufferPointer { EventLineScanner.decode(scanned.userID, in: $0.baseAddress!) }
            #expect(String(decoding: user, as: UTF8.self) == decoded.userID)
        }
    }

    /// Foundation's decoder is lenient about these; JSON (RFC 8259) is not, and neither is the scanner.
    @Test(arguments: [
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","extra":[1,]}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","extra":"\q"}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","extra":01}"#,
        #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z",}"#,
        "{\"messageId\":\"m\tm\",\"userId\":\"u\",\"event\":\"X\",\"timestamp\":\"2026-01-01T00:00:00Z\"}",
    ])
    func rejectsWhatJSONRejects(line: String) {
        let bytes = Array(line.utf8)
        let scanned = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { EventLineScanner.scan($0, count: buffer.count) }
        }
        #expect(scanned == nil)
    }

    @Test(arguments: [
        ("2026-01-01T00:00:00Z", 1_767_225_600_000), ("2026-01-01T00:00:00.000Z", 1_767_225_600_000),
        ("2026-01-01T00:00:00.9996Z", 1_767_225_601_000), ("2024-02-29T23:59:59.999+14:00", 1_709_200_799_999),
        ("1969-12-31T23:59:59.5-00:30", 1_799_500), ("0001-01-01T00:00:00Z", -62_135_596_800_000),
        ("2026-01-01t00:00:00z", 1_767_225_600_000), ("2026-01-01T00:00:00.123456789123Z", 1_767_225_600_123),
        ("2026-01-01T00:00:00.Z", nil), ("2026-13-01T00:00:00Z", nil), ("2025-02-29T00:00:00Z", nil),
        ("2026-01-01T24:00:00Z", nil), ("2026-01-01T00:00:00+0200", nil), ("2026-01-01T00:00:00", nil),
        ("2026-01-01T00:00:00+02:00x", nil),
    ] as [(String, Int64?)])
    func timestampsOfEventLinesAreReadByTheSharedParser(text: String, milliseconds: Int64?) {
        #expect(MillisecondTimestamp.parseISO8601(text) == milliseconds)
        // The scanner reads the timestamp in place, or decoded first when it is written with escapes.
        for written in [text, text.replacingOccurrences(of: "-", with: #"-"#)] {
            let line = #"{"messageId":"m","userId":"u","event":"X","timestamp":"\#(written)"}"#
            let bytes = Array(line.utf8)
            let scanned = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { EventLineScanner.scan($0, count: buffer.count) }
            }
            #expect(scanned?.timestamp == milliseconds, "\(written)")
        }
    }

    /// The text of a scanned field, escapes decoded; `nil` when the line does not have it.
    static func text(_ field: KeyPath<EventLineScanner.Fields, EventLineScanner.Field>, of line: String) -> String?? {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> String?? in
            guard let base = buffer.baseAddress, let fields = EventLineScanner.scan(base, count: buffer.count) else { return .none }
            let found = fields[keyPath: field]
            guard found.isPresent else { return .some(nil) }
            return String(decoding: EventLineScanner.decode(found, in: base), as: UTF8.self)
        }
    }

    @Test func readsTheAppVersionWalkthroughAndTriggerOfAnEvent() {
        let hint = OnboardingEvent(
            messageID: "h", userID: "u", event: .hintCompleted, timestamp: Lines.date(0), stepID: "intro", stepIndex: 0,
            walkthroughID: "layering", walkthroughVersion: 2, trigger: "tap", appVersion: "2.4.1").jsonLine
        #expect(Self.text(\.appVersion, of: hint) == "2.4.1")
        #expect(Self.text(\.walkthroughID, of: hint) == "layering")
        #expect(Self.text(\.trigger, of: hint) == "tap")
        #expect(Self.text(\.stepID, of: hint) == "intro")
        // Escaped, null and absent.
        let escaped = #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","appVersion":"2.4\u002e1 \"b\"","walkthroughId":"lay\u0065ring"}"#
        #expect(Self.text(\.appVersion, of: escaped) == #"2.4.1 "b""#)
        #expect(Self.text(\.walkthroughID, of: escaped) == "layering")
        let null = #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","appVersion":"1","appVersion":null}"#
        #expect(Self.text(\.appVersion, of: null) == .some(nil))
        #expect(Self.text(\.appVersion, of: Self.full.jsonLine) == .some(nil))
        #expect(Self.text(\.appVersion, of: #"{"messageId":"m","userId":"u","event":"X","timestamp":"2026-01-01T00:00:00Z","appVersion":1}"#)
            == .none)
    }
}
