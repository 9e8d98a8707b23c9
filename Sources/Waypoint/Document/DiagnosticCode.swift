/// The stable code of a kind of problem, such as `unknown-key` or `dead-end`; written as a string in JSON.
///
/// Decoding problems: `syntax`, `too-deep`, `duplicate-key`, `unknown-key`, `missing-key`,
/// `wrong-type`, `bad-value`, `bad-id`, `unsupported-schema-version`, `negative-duration`,
/// `bad-condition`, `reserved-outcome`, `conflicting-keys`, `missing-default-locale`, and in an experiment's
/// `changes` `unknown-target` and `unknown-variation`. Graph problems (lint, as listed in
/// docs/ARCHITECTURE.md, "The command-line tool"): `duplicate-id`, `unknown-target`, `unknown-subflow`, `subflow-cycle`, `unreachable-step`,
/// `dead-end`, `no-exit-cycle`, `unknown-experiment`, `unknown-variation`, `bad-weights`,
/// `duplicate-target`, `empty-flow`, `overlapping-experiments`, `unknown-goal`, and `missing-variation`,
/// `removed-content`.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as written, such as `unknown-key`.
    public let rawValue: String

    /// Creates a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a code from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Decodes the code from its string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    // MARK: Decoding

    /// The text is not valid JSON.
    package static let syntax: DiagnosticCode = "syntax"
    /// Arrays and objects nest deeper than the parser allows.
    package static let tooDeep: DiagnosticCode = "too-deep"
    /// An object has the same key twice.
    package static let duplicateKey: DiagnosticCode = "duplicate-key"
    /// A key the format does not have (often a typo).
    package static let unknownKey: DiagnosticCode = "unknown-key"
    /// A required key is absent.
    package static let missingKey: DiagnosticCode = "missing-key"
    /// A value of the wrong JSON type (a string where a number is expected…).
    package static let wrongType: DiagnosticCode = "wrong-type"
    /// A value of the right type that is not allowed (not one of an enumeration, out of range…).
    package static let badValue: DiagnosticCode = "bad-value"
    /// An id that is empty or has characters other than letters, digits, `.`, `_` and `-`.
    package static let badId: DiagnosticCode = "bad-id"
    /// A `schemaVersion` this version of Waypoint does not read.
    package static let unsupportedSchemaVersion: DiagnosticCode = "unsupported-schema-version"
    /// A duration (timeout, timer) below zero.
    package static let negativeDuration: DiagnosticCode = "negative-duration"
    /// A condition GrowthBook cannot evaluate (unknown operator, operand of the wrong kind, bad pattern).
    package static let badCondition: DiagnosticCode = "bad-condition"
    /// An outcome named `back`, which is reserved for going back.
    package static let reservedOutcome: DiagnosticCode = "reserved-outcome"
    /// Two keys that exclude each other (`screen` and `subflow`), or two changes of one step in one variation.
    package static let conflictingKeys: DiagnosticCode = "conflicting-keys"
    /// A document with localized text but no `defaultLocale`, or a localized text without the default locale.
    package static let missingDefaultLocale: DiagnosticCode = "missing-default-locale"

    // MARK: Graph analysis

    /// Two flows, steps, walkthroughs or experiments with the same id.
    package static let duplicateId: DiagnosticCode = "duplicate-id"
    /// An outcome or `start` that names no step of the flow; in an experiment's `changes`, also a flow,
    /// walkthrough or step that the document does not have (a decoding error there).
    package static let unknownTarget: DiagnosticCode = "unknown-target"
    /// A `subflow` that names no flow of the document.
    package static let unknownSubflow: DiagnosticCode = "unknown-subflow"
    /// A flow that runs itself as a subflow, directly or not.
    package static let subflowCycle: DiagnosticCode = "subflow-cycle"
    /// A step that no navigation from the start can enter.
    package static let unreachableStep: DiagnosticCode = "unreachable-step"
    /// A step from which `$complete` cannot be reached.
    package static let deadEnd: DiagnosticCode = "dead-end"
    /// Steps that lead only to each other: once entered, the flow can never complete.
    package static let noExitCycle: DiagnosticCode = "no-exit-cycle"
    /// An `experiment` that names no experiment of the document.
    package static let unknownExperiment: DiagnosticCode = "unknown-experiment"
    /// A `variation` that is not one of its experiment's variations.
    package static let unknownVariation: DiagnosticCode = "unknown-variation"
    /// Experiment weights that do not add up to 1 or do not match the variations.
    package static let badWeights: DiagnosticCode = "bad-weights"
    /// Two steps of a walkthrough on the same element with the same completion trigger.
    package static let duplicateTarget: DiagnosticCode = "duplicate-target"
    /// A flow or walkthrough without steps.
    package static let emptyFlow: DiagnosticCode = "empty-flow"
    /// Two experiments deciding the same thing: both change one step, or entries of one flow or walkthrough id vary by both.
    package static let overlappingExperiments: DiagnosticCode = "overlapping-experiments"
    /// An experiment variation without an entry of a flow or walkthrough that varies by that experiment.
    package static let missingVariation: DiagnosticCode = "missing-variation"
    /// An experiment that no flow or walkthrough varies by (a warning).
    package static let unusedExperiment: DiagnosticCode = "unused-experiment"
    /// A localized text without a locale that another text of the document has (a warning).
    package static let missingTranslation: DiagnosticCode = "missing-translation"
    /// An experiment's `goal` or guardrail that names a step or outcome the flow (or walkthrough) it
    /// reaches does not have.
    package static let unknownGoal: DiagnosticCode = "unknown-goal"
    /// A variation's change that removes a key of a step's `content` (`null`): the screen must do without it (a warning).
    package static let removedContent: DiagnosticCode = "removed-content"
    /// A condition object that mixes operators (`$in`) and plain keys, so it is compared as a literal (a warning).
    package static let mixedCondition: DiagnosticCode = "mixed-condition"
}
