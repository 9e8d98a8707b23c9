/// Statements both stores run as they are, in their own ``SQLDialect``.
extension StoreSchema {
    /// Each environment of an app (bound second), by name: its published revision, the largest
    /// `received_at_ms` of its events, and how many were received at or after the time bound first.
    ///
    /// Both figures come from `events_by_environment`: the largest is the last entry of the
    /// environment's range, the count a range scan of the index alone.
    static let environmentSummariesSQL = """
        SELECT e.name, e.published_revision,
            (SELECT MAX(v.received_at_ms) FROM events v WHERE v.app_id = e.app_id AND v.environment = e.name),
            (SELECT COUNT(*) FROM events v WHERE v.app_id = e.app_id AND v.environment = e.name AND v.received_at_ms >= ?)
        FROM environments e WHERE e.app_id = ? ORDER BY e.name
        """

    /// Moves the keys of a database made before `sdk_keys` existed (one per environment, in
    /// `environments.key_hash`) into it: each its environment's current key, made when its app was,
    /// and named by its hash (``SDKKey/prefix(ofHash:)``), since its secret is not known.
    static var movingKeysStatement: String {
        """
        INSERT INTO sdk_keys (key_hash, prefix, app_id, environment, created_at)
        SELECT e.key_hash, '\(SDKKey.hashPrefix)' || substr(e.key_hash, 1, \(SDKKey.prefixCharacters)), e.app_id, e.name, a.created_at
        FROM environments e JOIN apps a ON a.id = e.app_id
        """
    }
}
