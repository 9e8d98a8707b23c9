/// One entry of a flow's visited path: a declared step or an ad-hoc custom step, and how it was left.
public struct Visit: Hashable, Sendable, Codable {
    /// The declared step visited; for a custom step, the step it was pushed from.
    public let path: StepPath
    /// The ad-hoc step shown, when this visit was pushed with `push(custom:)`.
    public var custom: CustomStep? { customBox?.step }
    /// Keeps the rare custom step behind one reference, so visits stay small to copy.
    @usableFromInline let customBox: CustomStepBox?
    /// How the user left this step; `nil` while it is the current step.
    public internal(set) var departure: Departure?

    /// Creates a visit.
    public init(path: StepPath, custom: CustomStep? = nil, departure: Departure? = nil) {
        self.path = path
        self.customBox = custom.map(CustomStepBox.init)
        self.departure = departure
    }

    @usableFromInline
    init(path: StepPath) {
        self.path = path
        self.customBox = nil
        self.departure = nil
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

    public static func == (lhs: Visit, rhs: Visit) -> Bool {
        lhs.path == rhs.path && lhs.custom == rhs.custom && lhs.departure == rhs.departure
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(custom)
        hasher.combine(departure)
    }

    /// The id reported for this visit: the custom step's id, or the declared step's id.
    public var stepID: String { custom?.id ?? path.stepID }

    /// Whether this visit is an ad-hoc step outside the declared order.
    public var isCustom: Bool { customBox != nil }
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
}

/// How a step was left.
public struct Departure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The outcome name, or a reserved `$`-prefixed marker for jumps, pushes and early completion.
    public let rawValue: String

    /// The step was left with this outcome.
    public static func outcome(_ name: String) -> Departure { Departure(rawValue: name) }
    /// The step was left by `jump(to:)`.
    public static let jump = Departure(rawValue: "$jump")
    /// A custom step was pushed on top of this step with `push(custom:)`.
    public static let pushedCustom = Departure(rawValue: "$push")
    /// The flow was completed from this step with `complete()`.
    public static let completedFlow = Departure(rawValue: "$complete")

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private init(rawValue: String) { self.rawValue = rawValue }

    /// The outcome name, when the step was left with an outcome.
    public var outcome: String? { rawValue.hasPrefix("$") ? nil : rawValue }

    public var description: String { rawValue }
}

/// Holds a custom step behind a reference.
@usableFromInline
final class CustomStepBox: Sendable {
    let step: CustomStep
    init(_ step: CustomStep) { self.step = step }
}
