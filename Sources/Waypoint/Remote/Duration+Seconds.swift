import Foundation

extension Duration {
    /// A duration of `seconds` seconds, rounded to the millisecond.
    static func seconds(fractional seconds: TimeInterval) -> Duration {
        .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }
}
