import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

@Suite("POST /v1/events")
struct EventsRouteTests {
    @Test func acceptsCountsDuplicatesAndRejectsByIndex() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let first = try await client.postEvents(key: app.production, lines: [
                TestEvents.line("m1"),
                #"{"messageId":"m2","userId":"u1","event":"Step Viewed"}"#,
                TestEvents.line("m3", at: 5),
                "42",
                #"{"messageId":"m5","userId":"u1","event":"Step Viewed","timestamp":"yesterday"}"#,
                TestEvents.line("m1"),
                #"{"messageId":"","userId":"u1","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z"}"#,
            ])
            #expect(first.status == .ok)
            let object = try first.object()
            #expect(object["accepted"] as? Int == 2)
            #expect(object["duplicates"] as? Int == 1)
            let rejected = try #require(object["rejected"] as? [[String: Any]])
            #expect(rejected.map { $0["index"] as? Int } == [1, 3, 4, 6])
            #expect((rejected[0]["message"] as? String)?.contains("timestamp") == true)
            #expect((rejected[2]["message"] as? String)?.contains("yesterday") == true)

            // Sent again (a retry), through the other environment's key: duplicates of the same app.
            let again = try await client.postEvents(key: app.staging, lines: [TestEvents.line("m1"), TestEvents.line("m3", at: 5), TestEvents.line("m9")])
            #expect(again.text == #"{"accepted":1,"duplicates":2,"rejected":[]}"#)

