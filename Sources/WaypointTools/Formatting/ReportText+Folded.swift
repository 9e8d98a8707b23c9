extension ReportText {
    /// What a report folded to stay bounded (``ReportBounds``), in one sentence; `nil` when it
    /// folded nothing. The CLI's tables and the dashboard print it under the report.
    ///
    /// ```swift
    /// ReportText.folded(FoldedValues(variations: 998, steps: 1000))
    /// // "Shown together to keep the report bounded: 998 variations under (other), 1,000 step ids as (other steps)."
    /// ```
    public static func folded(_ folded: FoldedValues?) -> String? {
        guard let folded, !folded.isEmpty else { return nil }
        func number(_ value: Int, _ one: String, _ many: String) -> String { "\(count(value)) \(value == 1 ? one : many)" }
        var parts: [String] = []
        if folded.variations > 0 { parts.append(number(folded.variations, "variation", "variations") + " under \(ReportBounds.otherGroup)") }
        if folded.appVersions > 0 { parts.append(number(folded.appVersions, "app version", "app versions") + " under \(ReportBounds.otherGroup)") }
        if folded.revisions > 0 { parts.append(number(folded.revisions, "revision", "revisions") + " under \(ReportBounds.otherGroup)") }
        if folded.locales > 0 { parts.append(number(folded.locales, "locale", "locales") + " under \(ReportBounds.otherGroup)") }
        if folded.platforms > 0 { parts.append(number(folded.platforms, "platform", "platforms") + " under \(ReportBounds.otherGroup)") }
        if folded.steps > 0 { parts.append(number(folded.steps, "step id", "step ids") + " as \(ReportBounds.otherSteps)") }
        return "Shown together to keep the report bounded: " + parts.joined(separator: ", ") + "."
    }
}
