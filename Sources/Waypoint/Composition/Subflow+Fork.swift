extension Subflow {
    /// A fork: the outcome of the previous step picks the subflow that continues the flow.
    ///
    /// The previous step returns an enum; `choose` switches over it and returns the branch to run.
    /// The switch is exhaustive, so adding a case to the enum is a compile error until every fork
    /// handles it, and an enum payload flows into its branch with ``Subflow/with(_:)``:
    ///
    /// ```swift
    /// let playerFlow = findTeam |> .fork { search in
    ///     switch search {
    ///     case .found(let team): joinTeam.with(team)
    ///     case .notFound(let query): teamNotFound.with(query) |> createTeam |> inviteTeammates
    ///     }
    /// }
    /// ```
    ///
    /// `choose` is called when the flow reaches the fork, each time it does, so it may read state
    /// known only then (an experiment assignment, a feature flag). Branches may end in different
    /// places but must produce the same `Output`, so a flow can continue after the fork
    /// (`|> endFlow`).
    public static func fork(
        _ choose: @escaping @Sendable (Input) -> Subflow<Void, Output>
    ) -> Subflow {
        Subflow { outcome in
            try await choose(outcome)()
        }
    }
}
