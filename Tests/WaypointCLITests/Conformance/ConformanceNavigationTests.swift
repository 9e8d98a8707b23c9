import Foundation
import Testing
import Waypoint
@testable import WaypointCLI

/// The `navigation` client's refusals of scripts it cannot play, each with what to fix, and its
/// saved progress going through JSON at a relaunch (docs/CLIENTS.md, "navigation").
@Suite("Conformance navigation client")
struct ConformanceNavigationTests {
    static let document = #"{"schemaVersion": 1, "flows": [{"id": "tour", "steps": [{"id": "one"}, {"id": "two"}]}]}"#

    static func request(_ script: String, revisions: String? = nil) -> String {
        let revisions = revisions ?? #"[{"revision": 1, "document": \#(document)}]"#
        return #"{"id": "navigation/x", "kind": "navigation", "input": {"revisions": \#(revisions), "flow": "tour", "userId": "u-1", "attributes": {}, "clock": {"start": "2026-11-21T10:00:00.000Z", "stepMs": 1000}, "script": \#(script)}}"#
    }

    @Test(arguments: [
        (#"[{"action": "jump"}]"#, "`input.script[0].action` is `jump`; the actions are outcome, back, attributes, relaunch, publish and abandon"),
        (#"[{"action": "publish"}]"#, "`input.script[0]` publishes a revision, but `input.revisions` has no more"),
        (#"[{"action": "abandon"}, {"action": "outcome", "outcome": "next"}]"#, "`input.script[1]` moves after `abandon`; relaunch first"),
        (#"[{"action": "outcome"}]"#, "`input.script[0]` is an outcome without `outcome`"),
        (#"[{"action": "attributes"}]"#, "`input.script[0]` changes attributes without `set`"),
    ])
    func aScriptThatCannotBePlayedIsRefusedWithTheReason(_ script: String, _ message: String) throws {
        let answer = try JSONValue(parsing: ConformanceClient.answer(line: Self.request(script)))
        #expect(answer["error"]?.stringValue == message)
    }

    @Test func aFlowTheDocumentLacksIsNamed() throws {
        let line = Self.request("[]").replacingOccurrences(of: #""flow": "tour""#, with: #""flow": "signup""#)
        let answer = try JSONValue(parsing: ConformanceClient.answer(line: line))
        #expect(answer["error"]?.stringValue == "`input.flow` is `signup`, which revision 0 has no flow of; its flows are tour")
    }

    @Test func aRelaunchResumesTheSavedStepAndAbandonThenRelaunchGoesOn() throws {
        let script = #"[{"action": "outcome", "outcome": "next"}, {"action": "abandon"}, {"action": "relaunch"}, {"action": "outcome", "outcome": "next"}]"#
        let output = try #require(try JSONValue(parsing: ConformanceClient.answer(line: Self.request(script)))["output"])
        #expect(output["launches"] == [["revision": 1, "restored": "fresh"], ["revision": 1, "restored": "resumed", "visits": 2]])
        #expect(output["end"] == "completed")
        let names = output["events"]?.arrayValue?.compactMap { $0["event"]?.stringValue }
        #expect(names == ["Flow Started", "Step Viewed", "Step Completed", "Step Viewed", "Flow Abandoned", "Step Viewed", "Step Completed", "Flow Completed"])
        #expect(output["events"]?.arrayValue?.allSatisfy { $0["messageId"] == nil } == true)
    }
}
