extension EventAttribution {
    /// This attribution, with `assignment`'s experiment and variation when it names neither itself,
    /// and with `revision` and `locale` when it has none; the user, the app's version and the
    /// platform are kept as they are.
    ///
    /// An attribution the app gave an experiment, a variation, a revision or a locale keeps them:
    /// what the app says wins over what the definition carries.
    package func filling(_ assignment: ExperimentAssignment?, revision: Int? = nil, locale: String? = nil) -> EventAttribution {
        var filled = self
        if filled.revision == nil { filled.revision = revision }
        if filled.locale == nil { filled.locale = locale }
        guard let assignment, experiment == nil, variation == nil else { return filled }
        filled.experiment = assignment.experiment
        filled.variation = assignment.variation
        return filled
    }

    /// The experiment and variation this attribution names, when it names both.
    package var assignment: ExperimentAssignment? {
        guard let experiment, let variation else { return nil }
        return ExperimentAssignment(experiment: experiment, variation: variation)
    }
}
