/// The location of a step inside a flow: its id, prefixed by the ids of the subflow steps around it.
///
/// `"shared-end/consent"` is the step `consent` of the subflow run by the step `shared-end`.
/// Step ids cannot contain `/`, so the path is unambiguous.
public struct StepPath: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path as text, components separated by `/`.
    public let rawValue: String
    /// Whether the step is inside a subflow (the path has a `/`).
    public let isNested: Bool

    /// Creates a path from its text form.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.isNested = rawValue.utf8.contains(UInt8(ascii: "/"))
    }

    @usableFromInline
    init(rawValue: String, isNested: Bool) {
        self.rawValue = rawValue
        self.isNested = isNested
    }

    /// Creates a path from its components, outermost first.
    public init(components: [String]) { self.init(components.joined(separator: "/")) }

    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public static func == (lhs: StepPath, rhs: StepPath) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The ids from the outermost subflow step to the step itself.
    public var components: [String] {
        rawValue.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The step's own id (the last component).
    public var stepID: String {
        if let slash = rawValue.lastIndex(of: "/") { return String(rawValue[rawValue.index(after: slash)...]) }
        return rawValue
    }

    /// The path of the subflow step that contains this step, or `nil` at the top level.
    public var parent: StepPath? {
        guard let slash = rawValue.lastIndex(of: "/") else { return nil }
        return StepPath(String(rawValue[..<slash]))
    }

    /// The path of a step inside the subflow run by this step.
    @inlinable public func appending(_ id: String) -> StepPath {
        StepPath(rawValue: rawValue + "/" + id, isNested: true)
    }

    /// How many subflows deep the step is (0 at the top level).
    public var depth: Int { rawValue.reduce(0) { $1 == "/" ? $0 + 1 : $0 } }

    public var description: String { rawValue }
}
