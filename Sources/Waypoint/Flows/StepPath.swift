/// The location of a step inside a flow: its id, prefixed by the ids of the subflow steps around it.
///
/// `"shared-end/consent"` is the step `consent` of the subflow run by the step `shared-end`.
/// Step ids cannot contain `/`, so the path is unambiguous. This is the id analytics events carry.
public struct StepPath: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path as text, components separated by `/`.
    public let rawValue: String
    /// Whether the step is inside a subflow (the path has a `/`).
    @usableFromInline package let isNested: Bool

    /// Creates a path from its text form.
    @usableFromInline package init(_ rawValue: String) {
        self.init(rawValue: rawValue, isNested: rawValue.utf8.contains(Self.separator))
    }

    @usableFromInline
    init(rawValue: String, isNested: Bool) {
        self.rawValue = rawValue
        self.isNested = isNested
    }

    /// Creates a path from its components, outermost first.
    package init(components: [String]) { self.init(components.joined(separator: "/")) }

    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The ids from the outermost subflow step to the step itself.
    @usableFromInline package var components: [String] {
        rawValue.utf8.split(separator: Self.separator, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    /// The step's own id, the last component (`consent` in `shared-end/consent`).
    @usableFromInline package var leafID: String {
        guard let slash = rawValue.utf8.lastIndex(of: Self.separator) else { return rawValue }
        return String(Substring(rawValue.utf8[rawValue.utf8.index(after: slash)...]))
    }

    /// The path of the subflow step that contains this step, or `nil` at the top level.
    @usableFromInline package var parent: StepPath? {
        guard let slash = rawValue.utf8.lastIndex(of: Self.separator) else { return nil }
        return StepPath(String(Substring(rawValue.utf8[..<slash])))
    }

    /// The byte separating components: `/`.
    @usableFromInline static var separator: UInt8 { UInt8(ascii: "/") }

    /// The path of a step inside the subflow run by this step.
    @inlinable package func appending(_ id: String) -> StepPath {
        StepPath(rawValue: rawValue + "/" + id, isNested: true)
    }

    /// How many subflows deep the step is (0 at the top level).
    package var depth: Int { rawValue.utf8.reduce(0) { $1 == Self.separator ? $0 + 1 : $0 } }

    public var description: String { rawValue }
}
