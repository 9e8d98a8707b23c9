/// Why a revision preview could not be computed; the message says how to fix it.
public struct RevisionPreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case notGroupedByUser(user: String, flowID: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func notGroupedByUser(_ user: String, flowID: String) -> RevisionPreviewError {
        RevisionPreviewError(.notGroupedByUser(user: user, flowID: flowID))
    }

    public var description: String {
        switch reason {
        case .notGroupedByUser(let user, let flowID):
            return "The events of user \"\(user)\" of flow \"\(flowID)\" came back after another user's: "
                + "FlowPreview.compute(flowID:published:candidate:userOrderedJSONLines:) needs each user's events together. "
                + "Order them by user, or use RevisionPreview.compute(published:candidate:events:)."
        }
    }
}
