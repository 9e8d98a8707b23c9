/// A store operation that could not be done as asked.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case conflict(String)
        case notFound(String)
        case unavailable(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// Something with the same identity exists already.
    public static func conflict(_ message: String) -> StoreError { StoreError(.conflict(message)) }
    /// What the operation needs does not exist.
    public static func notFound(_ message: String) -> StoreError { StoreError(.notFound(message)) }
    /// The database cannot be reached or set up.
    public static func unavailable(_ message: String) -> StoreError { StoreError(.unavailable(message)) }

    public var isConflict: Bool { if case .conflict = reason { true } else { false } }
    public var isNotFound: Bool { if case .notFound = reason { true } else { false } }

    public var description: String {
        switch reason {
        case .conflict(let message), .notFound(let message), .unavailable(let message): message
        }
    }
}
