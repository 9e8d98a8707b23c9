import Foundation

/// A note about input that was ignored or data that was repaired; never an error that stops the saga.
public struct HintDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of note this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A signal that did not apply was ignored.
        case ignoredSignal
        /// Saved progress could not be read; the walkthrough started fresh.
        case corruptProgress
        /// The store failed to read or write.
        case storeFailure
        /// A definition in the catalog is wrong.
        case badDefinition
    }

    /// What kind of note this is.
    public var kind: Kind
    /// What happened and what to do about it, in words.
    public var message: String

    /// Creates a diagnostic.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
