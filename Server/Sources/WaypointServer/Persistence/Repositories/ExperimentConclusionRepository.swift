import Foundation

/// The records of concluded experiments (``ExperimentConclusion``). They are written by
/// ``RevisionRepository/publish(appID:environment:revision:at:audit:conclusions:)`` in the publish's
/// transaction; this reads them. ``SQLExperimentConclusionRepository`` implements it once for both
/// databases, which pass the same contract tests.
public protocol ExperimentConclusionRepository: Sendable {
    /// An environment's records, newest first.
    func conclusions(appID: AppID, environment: EnvironmentName) async throws -> [ExperimentConclusion]

    /// The newest record of experiment `key` in an environment, if it has one.
    func conclusion(appID: AppID, environment: EnvironmentName, experiment key: String) async throws -> ExperimentConclusion?
}
