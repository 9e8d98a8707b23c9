extension ReportText {
    /// A relative change as a signed percentage with one decimal: `+13.6%`, `-4.0%`; `–` when not finite.
    public static func signedPercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        let text = percent(fraction)
        return text.hasPrefix("-") || text == "0.0%" ? text : "+" + text
    }

    /// An uplift and its interval: `+13.6% [+5.0%, +22.0%]`; `–` without figures. A bound below
    /// −100% (a rate cannot fall further) reads `< -100%`.
    public static func uplift(_ uplift: ExperimentReport.Uplift?) -> String {
        guard let uplift, uplift.ci.count == 2 else { return "–" }
        return "\(signedPercent(uplift.expected)) [\(bound(uplift.ci[0])), \(bound(uplift.ci[1]))]"
    }

    /// An interval's bound as a signed percentage, `< -100%` below −100%.
    public static func bound(_ fraction: Double) -> String {
        fraction < -1 ? "< -100%" : signedPercent(fraction)
    }

    /// How far a variation is from the users its test needs, in words: "about 9 more days at this
    /// traffic", "enough users", or why it cannot be said.
    public static func power(_ power: ExperimentPower?, users: Int) -> String {
        guard let power else { return "–" }
        guard let needed = power.usersNeeded else {
            return "cannot be sized: the control converts at 0% or the effect would reach 100%"
        }
        guard let days = power.daysLeft else {
            return "\(count(users)) of \(count(needed)) users; nobody exposed in the last \(ExperimentPower.trafficDays) days"
        }
        if days == 0 { return "\(count(users)) of \(count(needed)) users: enough" }
        return "\(count(users)) of \(count(needed)) users: about \(count(days)) more \(days == 1 ? "day" : "days") at this traffic"
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
