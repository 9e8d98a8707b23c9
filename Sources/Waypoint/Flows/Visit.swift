/// One entry of a flow's visited path: a declared step or an ad-hoc custom step, and how it was left.
public struct Visit: Hashable, Sendable, Codable {
    // A visit holds no references, so paths and effects are copied and destroyed as plain bytes.
    @usableFromInline let pathText: CompactString
    /// How the step was left, or ``CompactString/absent`` while it is the current step.
    @usableFromInline var departureText: CompactString
    /// The custom step's index in ``CustomStep/table`` plus one, or 0 for a declared step.
    @usableFromInline let customIndex: UInt64
    /// Where the step was found in its flow's step list when the visit was made, or -1; only a
    /// hint (checked against the id before use), so it is not part of equality, hashing or coding.
    @usableFromInline var positionHint: Int32
    @usableFromInline let pathIsNested: Bool

    /// The declared step visited; for a custom step, the step it was pushed from.
    @inlinable public var path: StepPath { StepPath(text: pathText, isNested: pathIsNested) }

    /// The ad-hoc step shown, when this visit was pushed with `push(custom:)`.
    public var custom: CustomStep? { customIndex == 0 ? nil : CustomStep.table.value(at: customIndex - 1) }

    /// How the user left this step; `nil` while it is the current step.
    public internal(set) var departure: Departure? {
        get { departureText == .absent ? nil : Departure(text: departureText) }
        set { departureText = newValue?.text ?? .absent }
    }

    /// Creates a visit.
    public init(path: StepPath, custom: CustomStep? = nil, departure: Departure? = nil) {
        self.pathText = path.text
        self.pathIsNested = path.isNested
        self.customIndex = custom.map { CustomStep.table.index(of: $0) + 1 } ?? 0
        self.departureText = departure?.text ?? .absent
        self.positionHint = -1
    }

    @inlinable
    init(path: StepPath, positionHint: Int = -1) {
        self.pathText = path.text
        self.pathIsNested = path.isNested
        self.customIndex = 0
        self.departureText = .absent
        self.positionHint = Int32(truncatingIfNeeded: positionHint)
    }

    private enum CodingKeys: String, CodingKey { case path, custom, departure }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(StepPath.self, forKey: .path),
            custom: try container.decodeIfPresent(CustomStep.self, forKey: .custom),
            departure: try container.decodeIfPresent(Departure.self, forKey: .departure))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(custom, forKey: .custom)
        try container.encodeIfPresent(departure, forKey: .departure)
    }

    @inlinable
    public static func == (lhs: Visit, rhs: Visit) -> Bool {
        lhs.pathText == rhs.pathText && lhs.customIndex == rhs.customIndex && lhs.departureText == rhs.departureText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pathText)
        hasher.combine(customIndex)
        hasher.combine(departureText)
    }

    /// The id reported for this visit: the custom step's id, or the declared step's id.
    public var stepID: String { custom?.id ?? path.stepID }

    /// Whether this visit is an ad-hoc step outside the declared order.
    @inlinable public var isCustom: Bool { customIndex != 0 }
}

/// An ad-hoc step outside the declared order, pushed with `push(custom:)`; finishing it returns to
/// the step it was pushed from.
public struct CustomStep: Hashable, Sendable, Codable {
    /// The step's id, used in analytics and saved progress.
    public let id: String
    /// The name of the screen that presents it; defaults to the id.
    public let screen: String

    /// Creates a custom step.
    public init(_ id: String, screen: String? = nil) {
        self.id = id
        self.screen = screen ?? id
    }

    /// Every custom step pushed in this process, so that visits refer to one by its index; an
    /// entry costs its two strings once, however many visits refer to it.
    static let table = InternTable<CustomStep>()
}

/// How a step was left.
public struct Departure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The outcome name or marker, held without reference counting so departures are cheap to copy.
    @usableFromInline let text: CompactString

    /// The outcome name, or a reserved `$`-prefixed marker for jumps, pushes and early completion.
    public var rawValue: String { text.string }

    /// The step was left with this outcome.
    @inlinable
    public static func outcome(_ name: String) -> Departure { Departure(text: CompactString(name)) }
    /// The step was left by `jump(to:)`.
    public static let jump = Departure(text: CompactString("$jump"))
    /// A custom step was pushed on top of this step with `push(custom:)`.
    public static let pushedCustom = Departure(text: CompactString("$push"))
    /// The flow was completed from this step with `complete()`.
    public static let completedFlow = Departure(text: CompactString("$complete"))

    public init(from decoder: any Decoder) throws {
        text = CompactString(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    @inlinable
    init(text: CompactString) { self.text = text }

    /// The outcome name, when the step was left with an outcome.
    public var outcome: String? { text.firstByte == UInt8(ascii: "$") ? nil : rawValue }

    public var description: String { rawValue }
}
