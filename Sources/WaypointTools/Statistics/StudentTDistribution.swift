import Foundation

/// Student's t distribution with real degrees of freedom (as Welch's test needs): CDF and quantile.
public enum StudentTDistribution {
    /// The cumulative distribution P(T ≤ t) for `degreesOfFreedom` > 0, from the regularized incomplete
    /// beta function; infinite degrees of freedom give the normal distribution, and anything else not
    /// positive gives NaN.
    public static func cdf(_ t: Double, degreesOfFreedom df: Double) -> Double {
        if t.isNaN || df.isNaN || df <= 0 { return .nan }
        if df.isInfinite { return NormalDistribution.cdf(t) }
        if t.isInfinite { return t > 0 ? 1 : 0 }
        if t == 0 { return 0.5 }
        let tail = 0.5 * lowerTailTwice(t, df)
        return t < 0 ? tail : 1 - tail
    }

    /// The survival function P(T > t), without the cancellation of computing 1 − `cdf`.
    public static func sf(_ t: Double, degreesOfFreedom df: Double) -> Double {
        cdf(-t, degreesOfFreedom: df)
    }

    /// P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2), given 1 − x = t²/(df+t²) exactly so both tails keep their precision.
    static func lowerTailTwice(_ t: Double, _ df: Double) -> Double {
        let t2 = t * t
        if t2 > 1e300 {
            // x = df / (df + t²) underflows: the series' first term, from logarithms, is all there is.
            let a = df / 2
            return exp(a * (log(df) - 2 * log(abs(t))) - SpecialFunctions.logBeta(a, 0.5)) / a
        }
        return SpecialFunctions.incompleteBeta(df / 2, 0.5, x: df / (df + t2), complement: t2 / (df + t2))
    }

    /// The quantile: the t with P(T ≤ t) = p, for 0 ≤ p ≤ 1 and `degreesOfFreedom` > 0.
    ///
    /// Newton steps on the CDF from the normal quantile, kept inside a bracket that bisection narrows;
    /// gives ±∞ at 1 and 0 and NaN for arguments outside their ranges.
    public static func quantile(_ p: Double, degreesOfFreedom df: Double) -> Double {
        if p.isNaN || df.isNaN || p < 0 || p > 1 || df <= 0 { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        if p == 0.5 { return 0 }
        if df.isInfinite { return NormalDistribution.quantile(p) }
        // Solve in the lower tail, where the CDF keeps its relative precision; 1 − p is exact for p > 0.5.
        if p > 0.5 { return -quantile(1 - p, degreesOfFreedom: df) }
        var lo = -1.0, hi = 0.0
        var steps = 0
        while cdf(lo, degreesOfFreedom: df) > p && steps < 2_000 {
            hi = lo
            lo *= 2
            steps += 1
        }
        var x = max(lo, min(hi, NormalDistribution.quantile(p)))
        if x <= lo || x >= hi { x = (lo + hi) / 2 }
        for _ in 0..<400 {
            let f = cdf(x, degreesOfFreedom: df) - p
            if f == 0 { return x }
            if f > 0 { hi = x } else { lo = x }
            let density = pdf(x, degreesOfFreedom: df)
            var next = x - f / density
            if !next.isFinite || next <= lo || next >= hi { next = (lo + hi) / 2 }
            if abs(next - x) <= 1e-15 * abs(x) || next == x { return next }
            x = next
        }
        return x
    }

    /// The density of the t distribution.
    static func pdf(_ t: Double, degreesOfFreedom df: Double) -> Double {
        let normalizing: Double = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * Double.pi)
        let kernel: Double = (df + 1) / 2 * log1p(t * t / df)
        return exp(normalizing - kernel)
    }
}
