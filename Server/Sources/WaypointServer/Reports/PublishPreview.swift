import Waypoint
import WaypointTools

/// The preview of publishing one revision to one environment.
///
/// The API answers it as JSON and the revision page shows it; the rules that read it (confirmation,
/// the revision to compare with, rolling back) are stated here, once.
struct PublishPreview: Sendable, Encodable {
    let revision: Int
    let environment: EnvironmentName
    let publishedRevision: Int?
    /// The revision's findings of validation and lint (warnings: it could not be stored with errors).
    let diagnostics: [Diagnostic]
    /// Per flow of either revision: paths now and after, and where users in flight would land.
    let flows: [FlowPreview]

    /// Users in flight whose progress would be thrown away (they would start the flow again).
    var discardedUsers: Int { flows.reduce(0) { $0 + $1.inFlight.discarded } }
    /// Users in flight who would be moved back to an earlier step.
    var movedBackUsers: Int { flows.reduce(0) { $0 + $1.inFlight.truncated.reduce(0) { $0 + $1.users } } }
    /// Whether users in flight would lose their progress (as the core's `RevisionPreview` says it).
    var wouldDiscardUsers: Bool { discardedUsers > 0 }
    /// Whether publishing needs its publisher's confirmation.
    ///
    /// It does when it would cost users in flight their place (discarded or moved back);
    /// ``AppAdministration/publish(appID:environment:revision:confirmed:by:)`` refuses it unconfirmed.
    var needsConfirmation: Bool { discardedUsers > 0 || movedBackUsers > 0 }

    /// Whether the revision is the one the environment serves already.
    var isPublished: Bool { publishedRevision == revision }

    /// Whether publishing goes back to an older revision than the one the environment serves.
    var isRollback: Bool { publishedRevision.map { revision < $0 } ?? false }

    /// What publishing does, in words: "Roll back production to revision 2" or "Publish revision 3 to production".
    var action: String {
        isRollback ? "Roll back \(environment) to revision \(revision)" : "Publish revision \(revision) to \(environment)"
    }

    /// The revision to show the changes against.
    ///
    /// `asked` when given, else the one the environment serves (unless it is this one), else the
    /// previous one (none for the first revision).
    func comparedRevision(asked: Int?) -> Int? {
        asked ?? publishedRevision.flatMap { $0 == revision ? nil : $0 } ?? (revision > 1 ? revision - 1 : nil)
    }

    /// Who would lose their place, such as "2 users in flight would be moved back."
    var discardSummary: String {
        var parts: [String] = []
        if movedBackUsers > 0 { parts.append("\(movedBackUsers) user\(movedBackUsers == 1 ? "" : "s") in flight would be moved back") }
        if discardedUsers > 0 { parts.append("\(discardedUsers) would lose their progress and start again") }
        return parts.joined(separator: ", ") + "."
    }

    /// ``discardSummary`` as a warning that names the revision and the environment.
    var discardWarning: String {
        "Publishing revision \(revision) to \(environment) changes steps users are on: " + discardSummary
    }

    private enum CodingKeys: String, CodingKey {
        case revision, environment, publishedRevision, diagnostics, flows, wouldDiscardUsers, needsConfirmation, discardedUsers
        case movedBackUsers
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(environment, forKey: .environment)
        try container.encode(publishedRevision, forKey: .publishedRevision)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(flows, forKey: .flows)
        try container.encode(wouldDiscardUsers, forKey: .wouldDiscardUsers)
        try container.encode(needsConfirmation, forKey: .needsConfirmation)
        try container.encode(discardedUsers, forKey: .discardedUsers)
        try container.encode(movedBackUsers, forKey: .movedBackUsers)
    }

    /// The API's JSON (keys sorted, like every answer).
    func jsonData() throws -> [UInt8] { try JSONBody.encode(self) }
}
