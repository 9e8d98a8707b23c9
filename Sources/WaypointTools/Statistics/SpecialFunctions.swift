import Foundation

/// The special functions the distributions are built on: regularized incomplete beta and gamma functions.
///
/// Both use the classic series and continued fractions (modified Lentz), which converge to full double
/// precision; see "Experiment statistics" in docs/ARCHITECTURE.md.
enum SpecialFunctions {
    /// The largest number of terms a series or continued fraction may take before it gives its current value.
    static let maximumIterations = 1_000_000
    /// The relative size of a term below which a series or continued fraction has converged.
    static let epsilon = 1e-16
    /// The smallest magnitude a Lentz denominator may take.
    static let tiny = 1e-300

    /// The natural logarithm of the beta function B(a, b).
    ///
    /// When one argument is large, `lgamma(b) − lgamma(a + b)` comes from Stirling's series directly,
    /// since the difference of two large `lgamma` values would lose most of its digits.
    static func logBeta(_ a: Double, _ b: Double) -> Double {
        let small = min(a, b), large = max(a, b)
        if large < 100 { return lgamma(a) + lgamma(b) - lgamma(a + b) }
        return lgamma(small) + logGammaRatio(large, small)
    }

    /// `lgamma(b) − lgamma(b + a)` for b ≥ 100, from Stirling's series.
    static func logGammaRatio(_ b: Double, _ a: Double) -> Double {
        func correction(_ x: Double) -> Double {
            let x2 = x * x
            return 1 / (12 * x) - 1 / (360 * x * x2) + 1 / (1260 * x * x2 * x2) - 1 / (1680 * x * x2 * x2 * x2)
        }
        let main: Double = -(b - 0.5) * log1p(a / b) - a * log(b + a) + a
        return main + correction(b) - correction(b + a)
    }

    /// The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 ≤ x ≤ 1.
    static func incompleteBeta(_ a: Double, _ b: Double, _ x: Double) -> Double {
        incompleteBeta(a, b, x: x, complement: 1 - x)
    }

    /// I_x(a, b) given both x and 1 − x, so that an x close to 1 keeps the precision of its complement.
    static func incompleteBeta(_ a: Double, _ b: Double, x: Double, complement y: Double) -> Double {
        if x <= 0 { return 0 }
        if y <= 0 { return 1 }
        // The logarithm of whichever of x and 1 − x is close to 1 comes from the other, which is exact.
        let logX = x > 0.5 ? log1p(-y) : log(x)
        let logY = y > 0.5 ? log1p(-x) : log(y)
        let front = exp(a * logX + b * logY - logBeta(a, b))
        if x < (a + 1) / (a + b + 2) {
            return front * betaContinuedFraction(a, b, x) / a
        }
        return 1 - front * betaContinuedFraction(b, a, y) / b
    }

    /// The continued fraction of the incomplete beta function (Numerical Recipes' `betacf`).
    static func betaContinuedFraction(_ a: Double, _ b: Double, _ x: Double) -> Double {
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...maximumIterations {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }

    /// The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0.
    static func upperIncompleteGamma(_ a: Double, _ x: Double) -> Double {
        if x <= 0 { return 1 }
        if x.isInfinite { return 0 }
        if x < a + 1 { return 1 - lowerGammaSeries(a, x) }
        return upperGammaContinuedFraction(a, x)
    }

    /// The regularized lower incomplete gamma function P(a, x) by its series, for x < a + 1.
    static func lowerGammaSeries(_ a: Double, _ x: Double) -> Double {
        var ap = a
        var del = 1 / a
        var sum = del
        for _ in 1...maximumIterations {
            ap += 1
            del *= x / ap
            sum += del
            if abs(del) < abs(sum) * epsilon { break }
        }
        return sum * exp(-x + a * log(x) - lgamma(a))
    }

    /// The regularized upper incomplete gamma function Q(a, x) by its continued fraction, for x ≥ a + 1.
    static func upperGammaContinuedFraction(_ a: Double, _ x: Double) -> Double {
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...maximumIterations {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * h
    }
}
