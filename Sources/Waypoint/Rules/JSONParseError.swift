/// JSON text that could not be parsed, with the parser's explanation.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser found wrong, in its own words.
    public let reason: String

    init(reason: String) { self.reason = reason }

    public var description: String {
        "The text is not valid JSON: \(reason). Check it with a JSON validator; strings need double quotes and no trailing commas are allowed."
    }
}
