import Waypoint

/// What publishing a candidate revision would change for one flow: its number of paths on each revision,
/// and where the users who are mid-flow would land (see ``RevisionPreview``).
///
/// ```json
/// {"id":"signup","pathCount":{"published":"5","candidate":"4"},
///  "inFlight":{"users":4,"resumed":[…],"truncated":[…],"discarded":1,"fresh":0,"reassigned":0}}
/// ```
public struct FlowPreview: Sendable, Hashable, Encodable {
    /// The number of paths through a flow in one revision, or why it cannot be counted.
    public enum PathTotal: Sendable, Hashable {
        /// The exact number of distinct paths (as `waypoint paths --count` gives it).
        case counted(PathCount)
        /// The paths cannot be counted: a cycle (named), a subflow circle, a target that names nothing;
        /// the message is ``FlowGraphError``'s.
        case uncountable(String)

        /// The flow's paths in `document`, conditional steps taken both ways and, for a flow that
        /// varies by experiment, the entry of its first variation (what `waypoint paths --count` counts
        /// without `--variation`); `nil` when there is no document or it lacks the flow.
        static func of(_ flowID: String, in document: WaypointDocument?) -> PathTotal? {
            guard let document, let graph = try? document.flowGraph(id: flowID) else { return nil }
            do throws(FlowGraphError) {
                return .counted(try graph.countPaths())
            } catch {
                return .uncountable(error.description)
            }
        }

        /// The count, when the paths could be counted.
        public var count: PathCount? {
            if case .counted(let count) = self { return count }
            return nil
        }
    }

    /// The number of paths in the published revision and in the candidate.
    ///
    /// In JSON: `{"published":"5","candidate":"4"}`, counts as decimal strings (they can exceed 2⁶⁴),
    /// `null` for a revision without the flow (or nothing published); a count that cannot be made is
    /// `null` with the reason in `publishedError` or `candidateError`.
    public struct PathCounts: Sendable, Hashable, Encodable {
        /// The published revision's; `nil` when nothing is published or it lacks the flow.
        public var published: PathTotal?
        /// The candidate's; `nil` when it lacks the flow.
        public var candidate: PathTotal?

        /// Creates the counts.
        public init(published: PathTotal?, candidate: PathTotal?) {
            self.published = published
            self.candidate = candidate
        }

        private enum CodingKeys: String, CodingKey { case published, candidate, publishedError, candidateError }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(published?.count?.description, forKey: .published)
            try container.encode(candidate?.count?.description, forKey: .candidate)
            if case .uncountable(let reason)? = published { try container.encode(reason, forKey: .publishedError) }
            if case .uncountable(let reason)? = candidate { try container.encode(reason, forKey: .candidateError) }
        }
    }

    /// The flow's id.
    public var id: String
    /// Its paths in each revision.
    public var pathCount: PathCounts
    /// Where its users mid-flow would land.
    public var inFlight: InFlightUsers
    /// Lines of the input that were not valid events (not part of this value's JSON: a
    /// ``RevisionPreview`` reports the total).
    public var invalidLines: Int

    /// Creates a flow's preview.
    public init(id: String, pathCount: PathCounts, inFlight: InFlightUsers, invalidLines: Int = 0) {
        self.id = id
        self.pathCount = pathCount
        self.inFlight = inFlight
        self.invalidLines = invalidLines
    }

    /// Whether publishing would make any user mid-flow start over having lost progress.
    public var wouldDiscardUsers: Bool { inFlight.wouldDiscardUsers }

    private enum CodingKeys: String, CodingKey { case id, pathCount, inFlight }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(pathCount, forKey: .pathCount)
        try container.encode(inFlight, forKey: .inFlight)
    }
}
