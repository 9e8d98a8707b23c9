/// The location of a step inside a flow: its id, prefixed by the ids of the subflow steps around it.
///
/// `"shared-end/consent"` is the step `consent` of the subflow run by the step `shared-end`.
/// Step ids cannot contain `/`, so the path is unambiguous. Two paths are equal when their texts
/// have the same UTF-8 bytes.
public struct StepPath: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's text, held without reference counting so paths are cheap to copy.
    @usableFromInline let text: CompactString
    /// Whether the step is inside a subflow (the path has a `/`).
    public let isNested: Bool

    /// The path as text, components separated by `/`.
    public var rawValue: String { text.string }

    /// Creates a path from its text form.
    public init(_ rawValue: String) {
        self.text = CompactString(rawValue)
        self.isNested = rawValue.utf8.contains(UInt8(ascii: "/"))
    }

    @usableFromInline
    init(rawValue: String, isNested: Bool) {
        self.text = CompactString(rawValue)
        self.isNested = isNested
    }

    @inlinable
    init(text: CompactString, isNested: Bool) {
        self.text = text
        self.isNested = isNested
    }

    /// Creates a path from its components, outermost first.
    public init(components: [String]) { self.init(components.joined(separator: "/")) }

    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    @inlinable
    public static func == (lhs: StepPath, rhs: StepPath) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The ids from the outermost subflow step to the step itself.
    public var components: [String] {
        var text = rawValue
        return text.withUTF8 { bytes in
            var components: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == Self.separator {
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return components
        }
    }

    /// The step's own id (the last component).
    public var stepID: String {
        let text = rawValue
        guard let slash = text.utf8.lastIndex(of: Self.separator) else { return text }
        return String(Substring(text.utf8[text.utf8.index(after: slash)...]))
    }

    /// The path of the subflow step that contains this step, or `nil` at the top level.
    public var parent: StepPath? {
        let text = rawValue
        guard let slash = text.utf8.lastIndex(of: Self.separator) else { return nil }
        return StepPath(String(Substring(text.utf8[..<slash])))
    }

    /// The byte separating components: `/`.
    private static let separator = UInt8(ascii: "/")

    /// The path of a step inside the subflow run by this step.
    @inlinable public func appending(_ id: String) -> StepPath {
        StepPath(text: .joining(text, id), isNested: true)
    }

    /// How many subflows deep the step is (0 at the top level).
    public var depth: Int { rawValue.utf8.reduce(0) { $1 == Self.separator ? $0 + 1 : $0 } }

    public var description: String { rawValue }
}
