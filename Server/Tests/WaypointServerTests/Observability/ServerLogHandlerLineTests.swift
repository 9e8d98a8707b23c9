import Foundation
import Logging
import Testing
@testable import WaypointServer

/// The lines of ``ServerLogHandler`` are those of swift-log's `StreamLogHandler`: time, level,
/// label, the metadata sorted by key as ` key=value`, the source in brackets, the message.
@Suite("Server log handler lines")
struct ServerLogHandlerLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var level: Logger.Level
        var handlerMetadata: Logger.Metadata
        var eventMetadata: Logger.Metadata?
        var expected: String
        var testDescription: String { expected }
    }

    static let cases = [
        Case(level: .info, handlerMetadata: [:], eventMetadata: nil, expected: " info waypoint-server: [WaypointServer] GET /v1/document 200 0.1ms\n"),
        Case(level: .info, handlerMetadata: ["hb.request.id": "4a2"], eventMetadata: nil,
             expected: " info waypoint-server: hb.request.id=4a2 [WaypointServer] GET /v1/document 200 0.1ms\n"),
        Case(level: .warning, handlerMetadata: ["zeta": "1", "alpha": .stringConvertible(2)], eventMetadata: ["mid": ["a", "b"]],
             expected: " warning waypoint-server: alpha=2 mid=[\"a\", \"b\"] zeta=1 [WaypointServer] GET /v1/document 200 0.1ms\n"),
        Case(level: .trace, handlerMetadata: ["key": "handler"], eventMetadata: ["key": "event"],
             expected: " trace waypoint-server: key=event [WaypointServer] GET /v1/document 200 0.1ms\n"),
    ]

    @Test(arguments: cases)
    func aLineIsTheStreamHandlers(_ test: Case) {
        var handler = ServerLogHandler(label: "waypoint-server")
        handler.metadata = test.handlerMetadata
        let event = LogEvent(
            level: test.level, message: "GET /v1/document 200 0.1ms", metadata: test.eventMetadata, source: "WaypointServer",
            file: #fileID, function: #function, line: #line)
        let line = handler.line(event)
        let time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/
        let stamp = line.prefixMatch(of: time)
        #expect(stamp != nil, "\(line)")
        #expect(line.dropFirst(stamp.map { $0.output.count } ?? 0) == test.expected[...])
    }
}
