import Foundation

extension Duration {
    /// This duration in seconds.
    package var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// A duration of `seconds` seconds, rounded to the millisecond.
    static func seconds(fractional seconds: TimeInterval) -> Duration {
        .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }

    /// Exponential backoff, in seconds: this duration × `multiplier`^(`failures` − 1), at most
    /// `maximum` (`failures` is 1 for the first failure).
    func backoffSeconds(multiplier: Double, afterFailures failures: Int, atMost maximum: Duration) -> Double {
        let exponent = Double(max(0, failures - 1))
        return min(maximum.seconds, seconds * pow(multiplier, exponent))
    }
}
