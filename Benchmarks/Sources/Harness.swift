import Foundation

/// Keeps a value alive so the optimizer cannot remove the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// One measured figure.
struct Measurement {
    let name: String
    /// Median nanoseconds per operation over the rounds.
    let nanosecondsPerOperation: Double
}

/// Runs `body` (which performs `operations` operations) for several rounds and returns the median
/// time per operation. The first round warms up and is discarded.
func measure(_ name: String, operations: Int, rounds: Int = 7, _ body: () -> Void) -> Measurement {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for round in 0...rounds {
        let elapsed = clock.measure(body)
        if round == 0 { continue }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(nanoseconds / Double(operations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
}

/// Formats nanoseconds for a report.
func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format: "%.2f ms", nanoseconds / 1_000_000) }
    if nanoseconds >= 1_000 { return String(format: "%.2f µs", nanoseconds / 1_000) }
    return String(format: "%.1f ns", nanoseconds)
}
