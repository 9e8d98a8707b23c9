extension ReportText {
    /// A relative change as a signed percentage with one decimal: `+13.6%`, `-4.0%`; `–` when not finite.
    public static func signedPercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        let text = percent(fraction)
        return text.hasPrefix("-") || text == "0.0%" ? text : "+" + text
    }

    /// An uplift and its interval: `+13.6% [+5.0%, +22.0%]`; `–` without figures.
    public static func uplift(_ uplift: ExperimentReport.Uplift?) -> String {
        guard let uplift, uplift.ci.count == 2 else { return "–" }
        return "\(signedPercent(uplift.expected)) [\(signedPercent(uplift.ci[0])), \(signedPercent(uplift.ci[1]))]"
    }

    /// A p-value with four decimals: `0.0601`; `<0.0001` below that; `–` for none.
    public static func pValue(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if value < 0.0001 { return "<0.0001" }
        let tenThousandths = Int((value * 10_000).rounded())
        let digits = String(tenThousandths % 10_000)
        return "\(tenThousandths / 10_000)." + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Why an experiment's comparison has no figures, in words.
    public static func note(_ note: StatisticsNote) -> String {
        switch note {
        case .zeroBaseline: "the control has no conversions, so a relative uplift has no meaning"
        case .zeroVariance: "every user converted, or none did, in a variation (or it has one user)"
        case .noUnits: "a variation has no users"
        }
    }

    /// The sample ratio check in one sentence: a warning below ``ExperimentReport/srmThreshold``.
    public static func sampleRatio(_ report: ExperimentReport) -> String {
        let value = pValue(report.srmPValue)
        let p = value.hasPrefix("<") ? "< " + value.dropFirst() : "= " + value
        guard report.srmWarning else { return "Sample ratio check: p \(p); users split as the weights say." }
        return "WARNING: sample ratio mismatch (p \(p), below 0.001): users did not split as the experiment's weights say, "
            + "so assignment is broken and these figures cannot be trusted. Check who is exposed in each variation."
    }
}
