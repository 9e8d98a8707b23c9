import Foundation

/// The record of an experiment that ended: written when an environment publishes a revision without
/// an experiment the revision it replaced had, in the publish's transaction (Server/README.md,
/// "Concluded experiments").
///
/// It keeps what the experiment was for, how it ended and its report over its whole run, frozen, so
/// its answer outlives it. A key used again later starts a new record.
public struct ExperimentConclusion: Sendable, Hashable {
    /// How an experiment ended.
    public enum Decision: String, Sendable, Hashable, CaseIterable {
        /// A variation was made what everyone gets (`ship-variation`).
        case shipped
        /// The experiment was removed otherwise: everyone gets the control.
        case stopped
    }

    public var appID: AppID
    public var environment: EnvironmentName
    /// The experiment's key.
    public var experiment: String
    /// The revisions of the environment it ran in since it was last started, in the order they were published.
    public var revisions: [Int]
    /// When the first of ``revisions`` was published; nil when the store recorded no publish of it.
    public var firstPublished: Date?
    /// When the environment last published a revision with the experiment; nil as ``firstPublished``.
    public var lastPublished: Date?
    /// The goal it was measured by: its declared goal, else `$complete`.
    public var goal: String
    public var hypothesis: String?
    public var decision: Decision
    /// The variation shipped (nil when stopped).
    public var variation: String?
    /// The experiment report over its whole run as `GET /v1/apps/{app}/experiments/{key}?environment=E`
    /// answered it just before the publish (keys sorted, one line); nil when no report could be made.
    public var report: String?
    /// When the publish that ended it happened.
    public var concludedAt: Date

    public init(
        appID: AppID, environment: EnvironmentName, experiment: String, revisions: [Int], firstPublished: Date?, lastPublished: Date?,
        goal: String, hypothesis: String?, decision: Decision, variation: String?, report: String?, concludedAt: Date
    ) {
        self.appID = appID
        self.environment = environment
        self.experiment = experiment
        self.revisions = revisions
        self.firstPublished = firstPublished
        self.lastPublished = lastPublished
        self.goal = goal
        self.hypothesis = hypothesis
        self.decision = decision
        self.variation = variation
        self.report = report
        self.concludedAt = concludedAt
    }

    /// "shipped annual-first" or "stopped".
    public var decisionInWords: String {
        switch decision {
        case .shipped: variation.map { "shipped \($0)" } ?? "shipped"
        case .stopped: "stopped"
        }
    }
}

/// The records a publish writes in its transaction, made from the revision the environment published
/// before it (read in the transaction, under its lock); throwing rolls the publish back.
public typealias ConclusionsOf<Previous> = @Sendable (Previous) throws -> [ExperimentConclusion]
