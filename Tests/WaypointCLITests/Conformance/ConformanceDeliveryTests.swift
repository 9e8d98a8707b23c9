import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

/// A `delivery` case that cannot be played is refused with what to fix (docs/CLIENTS.md, "delivery").
@Suite struct ConformanceDeliveryTests {
    /// The answer line to a `delivery` request with `input`, computed off the pool (the case runs tasks).
    static func answer(_ input: String) async -> String {
        await OffThePool.run { ConformanceClient.answer(line: #"{"id": "delivery/x", "kind": "delivery", "input": \#(input)}"#) }
    }

    @Test(arguments: [
        (#"{"events": 2, "answers": [{"status": 500}]}"#,
         "the case has 1 answer(s) but the sink sent request 2 (events 0, 1); add an answer for it to `answers`"),
        (#"{"events": 1, "answers": [{"status": 200}, {"status": 200}]}"#,
         "the sink sent 1 request(s) but the case has 2 answers; remove the 1 answer(s) no request reached"),
        (#"{"events": 2, "eventBytes": [200], "answers": []}"#, "`eventBytes` has 1 sizes for 2 events; give one per event"),
        (#"{"events": 1, "eventBytes": [10], "answers": []}"#, "`eventBytes[0]` is 10; this client's smallest event is"),
        (#"{"events": 1, "answers": [{"headers": {}}]}"#, "`answers[0]` needs either a `status` or a `network` failure"),
        (#"{"events": 1, "clock": "yesterday", "answers": []}"#, "`clock` is not an ISO 8601 time such as 2026-11-21T10:00:00Z"),
        (#"{"events": 1, "answers": [], "retries": 3}"#, "the input has the unknown member `retries`"),
    ])
    func anUnplayableCaseIsRefusedWithWhatToFix(_ input: String, _ message: String) async throws {
        let answer = await Self.answer(input)
        let line = try JSONDecoder().decode(JSONValue.self, from: Data(answer.utf8))
        let error = try #require(line["error"]?.stringValue, "\(answer)")
        #expect(error.contains(message), "\(error)")
    }

    @Test func aPlayedCaseAnswersItsSteps() async throws {
        let answer = await Self.answer(#"{"events": 2, "answers": [{"status": 429, "headers": {"Retry-After": "3"}}, {"status": 200}]}"#)
        let line = try JSONDecoder().decode(JSONValue.self, from: Data(answer.utf8))
        let steps = try #require(line["output"]?["steps"]?.arrayValue, "\(answer)")
        #expect(steps.count == 3)
        #expect(steps[1] == ["do": "wait", "at": 0, "seconds": 3, "from": "retryAfter"])
        #expect(line["output"]?["left"] == [])
    }
}