            // Another app has its own message ids.
            let other = try await client.createApp("notes")
            let otherAnswer = try await client.postEvents(key: other.production, lines: [TestEvents.line("m1")])
            #expect(try otherAnswer.object()["accepted"] as? Int == 1)
        }
    }

    @Test(arguments: [
        (#""event":"Flow Strated""#, #""event" "Flow Strated" is not an event name, so no report would count it. Did you mean "Flow Started"? The names are "Flow Started", "Step Viewed""#),
        (#""event":"Purchase""#, #""event" "Purchase" is not an event name, so no report would count it. The names are "Flow Started""#),
        (#""event":"Step Completed","durationMs":-5"#, #""durationMs" is -5; a duration is a number of milliseconds, 0 or more."#),
        (#""event":"Step Completed","durationMs":315360000001"#,
         #""durationMs" is 315360000001, longer than ten years; send at most 315360000000 milliseconds."#),
        (#""event":"Step Completed","durationMs":9000000000000000000"#,
         #""durationMs" is 9000000000000000000, longer than ten years; send at most 315360000000 milliseconds."#),
        (#""event":"Step Viewed","appVersion":"2.4\u0007""#, #""appVersion" contains a control character; send text without control characters."#),
        (#""event":"Step Viewed","locale":"de\nDE""#, #""locale" contains a control character; send text without control characters."#),
        (#""event":"Step Viewed","platform":"\u001BiOS""#, #""platform" contains a control character; send text without control characters."#),
        (#""event":"Step Viewed","revision":0"#,
         #""revision" is 0; revisions are numbered from 1. Send the Waypoint-Revision the document was served with, or omit "revision" for a document bundled with the app."#),
        (#""event":"Step Viewed","revision":-5"#, #""revision" is -5; revisions are numbered from 1."#),
    ])
    func eventsTheReportsCannotReadAreRejectedWithTheFix(fields: String, message: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let line = #"{"messageId":"m1","userId":"u1","timestamp":"2026-01-01T00:00:00.000Z","flowId":"signup",\#(fields)}"#
            let answer = try await client.postEvents(key: app.production, lines: [line, TestEvents.line("m2")])
            #expect(answer.status == .ok)
            let object = try answer.object()
            #expect(object["accepted"] as? Int == 1)
            let rejected = try #require((object["rejected"] as? [[String: Any]])?.first)
            #expect(rejected["index"] as? Int == 0)
            let text = rejected["message"] as? String ?? ""
            #expect(text.hasPrefix(message), "\(text)")
        }
    }

    /// Every text field of an event is capped at 200 characters: 200 is stored, 201 is refused and named.
    @Test(arguments: ["messageId", "userId", "flowId", "walkthroughId", "stepId", "experiment", "variation", "outcome",
                      "trigger", "appVersion", "locale", "platform"])
    func everyTextFieldIsCappedAt200Characters(field: String) async throws {
        func line(_ id: String, length: Int) throws -> String {
            var fields: [String: String] = [
                "messageId": id, "userId": "u1", "event": "Step Completed", "timestamp": "2026-01-01T00:00:00.000Z",
                "flowId": "signup", "stepId": "splash",
            ]
            fields[field] = field == "messageId" ? id + String(repeating: "m", count: length - id.count)
                : String(repeating: "x", count: length)
            let body = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
            return String(decoding: body, as: UTF8.self)
        }
        let lines = [try line("a", length: 200), try line("b", length: 201)]
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let answer = try await client.postEvents(key: app.production, lines: lines)
            #expect(answer.status == .ok)
            let object = try answer.object()
            #expect(object["accepted"] as? Int == 1)
            let rejected = try #require(object["rejected"] as? [[String: Any]])
            #expect(rejected.count == 1)
            #expect(rejected.first?["index"] as? Int == 1)
            let text = rejected.first?["message"] as? String ?? ""
            #expect(text.contains(#""\#(field)" is 201 characters long; send at most 200."#), "\(text)")
        }
    }

    /// An unknown event name is refused on its own, with a did-you-mean; the rest of the batch is stored.
    @Test func anUnknownEventNameIsRejectedAndTheRestStored() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let answer = try await client.postEvents(key: app.production, lines: [
                TestEvents.line("m1", event: "Flow Started"),
                TestEvents.line("m2", event: "Flow Strated"),
                TestEvents.line("m3", event: "Step Viewed", at: 1),
                TestEvents.line("m4", event: "Hint Shwn", at: 2),
                #"{"messageId":"m5","userId":"u1","event":"Experiment Viewed","timestamp":"2026-01-01T00:00:03.000Z","flowId":"signup","#
                    + #""stepId":"splash","experiment":"welcome-copy","variation":"short"}"#,
            ])
            #expect(answer.status == .ok)
            let names = "\"Flow Started\", \"Step Viewed\", \"Step Completed\", \"Step Skipped\", \"Flow Completed\", \"Flow Abandoned\", "
                + "\"Walkthrough Started\", \"Hint Shown\", \"Hint Completed\", \"Hint Skipped\", \"Walkthrough Completed\", \"Target Not Found\", \"Experiment Viewed\""
            let object = try answer.object()
            #expect(object["accepted"] as? Int == 3)
            let rejected = try #require(object["rejected"] as? [[String: Any]])
            #expect(rejected.map { $0["index"] as? Int } == [1, 3])
            #expect(rejected.first?["message"] as? String
                == "\"event\" \"Flow Strated\" is not an event name, so no report would count it. Did you mean \"Flow Started\"? The names are \(names).")
            #expect(rejected.last?["message"] as? String
                == "\"event\" \"Hint Shwn\" is not an event name, so no report would count it. Did you mean \"Hint Shown\"? The names are \(names).")
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            #expect(ReportScopeRouteTests.messageIDs(export.text) == ["m1", "m3", "m5"])
        }
    }

    @Test func aStepOfTwoHundredCharactersIsAccepted() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let answer = try await client.postEvents(key: app.production, lines: [TestEvents.line("m1", step: String(repeating: "s", count: 200))])
            #expect(answer.text == #"{"accepted":1,"duplicates":0,"rejected":[]}"#)
        }
    }

    @Test(arguments: [
        "not json", "{\"events\":[]}", "[]", "{\"batch\":{}}", "{\"batch\":[1,2", "",
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        "{\"batch\":[" + String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000) + "]}",
    ])
    func bodiesThatAreNotABatchAre400(body: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let response = try await client.postEvents(key: app.production, body: Data(body.utf8))
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-request")
        }
    }

    @Test func invalidUTF8Is400() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            var body = Data(#"{"batch":[{"messageId":"m"#.utf8)
            body.append(contentsOf: [0xC3, 0x28, 0xFF])
            body.append(Data(#"","userId":"u","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z"}]}"#.utf8))
            let response = try await client.postEvents(key: app.production, body: body)
            #expect(response.status == .badRequest)
        }
    }

    @Test func tooLargeAndTooManyAre413() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let big = Data(#"{"batch":[],"pad":""#.utf8) + Data(repeating: 0x61, count: 512 * 1024) + Data(#""}"#.utf8)
            let large = try await client.postEvents(key: app.production, body: big)
            #expect(large.status == .contentTooLarge)
            let many = (0..<1001).map { TestEvents.line("m\($0)") }
            let tooMany = try await client.postEvents(key: app.production, lines: many)
            #expect(tooMany.status == .contentTooLarge)
            #expect(try tooMany.errorCode() == "too-large")
            // Nothing of the refused batch was stored.
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            #expect(export.text.isEmpty)
            let limit = try await client.postEvents(key: app.production, lines: Array(many.prefix(1000)))
            #expect(try limit.object()["accepted"] as? Int == 1000)
        }
    }

    @Test func aBadKeyIs401() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let body = Data(#"{"batch":[]}"#.utf8)
            #expect(try await client.send("/v1/events", .post, body: body).status == .unauthorized)
            #expect(try await client.postEvents(key: "wps_nope", body: body).status == .unauthorized)
            #expect(try await client.send("/v1/events", .post, headers: TestServer.admin, body: body).status == .unauthorized)
        }
    }

    @Test func overTheRateLimitIs429WithRetryAfter() async throws {
        // One token per 100 s: a loaded machine cannot refill one between the burst and the check.
        try await TestServer.run(limits: Limits(requestsPerSecondPerKey: 0.01, burstPerKey: 3)) { client in
            let app = try await client.createApp("fitness")
            let other = try await client.createApp("notes")
            for index in 0..<3 {
                #expect(try await client.postEvents(key: app.production, lines: [TestEvents.line("m\(index)")]).status == .ok)
            }
            let limited = try await client.postEvents(key: app.production, lines: [TestEvents.line("m9")])
            #expect(limited.status == .tooManyRequests)
            #expect(try limited.errorCode() == "rate-limited")
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect((50...100).contains(retryAfter))
            #expect(try await client.document(key: app.production).status == .tooManyRequests)
            // Other keys are not affected.
            #expect(try await client.postEvents(key: other.production, lines: [TestEvents.line("m9")]).status == .ok)
            #expect(try await client.postEvents(key: app.staging, lines: [TestEvents.line("m10")]).status == .ok)
        }
    }

    @Test func idsWithQuotesAndSQLAreStoredAsText() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let sneaky = ["m'); DROP TABLE events; --", #"m\"quoted\""#, "../../m", "m\\u00e9"]
            let lines = sneaky.map { #"{"messageId":"\#($0)","userId":"\#($0)","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.000Z","flowId":"signup","stepId":"splash"}"# }
            let answer = try await client.postEvents(key: app.production, lines: lines)
            #expect(answer.text == #"{"accepted":4,"duplicates":0,"rejected":[]}"#)
            let again = try await client.postEvents(key: app.production, lines: lines)
            #expect(again.text == #"{"accepted":0,"duplicates":4,"rejected":[]}"#)
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            #expect(export.text.split(separator: "\n").count == 4)
        }
    }
}
