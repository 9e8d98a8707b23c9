import Waypoint

extension LegoBricksExample {
    /// The two end subflows of the A/B test.
    public enum EndVariation: String, Sendable, CaseIterable {
        /// E, then F, then G.
        case control
        /// E, then G: the profile photo (F) is left out.
        case short
    }

    /// The whole onboarding, written the way the flow chart reads.
    ///
    /// Every branch is an ordinary value, so a branch can be reused (`inviteTeammates` ends both
    /// the fallback and the coach subflow), and `end` is passed in so it can be swapped in one line.
    public static func onboarding(_ b: Bricks, end: Subflow<Void, Void>) -> Subflow<Void, Void> {
        let playerFlow = b.findTeam |> .fork { search in
            switch search {
            case .found(let team): b.joinTeam.with(team)
            case .notFound(let query): b.teamNotFound.with(query) |> b.createTeam |> b.inviteTeammates
            }
        }
        let coachFlow = b.coachProfile |> b.createSquad |> b.inviteTeammates
        let otherFlow = b.interests

        let onboarding = b.pickRole |> .fork { role in
            switch role {
            case .player: playerFlow
            case .coach: coachFlow
            case .other: otherFlow
            }
        } |> end

        return onboarding.named("Onboarding")
    }

    /// The shared end subflow for an A/B variation: choosing one is one line.
    public static func endFlow(_ variation: EndVariation, _ b: Bricks) -> Subflow<Void, Void> {
        switch variation {
        case .control: b.showE |> b.showF |> b.showG
        case .short: b.showE |> b.showG
        }
    }
}
