/// What a screen shows for one flow step (a title, a body, button labels, an image name), with every
/// text already in the user's locale.
///
/// The document's `content` of a step becomes a `StepContent` when the flow is resolved for a user
/// (``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)``), after
/// the user's experiment variation has changed it. Screens read it from the navigator:
///
/// ```swift
/// let content = navigator.currentContent
/// title.text = content.string("headline") ?? "Go premium"
/// let plans = content.strings("plans") ?? []
/// let trialDays = content.integer("trialDays") ?? 7
/// ```
///
/// Values the typed accessors do not cover are in ``json``.
public struct StepContent: Sendable, Hashable, Encodable {
    /// The content as JSON, texts already localized.
    public let json: [String: JSONValue]

    /// Empty content, for a step without `content`.
    public static let empty = StepContent([:])

    /// Content from JSON values (for a flow declared in code).
    public init(_ json: [String: JSONValue]) {
        self.json = json
    }

    /// The document's content of a step, with every text in `localization`'s locale.
    package init(_ content: [String: ContentValue], localization: TextLocalization) {
        json = content.mapValues { $0.localized(localization) }
    }

    /// Whether there is no content.
    public var isEmpty: Bool { json.isEmpty }

    /// The keys, sorted.
    public var keys: [String] { json.keys.sorted() }

    /// The raw value at `key`.
    public subscript(key: String) -> JSONValue? { json[key] }

    /// The string at `key` (in the user's locale); `nil` when absent or not a string.
    public func string(_ key: String) -> String? { json[key]?.stringValue }

    /// The number at `key`; `nil` when absent or not a number.
    public func number(_ key: String) -> Double? { json[key]?.doubleValue }

    /// The whole number at `key`; `nil` when absent, not a number, or not whole.
    public func integer(_ key: String) -> Int? { json[key]?.intValue }

    /// The boolean at `key`; `nil` when absent or not a boolean.
    public func bool(_ key: String) -> Bool? { json[key]?.boolValue }

    /// The array at `key`; `nil` when absent or not an array.
    public func array(_ key: String) -> [JSONValue]? { json[key]?.arrayValue }

    /// The array of strings at `key`; `nil` when absent, not an array, or an element is not a string.
    public func strings(_ key: String) -> [String]? {
        guard let elements = json[key]?.arrayValue else { return nil }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.stringValue else { return nil }
            result.append(text)
        }
        return result
    }

    /// The array of objects at `key`, each as content; `nil` when absent, not an array, or an element is not an object.
    public func objects(_ key: String) -> [StepContent]? {
        guard let elements = json[key]?.arrayValue else { return nil }
        var result: [StepContent] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let members = element.objectValue else { return nil }
            result.append(StepContent(members))
        }
        return result
    }

    /// The object at `key`, as content; `nil` when absent or not an object.
    public func object(_ key: String) -> StepContent? { json[key]?.objectValue.map(StepContent.init) }

    /// Encodes the content as a JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}
