/// How many events a transaction adds to (or, negative, takes from) each app's environments.
///
/// Applied last in the transaction, in key order, so that PostgreSQL transactions that meet on a
/// count lock its row after every other row they lock, in one order.
struct EventCountChanges: Sendable {
    private var counts: [EventCountKey: Int] = [:]

    /// Counts `number` events more (or fewer, when negative) for an environment of an app.
    mutating func add(_ number: Int, appID: String, environment: String) {
        counts[EventCountKey(appID: appID, environment: environment), default: 0] += number
    }

    /// The non-zero changes, by app then environment.
    var changes: [(appID: String, environment: String, number: Int)] {
        counts.filter { $0.value != 0 }.keys.sorted { ($0.appID, $0.environment) < ($1.appID, $1.environment) }.map { key in
            (key.appID, key.environment, counts[key] ?? 0)
        }
    }
}

private struct EventCountKey: Hashable, Sendable {
    var appID: String
    var environment: String
}
