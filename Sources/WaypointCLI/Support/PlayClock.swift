import ArgumentParser
import Foundation
import Waypoint

/// The time `waypoint play` stamps on events: the real clock, or with `--clock start=…,step=…` a start
/// time that advances by a fixed step at each answer, so that durations look like a person's.
struct PlayClock {
    private let start: Date?
    private let step: TimeInterval
    private var ticks = 0

    /// The real clock.
    init() {
        start = nil
        step = 0
    }

    /// A clock from `start=2026-11-21T10:00:00Z,step=5s` (`step` in ms, s or m; default 5s).
    init(parsing text: String) throws {
        var start: Date?
        var step: TimeInterval = 5
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2 else { throw Self.usage("`\(part)` is not key=value") }
            switch pieces[0] {
            case "start":
                guard let milliseconds = MillisecondTimestamp.parseISO8601(String(pieces[1])) else {
                    throw Self.usage("`\(pieces[1])` is not an ISO 8601 time such as 2026-11-21T10:00:00Z")
                }
                start = MillisecondTimestamp.date(milliseconds: milliseconds)
            case "step":
                guard let seconds = Self.seconds(pieces[1]), seconds > 0 else {
                    throw Self.usage("`\(pieces[1])` is not a positive duration such as 5s, 800ms or 2m")
                }
                step = seconds
            default:
                throw Self.usage("unknown key `\(pieces[0])`; the keys are `start` and `step`")
            }
        }
        guard let start else { throw Self.usage("`start` is missing") }
        self.start = start
        self.step = step
    }

    /// The time of what happens now.
    func now() -> Date {
        guard let start else { return Date() }
        return start.addingTimeInterval(Double(ticks) * step)
    }

    /// Moves on by one step (after an answer); the real clock moves by itself.
    mutating func advance() {
        ticks += 1
    }

    private static func seconds(_ text: String) -> TimeInterval? {
        for (suffix, scale) in [("ms", 0.001), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }

    private static func usage(_ problem: String) -> ValidationError {
        ValidationError("--clock: \(problem); write it as --clock start=2026-11-21T10:00:00Z,step=5s.")
    }
}
