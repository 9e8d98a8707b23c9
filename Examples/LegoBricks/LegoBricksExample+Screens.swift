import Waypoint

extension LegoBricksExample {
    /// What the user does as a member of the club.
    public enum Role: String, Sendable, CaseIterable {
        /// Plays in a team: finds it, or creates it when it is not there.
        case player
        /// Coaches: fills in a profile and creates a squad.
        case coach
        /// Follows the sport: picks interests.
        case other
    }

    /// A team in the club directory.
    public struct Team: Sendable, Hashable {
        /// The team's name.
        public var name: String

        /// Creates a team called `name`.
        public init(name: String) {
            self.name = name
        }
    }

    /// The outcome of the team search: the step forks on it.
    public enum TeamSearch: Sendable, Hashable {
        /// The team exists; the player joins it.
        case found(Team)
        /// No team has that name; the player goes through the fallback subflow.
        case notFound(query: String)
    }

    /// The three screens of the shared end subflow.
    public enum EndScreen: String, Sendable, CaseIterable {
        /// Turn on match notifications.
        case e = "E"
        /// Add a profile photo.
        case f = "F"
        /// Follow your league.
        case g = "G"

        /// The screen's title.
        public var title: String {
            switch self {
            case .e: "Turn on match notifications"
            case .f: "Add a profile photo"
            case .g: "Follow your league"
            }
        }
    }

    /// Every screen of the onboarding. Each case carries the continuation the screen finishes,
    /// typed by what the screen produces, so a screen can only finish the step that asked for it.
    public enum Screen {
        /// Pick a role.
        case rolePicker(StepContinuation<Role>)
        /// Search the directory; `search` is the screen's "Search" button.
        case findTeam(search: Action<String, TeamSearch>, done: StepContinuation<TeamSearch>)
        /// Confirm joining a team that was found.
        case joinTeam(Team, done: StepContinuation<Void>)
        /// Tell the player the team was not found; they confirm the name to create it.
        case teamNotFound(query: String, done: StepContinuation<String>)
        /// Create a team with the given name.
        case createTeam(name: String, done: StepContinuation<Team>)
        /// Invite teammates to a team.
        case inviteTeammates(Team, done: StepContinuation<Void>)
        /// The coach's profile.
        case coachProfile(done: StepContinuation<Void>)
        /// Create the coach's squad.
        case createSquad(done: StepContinuation<Team>)
        /// Pick the sports to follow.
        case interests(done: StepContinuation<Void>)
        /// One screen of the shared end subflow.
        case end(EndScreen, done: StepContinuation<Void>)

        /// The screen's name, as the flow chart writes it.
        public var name: String {
            switch self {
            case .rolePicker: "Role"
            case .findTeam: "FindTeam"
            case .joinTeam: "JoinTeam"
            case .teamNotFound: "TeamNotFound"
            case .createTeam: "CreateTeam"
            case .inviteTeammates: "InviteTeammates"
            case .coachProfile: "CoachProfile"
            case .createSquad: "CreateSquad"
            case .interests: "Interests"
            case .end(let screen, _): screen.rawValue
            }
        }
    }
}
