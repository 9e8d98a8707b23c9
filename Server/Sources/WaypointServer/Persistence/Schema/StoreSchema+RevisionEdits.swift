/// The columns of a revision made by edits (docs/ARCHITECTURE.md, "Editing documents"), and the
/// migration step that adds them to a database of an earlier release.
///
/// `revisions.base_revision` is the revision the edits were applied to and `revisions.edits` the
/// edits' JSON as they were sent (`{"edits": [EDIT, …]}`); both are null for an uploaded revision.
extension StoreSchema {
    /// The name of the migration step that adds `base_revision` and `edits` to `revisions`.
    static let revisionEditsStepName = "revision-edits"

    /// The statements of the step, in `dialect`: each column added where it is missing (a new
    /// database has them from ``current``).
    static func revisionEditsStep(in dialect: SQLDialect) -> [StoreMigrations.Statement] {
        let revisions = current.table("revisions")
        return ["base_revision", "edits"].map { name in
            guard let column = revisions.columns.first(where: { $0.name == name }) else {
                preconditionFailure("StoreSchema.current's revisions have no \(name)")
            }
            return StoreMigrations.Statement(
                "ALTER TABLE revisions ADD COLUMN \(name) \(dialect.typeName(column.type))",
                onlyIf: dialect.columnMissing(table: "revisions", column: name))
        }
    }
}
