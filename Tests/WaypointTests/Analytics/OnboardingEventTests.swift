import Foundation
import Testing
@testable import Waypoint

@Suite("Onboarding events: JSON form")
struct OnboardingEventTests {
    static let full = OnboardingEvent(
        messageID: "5f0c", userID: "u-123", event: .stepCompleted, timestamp: Lines.date(0.25),
        flowID: "signup", flowVersion: 1, stepID: "registration", stepIndex: 2,
        experiment: "short-signup", variation: "short", outcome: "newUser", durationMs: 5300)

    @Test func writesTheFieldsOfTheDesignInOrderAndOmitsTheOthers() {
        #expect(Self.full.jsonLine == #"{"messageId":"5f0c","userId":"u-123","event":"Step Completed","timestamp":"2026-01-01T00:00:00.250Z","flowId":"signup","flowVersion":1,"stepId":"registration","stepIndex":2,"experiment":"short-signup","variation":"short","outcome":"newUser","durationMs":5300}"#)
        let hint = OnboardingEvent(
            messageID: "h1", userID: "u", event: .hintCompleted, timestamp: Lines.date(1),
            stepID: "intro", walkthroughID: "layering", walkthroughVersion: 2, trigger: "tap")
        #expect(hint.jsonLine == #"{"messageId":"h1","userId":"u","event":"Hint Completed","timestamp":"2026-01-01T00:00:01.000Z","stepId":"intro","walkthroughId":"layering","walkthroughVersion":2,"trigger":"tap"}"#)
    }

    @Test func jsonEncoderAndTheLineWriterAgreeAndRoundTrip() throws {
        let encoded = try JSONEncoder().encode(Self.full)
        let fromEncoder = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
        let fromLine = try #require(try JSONSerialization.jsonObject(with: Data(Self.full.jsonLine.utf8)) as? NSDictionary)
        #expect(fromEncoder == fromLine)
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: encoded) == Self.full)
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(Self.full.jsonLine.utf8)) == Self.full)
    }

    @Test func stringsAreEscaped() throws {
        let event = OnboardingEvent(messageID: "q\"b\\n\n\u{1}é", userID: "u", event: "Custom", timestamp: Lines.date(0))
        #expect(event.jsonLine.hasPrefix(#"{"messageId":"q\"b\\n\n\u0001é","#))
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(event.jsonLine.utf8)) == event)
    }

    @Test func timestampsAreKeptToTheMillisecond() {
        let event = OnboardingEvent(userID: "u", event: .flowStarted, timestamp: Lines.date(0.0004))
        #expect(event.timestampText == "2026-01-01T00:00:00.000Z")
        #expect(event.timestamp == Lines.date(0))
        #expect(OnboardingEvent(userID: "u", event: .flowStarted, timestamp: Date()).messageID
            != OnboardingEvent(userID: "u", event: .flowStarted, timestamp: Date()).messageID)
    }

    @Test func decodingAcceptsOffsetsAndRejectsBadTimestamps() throws {
        let line = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"2026-01-01T02:00:00+02:00"}"#
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)).timestamp == Lines.date(0))
        let bad = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"soon"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OnboardingEvent.self, from: Data(bad.utf8)) }
    }

    @Test func theAppVersionIsWrittenLastAndRoundTrips() throws {
        var event = Self.full
        event.appVersion = "2.4.1"
        #expect(event.jsonLine == Self.full.jsonLine.dropLast() + #","appVersion":"2.4.1"}"#)
        let encoded = try JSONEncoder().encode(event)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["appVersion"] as? String == "2.4.1")
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: encoded) == event)
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(event.jsonLine.utf8)) == event)
        let hint = OnboardingEvent(
            messageID: "h1", userID: "u", event: .hintShown, timestamp: Lines.date(1), stepID: "intro",
            walkthroughID: "layering", walkthroughVersion: 2, appVersion: "10.0-beta \"2\"")
        #expect(hint.jsonLine.hasSuffix(#""walkthroughVersion":2,"appVersion":"10.0-beta \"2\""}"#))
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(hint.jsonLine.utf8)) == hint)
    }

    @Test func theLocaleAndThePlatformAreWrittenAfterTheRevisionAndRoundTrip() throws {
        var event = Self.full
        event.appVersion = "2.4.1"
        event.revision = 7
        event.locale = "pt-BR"
        event.platform = "iPadOS"
        #expect(event.jsonLine == Self.full.jsonLine.dropLast() + #","appVersion":"2.4.1","revision":7,"locale":"pt-BR","platform":"iPadOS"}"#)
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(event.jsonLine.utf8)) == event)
        let encoded = try JSONEncoder().encode(event)
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: encoded) == event)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["locale"] as? String == "pt-BR" && object["platform"] as? String == "iPadOS")
        // Without them the line is as before; a value that is not a string is refused.
        #expect(!Self.full.jsonLine.contains("locale") && !Self.full.jsonLine.contains("platform"))
        let number = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"2026-01-01T00:00:00.000Z","platform":1}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OnboardingEvent.self, from: Data(number.utf8)) }
    }

    @Test func withoutAnAppVersionTheJSONIsAsBeforeAndOldEventsDecode() throws {
        #expect(Self.full.appVersion == nil)
        #expect(!Self.full.jsonLine.contains("appVersion"))
        let encoded = try JSONEncoder().encode(Self.full)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["appVersion"] == nil)
        // An event written before the field existed.
        let old = #"{"messageId":"m","userId":"u","event":"Hint Shown","timestamp":"2026-01-01T00:00:00.000Z","stepId":"intro","walkthroughId":"layering","walkthroughVersion":2}"#
        let decoded = try JSONDecoder().decode(OnboardingEvent.self, from: Data(old.utf8))
        #expect(decoded.appVersion == nil)
        #expect(decoded.jsonLine == old)
        let null = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"2026-01-01T00:00:00.000Z","appVersion":null}"#
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(null.utf8)).appVersion == nil)
        let number = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"2026-01-01T00:00:00.000Z","appVersion":2}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OnboardingEvent.self, from: Data(number.utf8)) }
    }

    @Test func theEventNamesAreTheDesigns() {
        #expect(EventName.all.map(\.rawValue) == [
            "Flow Started", "Step Viewed", "Step Completed", "Step Skipped", "Flow Completed", "Flow Abandoned",
            "Walkthrough Started", "Hint Shown", "Hint Completed", "Hint Skipped", "Walkthrough Completed",
            "Target Not Found", "Experiment Viewed",
        ])
    }
}
