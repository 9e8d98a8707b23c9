import Waypoint

extension LegoBricksExample {
    /// The bricks of the onboarding: one named subflow per screen, each a reusable value.
    ///
    /// Each brick shows its screen on the presenter and continues with what the screen produces.
    /// The types say how bricks may be snapped together: `createTeam` needs the `String` that
    /// `teamNotFound` produces and yields the `Team` that `inviteTeammates` needs.
    public struct Bricks: Sendable {
        /// Role: which kind of member the user is.
        public let pickRole: Subflow<Void, Role>
        /// FindTeam: search the directory (a network call, through an `Action`).
        public let findTeam: Subflow<Void, TeamSearch>
        /// JoinTeam: join the team that was found.
        public let joinTeam: Subflow<Team, Void>
        /// TeamNotFound: the fallback's first screen; passes the name on.
        public let teamNotFound: Subflow<String, String>
        /// CreateTeam: create a team with the name.
        public let createTeam: Subflow<String, Team>
        /// InviteTeammates: used by the player fallback and by coaches.
        public let inviteTeammates: Subflow<Team, Void>
        /// CoachProfile.
        public let coachProfile: Subflow<Void, Void>
        /// CreateSquad: a coach's team.
        public let createSquad: Subflow<Void, Team>
        /// Interests: for members who neither play nor coach.
        public let interests: Subflow<Void, Void>
        /// E, F and G: the shared end screens.
        public let showE, showF, showG: Subflow<Void, Void>

        /// Makes the bricks, showing screens on `presenter` and searching `directory`.
        public init(presenter: some ScreenPresenter<Screen>, directory: TeamDirectory) {
            pickRole = .screen("Role", on: presenter) { _, done in .rolePicker(done) }
            findTeam = .step("FindTeam") {
                let search = Action<String, TeamSearch> { query in
                    if let team = try await directory.team(named: query) {
                        return .found(team)
                    }
                    return .notFound(query: query)
                }
                return try await presenter.show { .findTeam(search: search, done: $0) }
            }
            joinTeam = .screen("JoinTeam", on: presenter) { team, done in .joinTeam(team, done: done) }
            teamNotFound = .screen("TeamNotFound", on: presenter) { query, done in .teamNotFound(query: query, done: done) }
            createTeam = .screen("CreateTeam", on: presenter) { name, done in .createTeam(name: name, done: done) }
            inviteTeammates = .screen("InviteTeammates", on: presenter) { team, done in .inviteTeammates(team, done: done) }
            coachProfile = .screen("CoachProfile", on: presenter) { _, done in .coachProfile(done: done) }
            createSquad = .screen("CreateSquad", on: presenter) { _, done in .createSquad(done: done) }
            interests = .screen("Interests", on: presenter) { _, done in .interests(done: done) }
            showE = .screen("E", on: presenter) { _, done in .end(.e, done: done) }
            showF = .screen("F", on: presenter) { _, done in .end(.f, done: done) }
            showG = .screen("G", on: presenter) { _, done in .end(.g, done: done) }
        }
    }
}
