/// An id compared by its exact bytes, its UTF-8 code units: the one rule by which events' ids are
/// told apart (docs/ARCHITECTURE.md, "Events").
///
/// Swift's `String` compares by canonical equivalence: `"café"` written with `é` (U+00E9) equals
/// `"café"` written with `e` and a combining accent (U+0301), and so does a `Set` or a `Dictionary`
/// keyed by `String`. The stores compare text by bytes, the export keeps the bytes an app sent and
/// the reports over a file read the bytes, so an id that is a key — a user, a flow, a walkthrough,
/// an experiment, a step, an outcome, a group — is keyed by this type wherever events are grouped:
/// two ids are one only when their bytes are. Nothing is normalised.
public struct ExactID: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id as the events carry it.
    public let text: String

    /// The id `text`, as is.
    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        text = value
    }

    public var description: String { text }

    public static func == (lhs: ExactID, rhs: ExactID) -> Bool {
        let left = lhs.text.utf8, right = rhs.text.utf8
        // The counts of native strings are stored: most unequal ids differ there.
        guard left.count == right.count else { return false }
        let compared = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in leftBytes.elementsEqual(rightBytes) }
        }
        return (compared ?? nil) ?? left.elementsEqual(right)
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        // The length ends the bytes, so no id's hash is another's with bytes moved across.
        hasher.combine(text.utf8.count)
    }

    /// Byte order: the order of the stores' byte-sorted text columns (SQLite's `BINARY`, PostgreSQL's `"C"`).
    public static func < (lhs: ExactID, rhs: ExactID) -> Bool {
        let left = lhs.text.utf8, right = rhs.text.utf8
        let compared = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in leftBytes.lexicographicallyPrecedes(rightBytes) }
        }
        return (compared ?? nil) ?? left.lexicographicallyPrecedes(right)
    }
}
