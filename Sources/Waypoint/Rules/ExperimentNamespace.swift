/// A namespace: experiments that share one keep their users apart by taking disjoint ranges of it.
///
/// Written `["namespace-id", lower, upper]` in JSON, as in GrowthBook.
package struct ExperimentNamespace: Sendable, Hashable, Codable {
    /// The namespace's id.
    package var id: String
    /// The part of the namespace the experiment takes.
    package var range: BucketRange

    /// Creates a namespace range.
    package init(id: String, range: BucketRange) {
        self.id = id
        self.range = range
    }

    /// Decodes `[id, lower, upper]`.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let id = try container.decode(String.self)
        let lower = try container.decode(Double.self)
        let upper = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A namespace is [id, lower, upper]: a string and two numbers, not more.")
        }
        self.init(id: id, range: BucketRange(lower, upper))
    }

    /// Encodes `[id, lower, upper]`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(id)
        try container.encode(range.lowerBound)
        try container.encode(range.upperBound)
    }
}
