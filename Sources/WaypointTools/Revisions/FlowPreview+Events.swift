import Foundation
import Waypoint

extension FlowPreview {
    /// Previews one flow over its events as JSON Lines grouped by user (all of a user's events one after
    /// another, in any order within the user: a store reading them ordered by user, then time), keeping
    /// only one user's events in memory.
    ///
    /// Lines are read with the funnel's scanner: lines that are not valid events are skipped and counted
    /// in ``invalidLines``, blank lines are ignored, and events of other flows and other event names are
    /// ignored. The result equals the flow's entry of ``RevisionPreview/compute(published:candidate:events:candidateSource:)``
    /// over the same events.
    ///
    /// - Parameters:
    ///   - published: the revision users have now; `nil` when nothing is published.
    ///   - candidate: the revision to preview.
    /// - Throws: ``RevisionPreviewError`` when a user's events come back after another user's.
    public static func compute(
        flowID: String, published: WaypointDocument?, candidate: WaypointDocument,
        userOrderedJSONLines lines: some Sequence<String>
    ) throws(RevisionPreviewError) -> FlowPreview {
        var builder = FlowPreviewBuilder(flowID: flowID, published: published, candidate: candidate)
        let flowBytes = Array(flowID.utf8)
        var currentUser: [UInt8]?
        var finishedUsers: Set<[UInt8]> = []
        var events: [PreviewEvent] = []
        var sequence = 0
        for var line in lines {
            sequence += 1
            var event: PreviewEvent?
            var user: [UInt8] = []
            line.withUTF8 { buffer in
                guard let p = buffer.baseAddress else { return }  // an empty line: not an event
                guard let fields = EventLineScanner.scan(p, count: buffer.count) else {
                    if !EventLineScanner.isBlank(p, count: buffer.count) { builder.invalidLines += 1 }
                    return
                }
                guard let kind = fields.flowEventKind(in: p), fields.flowID.isPresent,
                      EventLineScanner.decode(fields.flowID, in: p) == flowBytes
                else { return }
                user = EventLineScanner.decode(fields.userID, in: p)
                event = PreviewEvent(kind: kind, fields: fields, in: p, sequence: sequence)
            }
            guard let event else { continue }
            if user != currentUser {
                if let previous = currentUser {
                    builder.add(&events)
                    events.removeAll(keepingCapacity: true)
                    finishedUsers.insert(previous)
                }
                guard !finishedUsers.contains(user) else {
                    throw .notGroupedByUser(String(decoding: user, as: UTF8.self), flowID: flowID)
                }
                currentUser = user
            }
            events.append(event)
        }
        if currentUser != nil { builder.add(&events) }
        return builder.finish(published: published, candidate: candidate)
    }
}
