import Foundation

/// A Waypoint document: the flows, walkthroughs and experiments an app reads from `waypoint.json`.
///
/// The format is fixed (schema version 1) and shared with tools outside the package. Read one with
/// ``validate(_:)-(Data)`` (or ``init(validating:)``), which checks it strictly and reports every problem with
/// its line and column; that is the only reader of the format. The type is `Encodable`, so `JSONEncoder`
/// writes a document that ``validate(_:)-(Data)`` reads back.
///
/// ```swift
/// let validation = WaypointDocument.validate(data)
/// for diagnostic in validation.diagnostics + validation.lint() {
///     print(diagnostic.formatted(file: "waypoint.json"))
/// }
/// if let document = validation.document {
///     let resolution = try document.resolve(attributes: ["id": "u-123", "country": "US"])
/// }
/// ```
public struct WaypointDocument: Sendable, Hashable, Encodable {
    /// The only schema version this version of Waypoint reads.
    package static let currentSchemaVersion = 1

    /// The version of the format; always 1.
    package var schemaVersion: Int
    /// The flows, in document order; entries that vary by experiment share an id.
    public var flows: [FlowEntry]
    /// The walkthroughs, in document order; entries that vary by experiment share an id.
    public var walkthroughs: [WalkthroughEntry]
    /// The experiments that flows and walkthroughs refer to.
    public var experiments: [ExperimentEntry]
    /// The locale of the texts shown when none of the user's locales has one (`"defaultLocale": "en"`);
    /// required when the document has a localized text.
    public var defaultLocale: String?
    /// The server revision this document was served as (the `Waypoint-Revision` response header),
    /// when ``RemoteDocument`` got it from a server that sends one; `nil` for a document read from a
    /// file or bundled with the app.
    ///
    /// It is not part of the document format (never encoded). ``resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)``
    /// puts it on the flows and walkthroughs it builds, and analytics write it as `revision` on their events.
    public var revision: Int?

    /// Creates a document.
    package init(
        schemaVersion: Int = WaypointDocument.currentSchemaVersion,
        flows: [FlowEntry] = [],
        walkthroughs: [WalkthroughEntry] = [],
        experiments: [ExperimentEntry] = [],
        defaultLocale: String? = nil,
        revision: Int? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.flows = flows
        self.walkthroughs = walkthroughs
        self.experiments = experiments
        self.defaultLocale = defaultLocale
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey { case schemaVersion, defaultLocale, flows, walkthroughs, experiments }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encodeIfPresent(defaultLocale, forKey: .defaultLocale)
        try container.encode(flows, forKey: .flows)
        try container.encode(walkthroughs, forKey: .walkthroughs)
        try container.encode(experiments, forKey: .experiments)
    }

    /// The experiment with `key`, if any (the first one when the key is repeated).
    package func experiment(_ key: String) -> ExperimentEntry? {
        experiments.first { $0.key == key }
    }
}
