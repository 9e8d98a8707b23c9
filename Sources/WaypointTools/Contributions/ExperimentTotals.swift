/// The summed figures of users' contributions to an experiment report (docs/ARCHITECTURE.md,
/// "Reports at scale").
///
/// The goal is chosen when the report is read, so the totals keep what every goal needs, each
/// counted after the user's exposure: the run's end (`$complete`), the views of each step
/// (`STEP`, and the report's per-step comparison), and each step's completions per outcome
/// (`STEP:OUTCOME`; per trigger, for a walkthrough). The users' variation is their row's group.
public struct ExperimentTotals: Sendable, Hashable {
    /// How many users' contributions are summed (users exposed).
    public var users = 0
    /// Users with a `Flow Completed` (`Walkthrough Completed`) at or after their exposure.
    public var completed = 0
    /// Per step id, users with a `Step Viewed` (`Hint Shown`) of it at or after their exposure
    /// (ids told apart by bytes, as the report over a file tells them).
    public var viewed: [ExactID: Int] = [:]
    /// Per step id and outcome (trigger), users with a `Step Completed` (`Hint Completed`) of it
    /// with that outcome at or after their exposure.
    public var outcomes: [ExactID: [ExactID: Int]] = [:]

    /// No user.
    public init() {}

    /// Whether nothing is summed: no user, every figure 0.
    public var isEmpty: Bool { users == 0 && completed == 0 && viewed.isEmpty && outcomes.isEmpty }

    /// The users who reached `goal` after their exposure.
    public func conversions(of goal: ExperimentGoal) -> Int {
        switch goal {
        case .complete: completed
        case .step(let step): viewed[ExactID(step)] ?? 0
        case .outcome(let step, let outcome): outcomes[ExactID(step)]?[ExactID(outcome)] ?? 0
        }
    }

    /// Adds `other`'s figures (`sign` 1) or takes them away (`sign` −1).
    public mutating func add(_ other: ExperimentTotals, sign: Int = 1) {
        users += sign * other.users
        completed += sign * other.completed
        viewed.add(other.viewed, sign: sign)
        for (step, users) in other.outcomes {
            var sum = outcomes[step] ?? [:]
            sum.add(users, sign: sign)
            outcomes[step] = sum.isEmpty ? nil : sum
        }
    }

    func write(to writer: inout ContributionWriter) {
        writer.int(users)
        writer.int(completed)
        writer.count(viewed.count)
        for (step, users) in viewed.sorted(by: { $0.key < $1.key }) {
            writer.text(step.text)
            writer.int(users)
        }
        writer.count(outcomes.count)
        for (step, users) in outcomes.sorted(by: { $0.key < $1.key }) {
            writer.text(step.text)
            writer.count(users.count)
            for (outcome, count) in users.sorted(by: { $0.key < $1.key }) {
                writer.text(outcome.text)
                writer.int(count)
            }
        }
    }

    init(from reader: inout ContributionReader) throws(ContributionError) {
        users = try reader.int()
        completed = try reader.int()
        for _ in 0..<(try reader.count()) {
            let step = ExactID(try reader.text())
            viewed[step] = try reader.int()
        }
        for _ in 0..<(try reader.count()) {
            let step = ExactID(try reader.text())
            var users: [ExactID: Int] = [:]
            for _ in 0..<(try reader.count()) {
                let outcome = ExactID(try reader.text())
                users[outcome] = try reader.int()
            }
            outcomes[step] = users
        }
    }
}
