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
        samples.append(nanoseconds(elapsed) / Double(operations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
}

/// Runs several bodies (each performing `operations` operations) round-robin for several rounds,
/// so that whatever else the machine does affects them alike, and returns each body's median time
/// per operation and, for each body, the median over rounds of its time divided by the first
/// body's time in the same round. The first round warms up and is discarded.
func measureInterleaved(
    operations: Int, rounds: Int = 11, _ bodies: [(name: String, body: () -> Void)]
) -> [(measurement: Measurement, ratio: Double)] {
    let clock = ContinuousClock()
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0...rounds {
        for (index, entry) in bodies.enumerated() {
            let elapsed = clock.measure(entry.body)
            if round > 0 { samples[index].append(nanoseconds(elapsed) / Double(operations)) }
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return bodies.indices.map { index in
        let ratios = zip(samples[index], samples[0]).map { $0 / $1 }
        return (Measurement(name: bodies[index].name, nanosecondsPerOperation: median(samples[index])), median(ratios))
    }
}

/// A duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Formats nanoseconds for a report.
func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format: "%.2f ms", nanoseconds / 1_000_000) }
    if nanoseconds >= 1_000 { return String(format: "%.2f µs", nanoseconds / 1_000) }
    return String(format: "%.1f ns", nanoseconds)
}
