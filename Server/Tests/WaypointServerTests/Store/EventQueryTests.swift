import Testing
@testable import WaypointServer

/// The one description of an event read, rendered for each store.
@Suite("Event queries")
struct EventQueryTests {
    @Test func everyValueIsBoundInOrderAndNoneIsWrittenIntoTheText() {
        let cursor = UserOrderCursor(userID: "u'1", timestamp: 42, sequence: 7)
        let query = EventQuery.byUser(appID: "fit'ness", flowID: "sign'up", after: cursor, limit: 50)
        let sqlite = query.statement(in: .sqlite)
        #expect(sqlite.text == """
            SELECT user_id, timestamp_ms, seq, line FROM events WHERE app_id = ? AND flow_id = ? \
            AND (user_id, timestamp_ms, seq) > (?, ?, ?) ORDER BY user_id, timestamp_ms, seq LIMIT ?
            """)
        #expect(sqlite.values == [.text("fit'ness"), .text("sign'up"), .text("u'1"), .integer(42), .integer(7), .integer(50)])
        let postgres = query.statement(in: .postgres)
        #expect(postgres.text == """
            SELECT user_id, timestamp_ms, seq, line FROM events WHERE app_id = $1 AND flow_id = $2 \
            AND (user_id, timestamp_ms, seq) > ($3, $4, $5) ORDER BY user_id, timestamp_ms, seq LIMIT $6
            """)
        #expect(postgres.values == sqlite.values)
    }

    @Test func filtersThatAreNotGivenLeaveNoCondition() {
        let walkthrough = EventQuery.byUser(appID: "fitness", flowID: nil, after: nil, limit: 10).statement(in: .postgres)
        #expect(walkthrough.text == """
            SELECT user_id, timestamp_ms, seq, line FROM events WHERE app_id = $1 AND flow_id IS NULL \
            ORDER BY user_id, timestamp_ms, seq LIMIT $2
            """)
        #expect(walkthrough.values == [.text("fitness"), .integer(10)])

        let export = EventQuery.stored(appID: "fitness", after: nil, limit: 500).statement(in: .sqlite)
        #expect(export.text == "SELECT seq, line FROM events WHERE app_id = ? ORDER BY seq LIMIT ?")
        #expect(export.values == [.text("fitness"), .integer(500)])
        let next = EventQuery.stored(appID: "fitness", after: 99, limit: 500).statement(in: .postgres)
        #expect(next.text == "SELECT seq, line FROM events WHERE app_id = $1 AND seq > $2 ORDER BY seq LIMIT $3")
        #expect(next.values == [.text("fitness"), .integer(99), .integer(500)])
    }

    @Test func aTimeRangeIsBoundSinceIncludedUntilExcluded() {
        let both = EventQuery.stored(appID: "fitness", timestamps: EventTimeRange(since: 10, until: 20), after: 5, limit: 100)
        let postgres = both.statement(in: .postgres)
        #expect(postgres.text == """
            SELECT seq, line FROM events WHERE app_id = $1 AND timestamp_ms >= $2 AND timestamp_ms < $3 AND seq > $4 ORDER BY seq LIMIT $5
            """)
        #expect(postgres.values == [.text("fitness"), .integer(10), .integer(20), .integer(5), .integer(100)])
        let until = EventQuery.stored(appID: "fitness", timestamps: EventTimeRange(since: nil, until: 20), after: nil, limit: 100)
        #expect(until.statement(in: .sqlite).text == "SELECT seq, line FROM events WHERE app_id = ? AND timestamp_ms < ? ORDER BY seq LIMIT ?")
    }
}
