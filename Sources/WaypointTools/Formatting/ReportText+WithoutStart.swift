extension ReportText {
    /// The users a flow or walkthrough report left out for having no start (``FlowReport/withoutStart``,
    /// ``WalkthroughReport/withoutStart``), in one sentence; `nil` when there are none. The CLI's
    /// tables print it under the report's totals.
    ///
    /// ```swift
    /// ReportText.withoutStart(3, start: "Flow Started")
    /// // "3 users with events but no Flow Started are left out of every figure."
    /// ```
    ///
    /// - Parameter start: the event that starts a run: `Flow Started` or `Walkthrough Started`.
    public static func withoutStart(_ users: Int, start: String) -> String? {
        guard users > 0 else { return nil }
        return "\(count(users)) \(users == 1 ? "user" : "users") with events but no \(start) "
            + "\(users == 1 ? "is" : "are") left out of every figure."
    }
}
