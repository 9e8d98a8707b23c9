import Foundation

/// Names one hint: a step of a walkthrough.
public struct HintID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The walkthrough's id.
    public var walkthroughId: String
    /// The step's id.
    public var stepId: String

    /// Creates a hint id.
    package init(walkthroughId: String, stepId: String) {
        self.walkthroughId = walkthroughId
        self.stepId = stepId
    }

    /// `walkthroughId/stepId`.
    public var description: String { "\(walkthroughId)/\(stepId)" }
}
