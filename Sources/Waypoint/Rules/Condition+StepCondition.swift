extension Condition {
    /// The condition as a ``StepCondition`` over attributes, so that flows can show a step only to some users.
    ///
    /// The step condition's label is the condition's JSON text.
    package func stepCondition(savedGroups: SavedGroups = [:]) -> StepCondition<Attributes> {
        StepCondition(self, savedGroups: savedGroups)
    }
}

extension StepCondition where Context == Attributes {
    /// A step condition that holds when the attributes satisfy a GrowthBook condition.
    package init(_ condition: Condition, savedGroups: SavedGroups = [:]) {
        self.init(condition.json.jsonText) { attributes in
            condition.evaluate(attributes, savedGroups: savedGroups)
        }
    }
}
