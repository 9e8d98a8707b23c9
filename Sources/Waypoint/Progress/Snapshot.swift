import Foundation

/// A saved value in a versioned envelope: `{"formatVersion": 1, "savedAt": "…", "value": …}`.
///
/// The envelope lets a later version of Waypoint recognise, migrate or set aside progress written
/// by an earlier one. `savedAt` is written as ISO 8601 in UTC with milliseconds
/// (`"2026-01-01T00:00:00.000Z"`) and kept rounded to the millisecond, so a snapshot read back is
/// equal to the one written. Dates inside `value` follow the encoder's strategy; the encoder used by
/// ``ProgressStore/saveSnapshot(_:forKey:at:)`` writes them the same way (rounding them to the
/// millisecond).
///
/// Decoding a snapshot whose `formatVersion` this version of Waypoint does not read fails with a
/// `DecodingError`; ``ProgressStore/loadSnapshot(_:forKey:)`` reports that as
/// ``ProgressStoreError/Code/unsupportedFormatVersion``.
struct Snapshot<Value: Codable & Sendable>: Codable, Sendable {
    /// The envelope format this version of Waypoint writes and reads.
    static var currentFormatVersion: Int { 1 }

    /// The envelope format this snapshot was read in or will be written in.
    let formatVersion: Int
    /// When the value was saved, rounded to the millisecond.
    let savedAt: Date
    /// The saved value.
    let value: Value

    /// Wraps `value` saved at `savedAt` (rounded to the millisecond) in the current format.
    init(value: Value, savedAt: Date) {
        self.formatVersion = Self.currentFormatVersion
        self.savedAt = MillisecondTimestamp.rounded(savedAt)
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion, savedAt, value
    }

    /// Reads a snapshot, rejecting format versions this version of Waypoint does not read and
    /// `savedAt` text that is not an ISO 8601 date.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        guard formatVersion == Self.currentFormatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "snapshot format \(formatVersion) is not supported; "
                    + "this version of Waypoint reads format \(Self.currentFormatVersion)"
            )
        }
        let text = try container.decode(String.self, forKey: .savedAt)
        guard let milliseconds = MillisecondTimestamp.parseISO8601(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .savedAt, in: container,
                debugDescription: "expected an ISO 8601 date such as \"2026-01-01T00:00:00.000Z\", found \"\(text)\""
            )
        }
        self.formatVersion = formatVersion
        self.savedAt = MillisecondTimestamp.date(milliseconds: milliseconds)
        self.value = try container.decode(Value.self, forKey: .value)
    }

    /// Writes the envelope with `savedAt` as ISO 8601 text with milliseconds.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        guard let milliseconds = MillisecondTimestamp.milliseconds(savedAt) else {
            throw EncodingError.invalidValue(savedAt, EncodingError.Context(
                codingPath: container.codingPath + [CodingKeys.savedAt],
                debugDescription: "\"savedAt\" is outside the years 0000–9999"
            ))
        }
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(MillisecondTimestamp.iso8601(milliseconds: milliseconds), forKey: .savedAt)
        try container.encode(value, forKey: .value)
    }
}

extension Snapshot: Equatable where Value: Equatable {}

extension Snapshot: Hashable where Value: Hashable {}
