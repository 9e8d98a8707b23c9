import Waypoint

extension LegoBricksExample {
    /// A stand-in for the app's UI: it "shows" each screen by narrating it and plays the user's
    /// part from a ``Script``.
    ///
    /// Like a real screen, it finishes each step through the screen's `StepContinuation`. To leave
    /// a screen unfinished it simply drops the screen (and the continuation with it), which resumes
    /// the waiting step with cancellation: nothing is left waiting.
    @MainActor
    public final class ScriptedPresenter: ScreenPresenter {
        /// The names of the screens shown, in order.
        public private(set) var shown: [String] = []

        private let script: Script
        private let narration: AsyncStream<String>.Continuation?

        /// Creates a presenter that plays `script`, narrating to `narration`.
        public init(script: Script, narration: AsyncStream<String>.Continuation? = nil) {
            self.script = script
            self.narration = narration
        }

        /// Shows `screen` and does what the script says.
        public func present(_ screen: Screen) {
            shown.append(screen.name)
            if screen.name == script.leavesAt {
                say(screen.name, "the user closes the screen without finishing it")
                return
            }
            switch screen {
            case .rolePicker(let done):
                say("Role", "picks \(script.role.rawValue)")
                done.finish(with: script.role)
            case .findTeam(let search, let done):
                Task { await self.search(search, done: done) }
            case .joinTeam(let team, let done):
                say("JoinTeam", "joins the \(team.name)")
                done.finish()
            case .teamNotFound(let query, let done):
                say("TeamNotFound", "no team called “\(query)”; taps Create it")
                done.finish(with: query)
            case .createTeam(let name, let done):
                say("CreateTeam", "creates “\(name)”")
                done.finish(with: Team(name: name))
            case .inviteTeammates(let team, let done):
                say("InviteTeammates", "invites teammates to \(team.name)")
                done.finish()
            case .coachProfile(let done):
                say("CoachProfile", "fills in a coaching profile")
                done.finish()
            case .createSquad(let done):
                say("CreateSquad", "creates the squad “Under-12s”")
                done.finish(with: Team(name: "Under-12s"))
            case .interests(let done):
                say("Interests", "follows football and netball")
                done.finish()
            case .end(let screen, let done):
                say(screen.rawValue, "“\(screen.title)”, taps Continue")
                done.finish()
            }
        }

        /// The FindTeam screen: the user taps Search (the action) until the directory answers.
        private func search(_ search: Action<String, TeamSearch>, done: StepContinuation<TeamSearch>) async {
            for _ in 0...script.networkFailures {
                say("FindTeam", "searches for “\(script.teamName)”")
                switch await search.execute(script.teamName) {
                case .completed(let result):
                    switch result {
                    case .found(let team): say("FindTeam", "found the \(team.name)")
                    case .notFound: say("FindTeam", "no match")
                    }
                    done.finish(with: result)
                    return
                case .failed(let error):
                    say("FindTeam", "sees “\(error)” and tries again")
                case .cancelled, .discarded:
                    return
                }
            }
            done.cancel()
        }

        private func say(_ screen: String, _ text: String) {
            narration?.yield("\(screen): \(text)")
        }
    }
}
