import Foundation
import Waypoint
import WaypointTools

/// A concluded experiment as the API answers it (Server/README.md, "Concluded experiments").
extension ExperimentConclusion {
    /// `{"decision", "variation"?, "goal", "hypothesis"?, "revisions", "firstPublished"?, "lastPublished"?, "concludedAt"}`,
    /// times in ISO 8601 (UTC).
    var conclusionJSON: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "decision": .string(decision.rawValue),
            "goal": .string(goal),
            "revisions": .array(revisions.map { .number(Double($0)) }),
            "concludedAt": .string(Timestamp.iso8601(concludedAt)),
        ]
        if let variation { object["variation"] = .string(variation) }
        if let hypothesis { object["hypothesis"] = .string(hypothesis) }
        if let firstPublished { object["firstPublished"] = .string(Timestamp.iso8601(firstPublished)) }
        if let lastPublished { object["lastPublished"] = .string(Timestamp.iso8601(lastPublished)) }
        return object
    }

    /// The frozen report's figures, as a JSON value: the report as it was answered before the
    /// publish that ended it (`{"kind":"experiment","experiment":KEY}` when none could be made).
    var frozenReport: [String: JSONValue] {
        if let report, case .object(let members)? = try? JSONValue(parsing: report) { return members }
        return ["kind": .string("experiment"), "experiment": .string(experiment)]
    }

    /// `GET /v1/apps/{app}/experiments/{key}` for a concluded experiment: the frozen report with
    /// `"concluded"` added (keys sorted, one line, then a newline).
    func reportAnswer() throws -> [UInt8] {
        var object = frozenReport
        object["concluded"] = .object(conclusionJSON)
        return Array(try WaypointJSON.text(JSONValue.object(object)).utf8) + [UInt8(ascii: "\n")]
    }
}
