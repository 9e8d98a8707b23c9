import Foundation
import Waypoint

/// The publishes of an environment an experiment has run in since it was last started: from the
/// newest publish back to the first whose revision does not declare it (a key used again later
/// starts a new run). Each revision's document is read once.
struct ExperimentRuns {
    let revisions: any RevisionRepository
    let appID: AppID
    /// The environment's publishes, newest first.
    let publications: [PublicationRecord]
    private var keys: [Int: Set<String>] = [:]

    /// The runs of `environment`'s experiments, from its recorded publishes.
    init(revisions: any RevisionRepository, appID: AppID, environment: EnvironmentName) async throws {
        self.revisions = revisions
        self.appID = appID
        publications = try await revisions.publications(appID: appID, environment: environment)
    }

    /// The publishes of the run of experiment `key` that reaches the newest publish, newest first;
    /// empty when the newest publish's revision does not declare it.
    mutating func run(of key: String) async throws -> [PublicationRecord] {
        var run: [PublicationRecord] = []
        for publication in publications {
            guard try await experimentKeys(of: publication.revision).contains(key) else { break }
            run.append(publication)
        }
        return run
    }

    /// The revisions of `run` (newest first) in the order they were first published.
    static func revisions(of run: [PublicationRecord]) -> [Int] {
        var numbers: [Int] = []
        for publication in run.reversed() where !numbers.contains(publication.revision) { numbers.append(publication.revision) }
        return numbers
    }

    /// The keys of the experiments revision `number` declares (none when it no longer validates).
    private mutating func experimentKeys(of number: Int) async throws -> Set<String> {
        if let known = keys[number] { return known }
        var found: Set<String> = []
        if let record = try await revisions.revision(appID: appID, number: number),
           let document = try? WaypointDocument(validating: Data(record.body)) {
            found = Set(document.experiments.map(\.key))
        }
        keys[number] = found
        return found
    }
}
