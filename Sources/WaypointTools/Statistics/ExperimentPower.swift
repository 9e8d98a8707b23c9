import Foundation

/// How many users a variation needs before its test can tell the minimum detectable effect, and
/// how long that takes at the current traffic (docs/ARCHITECTURE.md, "The experiment report").
///
/// - `usersNeeded`: the users per variation a fixed-horizon two-sided test needs at alpha 0.05 and
///   power 0.8 to detect a relative effect `mde` at the control's rate p:
///   ⌈(z₀.₉₇₅ + z₀.₈)² · (p(1−p) + q(1−q)) / (q − p)²⌉ with q = p·(1 + mde); `nil` when p is 0
///   or q ≥ 1 (no such test exists).
/// - `daysLeft`: ⌈(usersNeeded − users) × 7 / recent⌉, where `recent` is the variation's users
///   first exposed in the 7 days that end the report; 0 once the variation has the users it
///   needs; `nil` without `usersNeeded` or when nobody was exposed in those days.
///
/// ```swift
/// let power = ExperimentPower(controlRate: 0.4, minimumDetectableEffect: 0.1, users: 1_000, recentUsers: 700)
/// // power.usersNeeded == 2387, power.daysLeft == 14
/// ```
public struct ExperimentPower: Sendable, Hashable, Encodable {
    /// The users per variation the test needs; `nil` when it cannot be computed.
    public var usersNeeded: Int?
    /// The days until the variation has them at its last week's traffic; `nil` when unknown.
    public var daysLeft: Int?

    /// The significance level of the test that `usersNeeded` is for (two-sided).
    public static let alpha = 0.05
    /// The power that test has at the minimum detectable effect.
    public static let power = 0.8
    /// The days of traffic that `daysLeft` extrapolates.
    public static let trafficDays = 7

    /// Figures as given.
    public init(usersNeeded: Int?, daysLeft: Int?) {
        self.usersNeeded = usersNeeded
        self.daysLeft = daysLeft
    }

    /// The power of a variation with `users` exposed, `recentUsers` of them in the last
    /// ``trafficDays`` days, against a control converting at `controlRate`.
    public init(controlRate: Double, minimumDetectableEffect: Double, users: Int, recentUsers: Int) {
        let needed = Self.unroundedUsersNeeded(controlRate: controlRate, minimumDetectableEffect: minimumDetectableEffect)
        // Beyond Int, no test is run to its end either.
        usersNeeded = needed.flatMap { $0 < Double(Int.max) ? Int($0.rounded(.up)) : nil }
        guard let usersNeeded else { return }
        if users >= usersNeeded {
            daysLeft = 0
        } else if recentUsers > 0 {
            daysLeft = Int((Double(usersNeeded - users) * Double(Self.trafficDays) / Double(recentUsers)).rounded(.up))
        }
    }

    enum CodingKeys: String, CodingKey { case usersNeeded, daysLeft }

    /// Both figures, `null` when unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(usersNeeded, forKey: .usersNeeded)
        try container.encode(daysLeft, forKey: .daysLeft)
    }

    /// `usersNeeded` before it is rounded up; `nil` when p is not in (0, 1), the effect is not
    /// positive, or q = p·(1 + effect) reaches 1.
    public static func unroundedUsersNeeded(controlRate p: Double, minimumDetectableEffect mde: Double) -> Double? {
        guard p > 0, p < 1, mde > 0, mde.isFinite else { return nil }
        let q = p * (1 + mde)
        guard q < 1 else { return nil }
        let z = NormalDistribution.quantile(1 - alpha / 2) + NormalDistribution.quantile(power)
        return z * z * (p * (1 - p) + q * (1 - q)) / ((q - p) * (q - p))
    }
}
