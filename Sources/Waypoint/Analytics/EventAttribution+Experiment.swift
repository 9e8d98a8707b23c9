extension EventAttribution {
    /// This attribution, with `assignment`'s experiment and variation when it names neither itself;
    /// the user and the app's version are kept as they are.
    ///
    /// An attribution the app gave an experiment or a variation keeps them: what the app says wins
    /// over what the definition carries.
    package func filling(_ assignment: ExperimentAssignment?) -> EventAttribution {
        guard let assignment, experiment == nil, variation == nil else { return self }
        var filled = self
        filled.experiment = assignment.experiment
        filled.variation = assignment.variation
        return filled
    }
}
