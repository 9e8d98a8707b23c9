import Foundation
import Waypoint

/// JSON as every Waypoint tool writes it: keys sorted (equal values give equal bytes), slashes not
/// escaped, on one line, dates as ISO 8601 text in UTC with milliseconds.
///
/// The core's one JSON form, for a receiver that sees only the public API: the server's answers are
/// byte for byte what `waypoint … --format json` prints and what the core saves
/// (docs/ARCHITECTURE.md, "Reports").
///
/// ```swift
/// try WaypointJSON.text(JSONValue.object(["b": .number(1), "a": .string("x/y")]))
/// // {"a":"x/y","b":1}
/// ```
public enum WaypointJSON {
    /// `value` encoded.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a fraction that is not finite, a date
    ///   outside the years 0000–9999).
    public static func data(_ value: some Encodable) throws -> Data {
        try StableJSON.data(value)
    }

    /// `value` encoded, as text.
    ///
    /// - Throws: `EncodingError` as ``data(_:)`` does.
    public static func text(_ value: some Encodable) throws -> String {
        try StableJSON.text(value)
    }
}
