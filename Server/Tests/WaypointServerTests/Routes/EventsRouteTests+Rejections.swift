import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

extension EventsRouteTests {
    /// The messages of the events of `lines` that were refused, by index.
    static func rejections(_ lines: [String], store: TestDatabase? = nil) async throws -> [Int: String] {
        let answer = LockedBox<[Int: String]>([:])
        try await TestServer.run(store: store) { client in
            let app = try await client.createApp("fitness")
            let response = try await client.postEvents(key: app.production, lines: lines)
            #expect(response.status == .ok)
            let rejected = try #require(try response.object()["rejected"] as? [[String: Any]])
            var messages: [Int: String] = [:]
            for rejection in rejected {
                messages[try #require(rejection["index"] as? Int)] = try #require(rejection["message"] as? String)
            }
            answer.set(messages)
        }
        return answer.get()
    }

    /// An event with `fields` after a message id, a user and a time.
    static func event(_ fields: String, timestamp: String = "2026-01-01T00:00:00.000Z") -> String {
        #"{"messageId":"m1","userId":"u1","timestamp":"\#(timestamp)",\#(fields)}"#
    }

    @Test func anEmptyFlowIdIsRejectedWithTheFix() async throws {
        let messages = try await Self.rejections([
            Self.event(#""event":"Step Viewed","flowId":"""#),
            TestEvents.line("m2"),
        ])
        #expect(messages == [0: #""flowId" is empty; omit it for walkthrough events or give the flow's id."#])
    }

    /// Each event name and the fields its reports read it by: the core's rule (`ReportFieldsTests` pins it).
    static let reportFields: [(name: String, fields: [String])] = EventIngestion.reportFields.map { ($0.name.rawValue, $0.fields) }

    /// An event its reports cannot count (a field they read it by missing) is refused on its own,
    /// with a reason naming the field; the complete one in the same batch is stored.
    @Test(arguments: reportFields)
    func anEventWithoutAFieldItsReportsNeedIsRefused(name: String, fields: [String]) async throws {
        let ids = ["flowId": "signup", "stepId": "welcome", "walkthroughId": "home-tour", "experiment": "welcome-copy", "variation": "short"]
        // An exposure also names its flow (or walkthrough), which no case here leaves out.
        let place = name == EventName.experimentViewed.rawValue ? ["flowId"] : []
        func line(_ id: String, without missing: String?) -> String {
            let given = (fields.filter { $0 != missing } + place).map { #""\#($0)":"\#(ids[$0] ?? "")""# }
            return #"{"messageId":"\#(id)","userId":"u1","timestamp":"2026-01-01T00:00:00.000Z","event":"\#(name)""#
                + given.map { "," + $0 }.joined() + "}"
        }
        let lines = [line("complete", without: nil)] + fields.map { line("without-\($0)", without: $0) }
        let messages = try await Self.rejections(lines)
        #expect(messages.count == fields.count)
        #expect(messages[0] == nil)
        for (offset, field) in fields.enumerated() {
            let about = ["stepId": "step", "flowId": "flow", "walkthroughId": "walkthrough"][field] ?? field
            #expect(messages[offset + 1] == "\"\(name)\" has no \"\(field)\"; give the id of the \(about) it is about, or no report can count it.")
        }
    }

    /// Malformed events are refused in plain words: the field, and what it must hold.
    @Test func malformedEventsAreRefusedInPlainWords() async throws {
        let cases: [(line: String, message: String)] = [
            (Self.event(#""event":"Step Viewed""#, timestamp: "yesterday"),
             #""timestamp" is "yesterday", not an ISO 8601 time such as 2026-11-21T10:00:00.000Z"#),
            (#"{"messageId":"m1","userId":"u1","event":"Step Viewed","timestamp":42}"#,
             #""timestamp" is not an ISO 8601 time such as 2026-11-21T10:00:00.000Z"#),
            (Self.event(#""event":"Step Viewed","stepIndex":1.5"#), #""stepIndex" must be a whole number"#),
            (Self.event(#""event":"Step Viewed","stepIndex":"3""#), #""stepIndex" must be a whole number"#),
            (Self.event(#""event":"Step Viewed","stepIndex":1e30"#), #""stepIndex" must be a whole number"#),
            (Self.event(#""event":"Step Viewed","flowVersion":true"#), #""flowVersion" must be a whole number"#),
            (Self.event(#""event":"Step Completed","durationMs":"fast""#), #""durationMs" must be a whole number of milliseconds"#),
            (Self.event(#""event":"Step Viewed","revision":"7""#), #""revision" must be a whole number"#),
            (Self.event(#""event":"Step Viewed","revision":1.5"#), #""revision" must be a whole number"#),
            (Self.event(#""event":5"#), #""event" must be text, such as "Step Viewed""#),
            (Self.event(#""event":"Step Viewed","flowId":{}"#), #""flowId" must be text"#),
            (#"{"userId":"u1","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z"}"#, #""messageId" is missing"#),
            (#"{"messageId":null,"userId":"u1","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z"}"#,
             #""messageId" must be text"#),
            ("42", "it is not a JSON object"),
            ("[]", "it is not a JSON object"),
            ("null", "it is not a JSON object"),
        ]
        let messages = try await Self.rejections(cases.map(\.line))
        #expect(messages.count == cases.count)
        for (index, expected) in cases.enumerated() {
            #expect(messages[index] == "Not a valid event: \(expected.message).", "event \(index): \(expected.line)")
        }
        let swiftisms = ["Swift.", "DecodingError", "CodingKeys", "Optional(", "_JSONKey", "Context(", "Int64", "String.Type"]
        for (index, message) in messages {
            for swiftism in swiftisms {
                #expect(!message.contains(swiftism), "event \(index): \(message)")
            }
        }
    }

    /// A body that is not a batch is answered in plain words too.
    @Test(arguments: [
        ("not json", "The body is not a batch of events: it is not valid JSON."),
        ("{\"events\":[]}", "The body is not a batch of events: \"batch\" is missing."),
        ("[]", "The body is not a batch of events: it is not a JSON object."),
        ("{\"batch\":{}}", "The body is not a batch of events: \"batch\" must be an array of events."),
    ])
    func bodiesThatAreNotABatchSaySoPlainly(body: String, message: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let response = try await client.postEvents(key: app.production, body: Data(body.utf8))
            #expect(response.status == .badRequest)
            let text = (try response.object()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(text == message + #" Send JSON of the form {"batch":[{…event…}, …]}."#)
            #expect(!response.text.contains("Swift") && !response.text.contains("Context("), "\(response.text)")
        }
    }

    /// Times whose offset takes them outside the years 0001–9999 are refused; every accepted one is
    /// stored with the line's time equal to the indexed one.
    @Test func timesOutsideTheYearsOneToNineThousandNineHundredNinetyNineAreRefused() async throws {
        let times = [
            "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-02:00",
            "0001-01-01T01:00:00+01:00", "9999-12-31T21:59:59.999-02:00", "2026-11-21T10:00:00+14:00",
        ]
        let lines = times.enumerated().map { index, time in
            #"{"messageId":"t\#(index)","userId":"u1","event":"Step Viewed","timestamp":"\#(time)","flowId":"signup","stepId":"splash"}"#
        }
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let messages = try await Self.rejections(lines, store: store)
            #expect(messages == [
                2: #""timestamp" is 0000-12-31T23:00:00.000Z in UTC, before the year 0001; send a time from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z once its offset is applied."#,
                3: #""timestamp" is after the year 9999 in UTC; send a time from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z once its offset is applied."#,
            ])
            // Each accepted line, read a page of one at a time: its time is the indexed time.
            var cursor: UserOrderCursor?
            var seen: [String] = []
            repeat {
                let page = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "signup", after: cursor, limit: 1)
                cursor = page.next
                guard let line = page.lines.first, let position = page.next else { break }
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let text = try #require(object["timestamp"] as? String)
                #expect(text == Timestamp.iso8601(Timestamp.date(milliseconds: position.timestamp)), "\(line)")
                seen.append(text)
            } while cursor != nil
            #expect(seen.sorted() == [
                "0001-01-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z", "2026-11-20T20:00:00.000Z",
                "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z",
            ])
        }
    }

    /// Events beyond their user's limits are refused at their own index in the batch, after the
    /// invalid ones and duplicates that came before them.
    @Test func eventsBeyondTheirUsersLimitsAreRefusedAtTheirIndexWithTheReason() async throws {
        let limit = ContributionChanges.limits.experiments
        let amplifying = (0..<(limit + 3)).map { index in
            #"{"messageId":"a\#(index)","userId":"u1","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z","flowId":"signup","stepId":"s","experiment":"e\#(index)","variation":"v"}"#
        }
        // An invalid event first and a repeated one in the middle: refusals still name batch positions.
        let lines = [Self.event(#""event":"Step Viewed","flowId":"""#)] + amplifying.prefix(2) + [amplifying[0]] + amplifying.dropFirst(2)
        let messages = try await Self.rejections(lines)
        #expect(messages.keys.sorted() == [0] + lines.indices.filter { $0 >= limit + 2 }, "\(messages)")
        #expect(messages[limit + 2]?.hasPrefix(
            "The user's events of flow \"signup\" already carry \(limit) experiments, the most kept per user; this event's experiment \"e\(limit)\"") == true,
            "\(messages[limit + 2] ?? "")")
    }
}
