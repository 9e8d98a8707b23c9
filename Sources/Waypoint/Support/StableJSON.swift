import Foundation

/// JSON as Waypoint writes it everywhere: keys sorted (equal values give equal bytes), slashes not
/// escaped, on one line, dates as ISO 8601 text in UTC with milliseconds.
///
/// Saved progress, `--format json` outputs, reports and the server's answers all encode through
/// it, so the same value is the same bytes wherever it is written (docs/ARCHITECTURE.md, "Reports").
package enum StableJSON {
    /// A new encoder with Waypoint's output options.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(encodeDate)
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    /// A new decoder that reads what ``encoder()`` writes (dates as ISO 8601 text).
    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeDate)
        return decoder
    }

    /// `value` encoded.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a fraction that is not finite, a date
    ///   outside the years 0000–9999).
    package static func data(_ value: some Encodable) throws -> Data {
        try encoder().encode(value)
    }

    /// `value` encoded, as text.
    package static func text(_ value: some Encodable) throws -> String {
        String(decoding: try data(value), as: UTF8.self)
    }

    @Sendable
    private static func encodeDate(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let milliseconds = MillisecondTimestamp.milliseconds(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "the date is outside the years 0000–9999"
            ))
        }
        try container.encode(MillisecondTimestamp.iso8601(milliseconds: milliseconds))
    }

    @Sendable
    private static func decodeDate(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let milliseconds = MillisecondTimestamp.parseISO8601(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected an ISO 8601 date such as \"2026-01-01T00:00:00.000Z\", found \"\(text)\""
            )
        }
        return MillisecondTimestamp.date(milliseconds: milliseconds)
    }
}
