import Waypoint

/// Why a funnel could not be computed.
public struct FunnelError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case missingFile(String)
        case notAFile(String)
        case unreadable(path: String, message: String)
        case noSteps(flowID: String)
        case tooManySteps(Int)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func missingFile(_ path: String) -> FunnelError { FunnelError(.missingFile(path)) }
    static func notAFile(_ path: String) -> FunnelError { FunnelError(.notAFile(path)) }
    static func unreadable(_ path: String, _ error: SystemCallError) -> FunnelError {
        FunnelError(.unreadable(path: path, message: error.message))
    }
    static func noSteps(flowID: String) -> FunnelError { FunnelError(.noSteps(flowID: flowID)) }
    static func tooManySteps(_ count: Int) -> FunnelError { FunnelError(.tooManySteps(count)) }

    /// Whether the events file does not exist.
    public var isMissingFile: Bool { reason == .missingFile(path) }

    private var path: String {
        switch reason {
        case .missingFile(let path), .notAFile(let path), .unreadable(let path, _): return path
        default: return ""
        }
    }

    public var description: String {
        switch reason {
        case .missingFile(let path):
            return "No events file at \(path). Pass the JSON Lines file your app or server wrote, e.g. events.jsonl."
        case .notAFile(let path):
            return "\(path) is not a regular file. Pass a JSON Lines file of events."
        case .unreadable(let path, let message):
            return "Could not read \(path): \(message)."
        case .noSteps(let flowID):
            return "No steps to measure for flow \"\(flowID)\": the file has no `Step Viewed` events of that flow "
                + "and no steps were given. Check the flow id, or list the steps with --steps a,b,c."
        case .tooManySteps(let count):
            return "\(count) steps is more than a funnel can measure (at most 65535). List fewer steps."
        }
    }
}
