import ArgumentParser
import WaypointTools

/// The report scope flags every report command takes (`--revision N --since DATE --until DATE`),
/// read into a ``ReportScope`` (docs/ARCHITECTURE.md, "Reports": scope).
struct ReportScopeOptions: ParsableArguments {
    @Option(help: "Count only the users whose first start carries this document revision (a whole number), with all their events; `all` (the default) counts every revision's.")
    var revision: String?

    @Option(help: ArgumentHelp("Count only users whose first start is at or after this date or time (ISO 8601; a date is midnight UTC).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Count only users whose first start is before this date or time (ISO 8601; a date is midnight UTC).", valueName: "date"))
    var until: String?

    /// The scope these flags give, with `experiment` as the experiment that splits users (funnel's
    /// `--by variation`); a flag that cannot be read is a usage error naming it.
    func scope(experiment: String? = nil) throws -> ReportScope {
        do {
            return try ReportScope.parse(revision: revision, since: since, until: until, experiment: experiment)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
