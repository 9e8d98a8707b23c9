import WaypointTools

/// A server's publish preview (`GET /v1/apps/{app}/revisions/{n}/preview`, and the `preview` of a
/// publish it refused) as `waypoint publish` prints it: per flow, where its users in flight would land.
struct PublishPreviewText: Decodable, Sendable {
    /// One flow of the preview.
    struct Flow: Decodable, Sendable {
        let id: String
        let inFlight: InFlightUsers
    }

    let revision: Int
    let environment: String
    let publishedRevision: Int?
    let flows: [Flow]

    /// The preview in words, such as:
    ///
    /// ```
    /// Publishing revision 2 to production (it serves revision 1) changes steps users are on:
    ///   signup: 4 users in flight: 1 resumed at `login`; 2 moved back to `splash` (2 visits dropped); 1 discarded (starts again)
    /// ```
    var text: String {
        let serving = publishedRevision.map { " (it serves revision \($0))" } ?? ""
        var lines = ["Publishing revision \(revision) to \(environment)\(serving) changes steps users are on:"]
        for flow in flows where flow.inFlight.users > 0 {
            lines.append("  \(flow.id): \(Self.users(flow.inFlight.users)) in flight: " + Self.landings(flow.inFlight).joined(separator: "; "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where a flow's users would land, in the words of the dashboard's revision page.
    static func landings(_ users: InFlightUsers) -> [String] {
        var parts = users.resumed.map { "\($0.users) resumed at `\($0.step)`" }
        parts += users.truncated.map { truncated in
            "\(truncated.users) moved back to `\(truncated.step)` (\(truncated.droppedVisits) visit\(truncated.droppedVisits == 1 ? "" : "s") dropped)"
        }
        if users.discarded > 0 { parts.append("\(users.discarded) discarded (start\(users.discarded == 1 ? "s" : "") again)") }
        if users.fresh > 0 { parts.append("\(users.fresh) on no step yet") }
        return parts
    }

    private static func users(_ count: Int) -> String { "\(count) user\(count == 1 ? "" : "s")" }
}
