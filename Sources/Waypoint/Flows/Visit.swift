/// One entry of a flow's visited path: a declared step or an ad-hoc custom step, and how it was left.
public struct Visit: Hashable, Sendable, Codable {
    /// The declared step visited; for a custom step, the step it was pushed from.
    public let path: StepPath
    /// The ad-hoc step shown, when this visit was pushed with `push(custom:)`.
    public let custom: CustomStep?
    /// How the user left this step; `nil` while it is the current step.
    public internal(set) var departure: Departure?

    /// Creates a visit.
    package init(path: StepPath, custom: CustomStep? = nil, departure: Departure? = nil) {
        self.path = path
        self.custom = custom
        self.departure = departure
    }

    /// The id analytics events carry for this visit: the custom step's id, or the declared
    /// step's full path (`shared-end/consent` inside a subflow).
    public var stepID: String { custom?.id ?? path.rawValue }

    /// Whether this visit is an ad-hoc step outside the declared order.
    @inlinable package var isCustom: Bool { custom != nil }
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
    package let rawValue: String

    @usableFromInline
    init(rawValue: String) { self.rawValue = rawValue }

    /// The step was left with this outcome.
    @inlinable
    package static func outcome(_ name: String) -> Departure { Departure(rawValue: name) }
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

    /// The outcome name, when the step was left with an outcome.
    public var outcome: String? { rawValue.hasPrefix("$") ? nil : rawValue }

    public var description: String { rawValue }
}
