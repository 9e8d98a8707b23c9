/// The summed figures of users' contributions to a walkthrough report (docs/ARCHITECTURE.md,
/// "Reports at scale").
///
/// Every figure of ``WalkthroughReport`` counts users — who started, completed, were shown,
/// completed, skipped or missed the target of a hint (per trigger too), or stopped at it — so the
/// figures of a set of users are the sums of theirs.
public struct WalkthroughTotals: Sendable, Hashable {
    /// One step's summed figures.
    public struct Step: Sendable, Hashable {
        /// Users with a `Hint Shown` of it.
        public var shown = 0
        /// Users with a `Hint Completed` of it.
        public var completed = 0
        /// Users with a `Hint Skipped` of it.
        public var skipped = 0
        /// Users with a `Target Not Found` of it.
        public var targetNotFound = 0
        /// Users without a `Walkthrough Completed` whose last `Hint Shown` is this step.
        public var dropped = 0
        /// Users per trigger of its `Hint Completed` events (triggers told apart by bytes).
        public var completedBy: [ExactID: Int] = [:]
        /// Users per trigger of its `Hint Skipped` events.
        public var skippedBy: [ExactID: Int] = [:]

        /// A step with no figure.
        public init() {}

        /// Whether every figure is 0 (no user reached the step).
        public var isEmpty: Bool {
            shown == 0 && completed == 0 && skipped == 0 && targetNotFound == 0 && dropped == 0 && completedBy.isEmpty
                && skippedBy.isEmpty
        }

        mutating func add(_ other: Step, sign: Int) {
            shown += sign * other.shown
            completed += sign * other.completed
            skipped += sign * other.skipped
            targetNotFound += sign * other.targetNotFound
            dropped += sign * other.dropped
            completedBy.add(other.completedBy, sign: sign)
            skippedBy.add(other.skippedBy, sign: sign)
        }
    }

    /// How many users' contributions are summed: the users counted, each with a
    /// `Walkthrough Started` (``started``), and the users left out for having none (``withoutStart``).
    public var users = 0
    /// Events of the walkthrough of the users summed, whether or not they count.
    public var events = 0
    /// Users with a `Walkthrough Started`: every user the report counts.
    public var started = 0
    /// Users with a `Walkthrough Completed`.
    public var completed = 0
    /// The steps reached, by step id (told apart by bytes, as the report over a file tells them).
    public var steps: [ExactID: Step] = [:]

    /// No user.
    public init() {}

    /// Users summed who have no `Walkthrough Started` of the walkthrough: the report counts them in
    /// no figure, only in its ``WalkthroughReport/withoutStart``; their rows hold ``users`` and
    /// ``events`` and no other figure.
    public var withoutStart: Int { users - started }

    /// Whether nothing is summed: no user, no event, every figure 0.
    public var isEmpty: Bool { users == 0 && events == 0 && started == 0 && completed == 0 && steps.isEmpty }

    /// Adds `other`'s figures (`sign` 1) or takes them away (`sign` −1).
    public mutating func add(_ other: WalkthroughTotals, sign: Int = 1) {
        users += sign * other.users
        events += sign * other.events
        started += sign * other.started
        completed += sign * other.completed
        for (id, step) in other.steps {
            var sum = steps[id] ?? Step()
            sum.add(step, sign: sign)
            steps[id] = sum.isEmpty ? nil : sum
        }
    }

    func write(to writer: inout ContributionWriter) {
        writer.int(users)
        writer.int(events)
        writer.int(started)
        writer.int(completed)
        writer.count(steps.count)
        for (id, step) in steps.sorted(by: { $0.key < $1.key }) {
            writer.text(id.text)
            writer.int(step.shown)
            writer.int(step.completed)
            writer.int(step.skipped)
            writer.int(step.targetNotFound)
            writer.int(step.dropped)
            for users in [step.completedBy, step.skippedBy] {
                writer.count(users.count)
                for (trigger, count) in users.sorted(by: { $0.key < $1.key }) {
                    writer.text(trigger.text)
                    writer.int(count)
                }
            }
        }
    }

    init(from reader: inout ContributionReader) throws(ContributionError) {
        users = try reader.int()
        events = try reader.int()
        started = try reader.int()
        completed = try reader.int()
        for _ in 0..<(try reader.count()) {
            let id = ExactID(try reader.text())
            var step = Step()
            step.shown = try reader.int()
            step.completed = try reader.int()
            step.skipped = try reader.int()
            step.targetNotFound = try reader.int()
            step.dropped = try reader.int()
            step.completedBy = try Self.readUsers(&reader)
            step.skippedBy = try Self.readUsers(&reader)
            steps[id] = step
        }
    }

    private static func readUsers(_ reader: inout ContributionReader) throws(ContributionError) -> [ExactID: Int] {
        var users: [ExactID: Int] = [:]
        for _ in 0..<(try reader.count()) {
            let name = ExactID(try reader.text())
            users[name] = try reader.int()
        }
        return users
    }
}
