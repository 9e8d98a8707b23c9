/// A half-open range `[lowerBound, upperBound)` of hash values, written `[lower, upper]` in JSON.
///
/// Unlike `Range<Double>`, a range read from a document may be empty or reversed without trapping;
/// such a range contains no value.
package struct BucketRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The smallest value in the range.
    package var lowerBound: Double
    /// The first value above the range.
    package var upperBound: Double

    /// Creates the range `[lowerBound, upperBound)`.
    package init(_ lowerBound: Double, _ upperBound: Double) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// Whether `value` is in the range: `lowerBound <= value < upperBound`.
    package func contains(_ value: Double) -> Bool {
        value >= lowerBound && value < upperBound
    }

    /// Decodes `[lower, upper]`.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let lower = try container.decode(Double.self)
        let upper = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A bucket range is [lower, upper]: two numbers, not more.")
        }
        self.init(lower, upper)
    }

    /// Encodes `[lower, upper]`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(lowerBound)
        try container.encode(upperBound)
    }

    package var description: String {
        "[\(JavaScript.numberToString(lowerBound)), \(JavaScript.numberToString(upperBound)))"
    }
}
