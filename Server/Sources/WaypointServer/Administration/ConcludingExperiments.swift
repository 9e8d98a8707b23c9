import Foundation
import Waypoint
import WaypointTools

/// What a publish concludes (Server/README.md, "Concluded experiments"): each experiment of the
/// revision the environment published before that the revision being published no longer has, with
/// the revisions it ran in, its decision and its report over its whole run, frozen.
///
/// Made just before the publish's transaction, which writes them when the environment still serves
/// the revision they were made from.
struct ConcludingExperiments: Sendable {
    let revisions: any RevisionRepository
    let ledger: any ReportLedgerRepository
    let events: any EventRepository

    /// The conclusions of publishing revision `number` (whose document is `next`) to `environment`,
    /// which serves `previous`, at `now`; none when it serves nothing or that revision already.
    func conclusions(
        appID: AppID, environment: EnvironmentName, publishing number: Int, document next: WaypointDocument, previous: RevisionRecord?, at now: Date
    ) async throws -> [ExperimentConclusion] {
        guard let previous, previous.revision != number, let before = try? WaypointDocument(validating: Data(previous.body)) else { return [] }
        let ended = before.experiments.filter { old in !next.experiments.contains { $0.key == old.key } }
        guard !ended.isEmpty else { return [] }
        var runs = try await ExperimentRuns(revisions: revisions, appID: appID, environment: environment)
        let summaries = try await revisions.revisions(appID: appID)
        var result: [ExperimentConclusion] = []
        for experiment in ended {
            let run = try await runs.run(of: experiment.key)
            let numbers = ExperimentRuns.revisions(of: run)
            let variation = Self.shippedVariation(of: experiment, publishing: number, previous: previous.revision, summaries: summaries)
            result.append(ExperimentConclusion(
                appID: appID, environment: environment, experiment: experiment.key,
                // A publish the store did not record (made before it recorded them): the revision served.
                revisions: numbers.isEmpty ? [previous.revision] : numbers,
                firstPublished: run.last?.publishedAt, lastPublished: run.first?.publishedAt,
                goal: ResolveReport.ExperimentPurpose(experiment).goal, hypothesis: ResolveReport.ExperimentPurpose(experiment).hypothesis,
                decision: variation == nil ? .stopped : .shipped, variation: variation,
                report: try await frozenReport(appID: appID, environment: environment, key: experiment.key, document: before),
                concludedAt: now))
        }
        return result
    }

    /// The variation shipped when revision `number` was made through `ship-variation` of
    /// `experiment`, following its bases back to revision `previous` (the one the environment
    /// served); nil otherwise: the experiment was stopped.
    static func shippedVariation(of experiment: ExperimentEntry, publishing number: Int, previous: Int, summaries: [RevisionSummary]) -> String? {
        let byNumber = Dictionary(summaries.map { ($0.revision, $0) }, uniquingKeysWith: { first, _ in first })
        var current = number
        // Only revisions made after the one served; bases are older revisions, so the walk ends.
        while current > previous, let summary = byNumber[current], let base = summary.base, base < current, let json = summary.edits {
            let edits = (try? DocumentEdits.decode(Data(json.utf8))) ?? []
            // The last edit that ships one of its variations decides.
            for edit in edits.reversed() where edit.operation == .shipVariation {
                if let variation = experiment.variations.first(where: { edit == .shipVariation($0, of: experiment.key) }) { return variation }
            }
            current = base
        }
        return nil
    }

    /// The experiment report `GET /v1/apps/{app}/experiments/{key}?environment=E` answers now (keys
    /// sorted, one line); nil when the report rules give none (``ReportError``: such as a goal the
    /// document cannot measure).
    ///
    /// - Throws: what the store throws. A record is never written without the figures it could have
    ///   had: while the report ledger is rebuilt, a publish that ends an experiment answers 503 like
    ///   the reports do, and succeeds once the rebuild is done.
    private func frozenReport(appID: AppID, environment: EnvironmentName, key: String, document: WaypointDocument) async throws -> String? {
        let query = ExperimentQuery(experiment: key, scope: ReportScope(environment: environment.rawValue))
        do {
            let report = try await StoredExperimentReport.report(
                ledger: ledger, events: events, appID: appID, environment: environment, query: query, document: document)
            return String(decoding: report.jsonData(), as: UTF8.self)
        } catch is ReportError {
            return nil
        }
    }
}
