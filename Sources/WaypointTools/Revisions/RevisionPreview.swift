import Foundation
import Waypoint

/// What publishing a candidate revision of a document would do to users, before it goes live: per flow,
/// the number of paths on each revision and where the users who are mid-flow would land; and the
/// candidate's lint findings.
///
/// A user is mid-flow when their latest `Flow Started` of the flow has no later `Flow Completed` or
/// `Flow Abandoned`. Their saved progress (``FlowState/path``) is rebuilt from the events of that run,
/// as the navigator built it: a `Step Viewed` at `stepIndex` i cuts the path to its first i visits and
/// appends the step (so the view after `back` or after a custom step shows a visit again); the view
/// after a `$push` departure is that custom step; a `Step Completed` records how its visit was left
/// (`outcome`), and with `back` removes it; `Step Skipped` is not part of the path. That path is
/// restored against the published revision (what the app holds now), then replayed with the core's
/// restore rules (``FlowState/restoring(_:in:context:)``) against the candidate:
/// - resumed: the whole path is still valid; they stay on their step;
/// - truncated: the longest valid prefix is kept; they land on its last step, the rest is dropped;
/// - discarded: nothing is kept (or the candidate lacks the flow): they start over;
/// - fresh: they had no step to keep on the published revision either.
///
/// The restore rules accept a move whatever the conditions evaluate to, so no user attributes are needed.
/// Each user's flow entry, where entries vary by experiment, is the one for the `experiment` and
/// `variation` their run's events carry, in each revision (built with
/// ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)`` forcing that variation);
/// a user whose variation has no entry in a revision is resolved afresh: they get the entry of the
/// experiment's first variation, what a user outside the experiment gets (counted in
/// ``InFlightUsers/reassigned`` when that happens in the candidate).
///
/// A user's events are ordered by `timestamp`; at the same time a `Flow Started` comes first, then
/// events by `stepIndex` (without one last), then in input order.
///
/// ```swift
/// let preview = RevisionPreview.compute(published: live, candidate: draft, events: events)
/// if preview.wouldDiscardUsers { print(String(decoding: preview.jsonData(), as: UTF8.self)) }
/// ```
///
/// A server that reads each flow's events ordered by user computes each flow with
/// ``FlowPreview/compute(flowID:published:candidate:userOrderedJSONLines:)`` and assembles them:
///
/// ```swift
/// let flows = try RevisionPreview.flowIDs(published: live, candidate: draft).map { id in
///     try FlowPreview.compute(flowID: id, published: live, candidate: draft, userOrderedJSONLines: store.lines(flow: id))
/// }
/// let preview = RevisionPreview(flows: flows, diagnostics: draftValidation.lint())
/// ```
///
/// JSON (``jsonData()``, keys sorted):
/// `{"diagnostics":[…],"flows":[{"id":"signup","inFlight":{"discarded":1,"fresh":0,"reassigned":0,
/// "resumed":[{"step":"login","users":1}],"truncated":[{"droppedVisits":2,"step":"splash","users":1}],"users":3},
/// "pathCount":{"candidate":"3","published":"4"}}],"invalidLines":0,"wouldDiscardUsers":true}`.
public struct RevisionPreview: Sendable, Hashable, Encodable {
    /// Every flow of either revision: the candidate's in document order, then those only the published one has.
    public var flows: [FlowPreview]
    /// The candidate's lint findings (``Waypoint/DocumentValidation/lint()``: the codes of `waypoint lint`),
    /// in the JSON shape of `waypoint lint --format json`.
    public var diagnostics: [Diagnostic]

    /// Creates a preview from its flows and the candidate's diagnostics.
    public init(flows: [FlowPreview], diagnostics: [Diagnostic] = []) {
        self.flows = flows
        self.diagnostics = diagnostics
    }

    /// Lines of the input that were not valid events, over every flow.
    public var invalidLines: Int { flows.reduce(0) { $0 + $1.invalidLines } }

    /// Whether publishing would make any user mid-flow start over having lost progress (a user
    /// discarded, or truncated to nothing), in any flow.
    public var wouldDiscardUsers: Bool { flows.contains { $0.wouldDiscardUsers } }

    /// The flows a preview covers: the candidate's ids in document order, then the published revision's
    /// ids that the candidate lacks, in its order.
    public static func flowIDs(published: WaypointDocument?, candidate: WaypointDocument) -> [String] {
        var ids: [String] = []
        var seen: Set<String> = []
        for entry in candidate.flows + (published?.flows ?? []) where seen.insert(entry.id).inserted {
            ids.append(entry.id)
        }
        return ids
    }

    /// Previews the candidate over events in any order (a test's list, a file read whole).
    ///
    /// - Parameters:
    ///   - published: the revision users have now; `nil` when nothing is published.
    ///   - candidate: the revision to preview.
    ///   - events: the app's events; events of flows neither revision has, and non-flow events, are ignored.
    ///   - candidateSource: the candidate's parsed text (`DocumentValidation.source`), to give the
    ///     diagnostics lines and columns; without it they are 0.
    package static func compute(
        published: WaypointDocument?, candidate: WaypointDocument, events: some Sequence<OnboardingEvent>,
        candidateSource: DocumentSource? = nil
    ) -> RevisionPreview {
        let ids = flowIDs(published: published, candidate: candidate)
        // Flows and users told apart by the bytes of their ids (``ExactID``), as over a store's lines.
        var byFlow: [ExactID: [ExactID: [PreviewEvent]]] = [:]
        for id in ids { byFlow[ExactID(id)] = [:] }
        for (sequence, event) in events.enumerated() {
            guard let flowID = event.flowID.map({ ExactID($0) }), byFlow[flowID] != nil, let reduced = PreviewEvent(event, sequence: sequence) else { continue }
            byFlow[flowID, default: [:]][ExactID(event.userID), default: []].append(reduced)
        }
        let flows = ids.map { id in
            var builder = FlowPreviewBuilder(flowID: id, published: published, candidate: candidate)
            let users = byFlow[ExactID(id)] ?? [:]
            for user in users.keys.sorted() {
                var userEvents = users[user] ?? []
                builder.add(&userEvents)
            }
            return builder.finish(published: published, candidate: candidate)
        }
        return RevisionPreview(flows: flows, diagnostics: candidate.lint(source: candidateSource))
    }

    private enum CodingKeys: String, CodingKey { case flows, diagnostics, invalidLines, wouldDiscardUsers }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flows, forKey: .flows)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(wouldDiscardUsers, forKey: .wouldDiscardUsers)
    }

    /// The preview as JSON, keys sorted, on one line (as the funnel's JSON): what a server sends.
    public func jsonData() -> Data {
        ReportJSON.data(self)
    }
}
