@testable import WaypointServer

extension StoreMigrations {
    /// SQL that makes a PostgreSQL database forget that it ran the step named `name` and those
    /// after it, as a database of a release before them.
    static func forgettingPostgres(from name: String) -> String {
        let position = position(of: name) ?? steps.count
        let names = steps[position...].map { "'\($0.name)'" }.joined(separator: ", ")
        return "DELETE FROM \(postgresStepsTable) WHERE name IN (\(names))"
    }
}
