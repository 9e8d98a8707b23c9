import Waypoint

extension LegoBricksExample {
    /// What the simulated user does on each screen.
    public struct Script: Sendable, Equatable {
        /// The role picked on the Role screen.
        public var role: Role
        /// The team a player searches for (the directory holds "Hornets" and "Falcons").
        public var teamName: String
        /// How many searches fail with a network error before the directory answers; the user
        /// taps Search again after each.
        public var networkFailures: Int
        /// A screen the user closes without finishing, if any.
        public var leavesAt: String?

        /// Creates a script.
        public init(role: Role, teamName: String = "", networkFailures: Int = 0, leavesAt: String? = nil) {
            self.role = role
            self.teamName = teamName
            self.networkFailures = networkFailures
            self.leavesAt = leavesAt
        }

        /// A player whose team, the Hornets, is in the directory.
        public static let playerWithTeam = Script(role: .player, teamName: "Hornets")
        /// A player whose team is not in the directory, after one failed search: the fallback path.
        public static let playerWithNewTeam = Script(role: .player, teamName: "Riverside Rovers", networkFailures: 1)
        /// A coach.
        public static let coach = Script(role: .coach)
        /// A member who neither plays nor coaches.
        public static let other = Script(role: .other)
    }
}
