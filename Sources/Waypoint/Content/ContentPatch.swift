/// How a variation's change of `content` changes a step's: merged key by key (docs/ARCHITECTURE.md,
/// "Experiments that change steps").
///
/// The keys given replace the step's, a key written `null` removes the step's, and the others stay: a
/// variation that only changes the headline keeps the button label.
///
/// ```swift
/// let patch = ContentPatch(values: ["headline": .text("Save 40% with a year")], removals: ["badge"])
/// patch.merged(into: ["headline": .text("Go premium"), "badge": .text("New"), "trialDays": .number(7)])
/// // ["headline": "Save 40% with a year", "trialDays": 7]
/// ```
public struct ContentPatch: Sendable, Hashable, Encodable {
    /// The values that replace (or add) keys of the step's content.
    public var values: [String: ContentValue]
    /// The keys removed from the step's content (written `null`).
    public var removals: Set<String>

    /// Creates a patch that sets `values` and removes `removals`.
    public init(values: [String: ContentValue] = [:], removals: Set<String> = []) {
        self.values = values
        self.removals = removals.subtracting(values.keys)
    }

    /// The keys the patch sets or removes, sorted.
    package var keys: [String] { (Array(values.keys) + removals).sorted() }

    /// Whether the patch neither sets nor removes a key.
    package var isEmpty: Bool { values.isEmpty && removals.isEmpty }

    /// `content` with the patch merged in: the keys given replaced, the removed ones gone, the others
    /// kept. `nil` when nothing is left of a step's content that had none or lost its last key.
    public func merged(into content: [String: ContentValue]?) -> [String: ContentValue]? {
        var result = content ?? [:]
        for key in removals { result[key] = nil }
        result.merge(values) { _, new in new }
        return result.isEmpty && (content == nil || !removals.isEmpty) ? nil : result
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Encodes the document form: an object whose removed keys are `null`, keys sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for key in keys {
            if let value = values[key] {
                try container.encode(value, forKey: MemberKey(stringValue: key))
            } else {
                try container.encodeNil(forKey: MemberKey(stringValue: key))
            }
        }
    }
}
