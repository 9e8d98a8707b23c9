import Foundation
import Testing
import Waypoint

@Suite("JSON string escaping shared by JSONValue and events")
struct JSONStringEscapingTests {
    static let awkward = "quote \" backslash \\ newline \n tab \t bell \u{07} backspace \u{08} feed \u{0C} ü 日本 👋"

    @Test func jsonValueTextEscapesAndRoundTrips() throws {
        let text = JSONValue.string(Self.awkward).jsonText
        #expect(text.contains("\\b") && text.contains("\\f") && text.contains("\\u0007"))
        #expect(try JSONValue(parsing: text) == .string(Self.awkward))
    }

    @Test func eventLineEscapesAndDecodes() throws {
        let event = OnboardingEvent(
            messageID: "m-1", userID: Self.awkward, event: .stepViewed, timestamp: Date(timeIntervalSince1970: 0),
            flowID: "signup", stepID: "splash")
        let line = event.jsonLine
        #expect(!line.contains("\n"))
        let decoded = try JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8))
        #expect(decoded.userID == Self.awkward)
    }
}
