/// Where a user's run of a flow or walkthrough began, as a report's scope reads it
/// (docs/ARCHITECTURE.md, "Reports": scope): the place in event order of their first
/// `Flow Started` of the flow (`Walkthrough Started` of the walkthrough; for an experiment report,
/// their first exposure) and the `revision` that event carries.
///
/// "First" is in report order — `timestamp`, then `stepIndex`, then input order (``EventOrder``) —
/// over all of the user's events of the flow, whatever revision they carry: a run resumed after a
/// publish stays with the revision it started on.
struct FirstStart {
    /// The start's place in the user's events.
    var order: EventOrder
    /// The `revision` the start carries; `nil` for none (a bundled document).
    var revision: Int64?

    /// Keeps `other` when it comes first.
    @inline(__always)
    mutating func keepEarlier(_ other: FirstStart) {
        if other.order < order { self = other }
    }

    /// `start` when there was none yet, else the earlier of the two.
    @inline(__always)
    static func earlier(_ start: FirstStart?, _ other: FirstStart) -> FirstStart {
        guard var start else { return other }
        start.keepEarlier(other)
        return start
    }
}

extension ReportScope {
    /// Whether the scope picks users by their first start: it names a revision or a date range.
    /// Without either, a report holds every user (a flow or walkthrough report, every user who started).
    var picksUsersByStart: Bool { revision != nil || since != nil || until != nil }

    /// Whether a user whose first start is `start` is in the revision the scope names (whatever
    /// its date range): every user when it names none; with one, only the users whose first start
    /// carries it — a user without a start is in no revision's report.
    func includesRevision(of start: FirstStart?) -> Bool {
        guard let revision else { return true }
        return start?.revision == Int64(revision)
    }

    /// Whether a user whose first start is `start` (`nil`: none) is in the scope: their first start
    /// carries the scope's revision, when it names one, and lies in `[since, until)`, when it names
    /// a date range; both conditions hold on that same first start. A scope that names neither
    /// takes every user; one that names either takes no user without a start.
    func includes(firstStart start: FirstStart?) -> Bool {
        guard picksUsersByStart else { return true }
        guard let start, includesRevision(of: start) else { return false }
        return includesStart(atMilliseconds: start.order.time)
    }
}
