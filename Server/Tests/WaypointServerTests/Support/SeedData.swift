import Foundation

/// Events and documents the dashboard tests seed a server with.
enum SeedData {
    /// A §5 event line.
    static func event(
        _ name: String, user: String, at second: Int, flow: String? = "signup", step: String? = nil, index: Int? = nil,
        outcome: String? = nil, variation: String? = "control", walkthrough: String? = nil, trigger: String? = nil,
        appVersion: String? = nil, revision: Int? = nil
    ) -> String {
        var object: [String: Any] = [
            "messageId": UUID().uuidString.lowercased(), "userId": user, "event": name,
            "timestamp": String(format: "2026-11-02T10:%02d:%02d.000Z", (second / 60) % 60, second % 60),
        ]
        if let walkthrough {
            object["walkthroughId"] = walkthrough
            object["walkthroughVersion"] = 2
        } else if let flow {
            object["flowId"] = flow
            object["flowVersion"] = 1
            if let variation {
                object["experiment"] = "short-signup"
                object["variation"] = variation
            }
        }
        if let step { object["stepId"] = step }
        if let index { object["stepIndex"] = index }
        if let outcome { object["outcome"] = outcome }
        if let trigger { object["trigger"] = trigger }
        if let appVersion { object["appVersion"] = appVersion }
        if let revision { object["revision"] = revision }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A user of `signup` (control) who walked `steps` (id, outcome leaving it) and is now on the last one.
    static func inFlight(_ user: String, _ steps: [(String, String?)], variation: String = "control", appVersion: String? = nil) -> [String] {
        var lines = [event("Flow Started", user: user, at: 0, variation: variation, appVersion: appVersion)]
        var second = 1
        for (index, (step, outcome)) in steps.enumerated() {
            lines.append(event("Step Viewed", user: user, at: second, step: step, index: index, variation: variation, appVersion: appVersion))
            second += 5
            if let outcome {
                lines.append(event("Step Completed", user: user, at: second, step: step, index: index, outcome: outcome, variation: variation, appVersion: appVersion))
                second += 1
            }
        }
        return lines
    }

    /// `line` (an event's JSON object) as run from document revision `revision`.
    static func ofRevision(_ revision: Int) -> (String) -> String {
        { line in line.hasPrefix("{") ? "{\"revision\":\(revision)," + line.dropFirst() : line }
    }

    /// The UTC day of `date`, as the pages' `since=` links write it.
    static func day(_ date: Date) -> String {
        String(ISO8601DateFormatter().string(from: date).prefix(10))
    }

    /// `Examples/Documents/waypoint.json` without the `registration` step (splash's `register` now leads to `personalization`).
    static func withoutRegistration() throws -> Data {
        var text = String(decoding: try TestServer.example("waypoint.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: #""register": "registration""#, with: #""register": "personalization""#)
        let registration = String(repeating: " ", count: 8) + #"{ "id": "registration", "screen": "Registration","# + "\n"
            + String(repeating: " ", count: 10) + #""on": { "newUser": "personalization", "existingUser": "$complete" } },"# + "\n"
        guard text.contains(registration) else { throw TestFailure("waypoint.json changed: registration step not found") }
        text = text.replacingOccurrences(of: registration, with: "")
        return Data(text.utf8)
    }
}
