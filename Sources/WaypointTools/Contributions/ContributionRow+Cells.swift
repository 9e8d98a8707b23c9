extension ContributionRow {
    /// The rows a store sums this row into: one per grouping the reports split by, each with the
    /// row's figures and one grouping's value as its group (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// A user's flow or experiment row gives one cell row per grouping (``CellSelection``); a
    /// walkthrough row, and a row that is a cell's already, gives itself.
    ///
    /// - Throws: ``ContributionError`` when the group is not one this version writes.
    public func cellRows() throws(ContributionError) -> [ContributionRow] {
        try Self.cellGroups(of: group, kind: kind).map { group in
            var row = self
            row.group = group
            return row
        }
    }

    /// The groups of the cells that a row of `kind` with `group` is summed into (``cellRows()``).
    ///
    /// - Throws: ``ContributionError`` when the group is not one this version writes.
    public static func cellGroups(of group: String, kind: ContributionKind) throws(ContributionError) -> [String] {
        try CellGroup.texts(of: group, kind: kind)
    }
}
