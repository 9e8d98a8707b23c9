extension Contributions {
    static func flowRows(lines: [String]) -> [ContributionRow] { [] }
}
