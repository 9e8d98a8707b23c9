import Waypoint

extension ContentCardSVG {
    /// What a card draws of a step's content, read from its keys (compared without regard to case).
    ///
    /// - The title: the first string of `title`, `headline`, `heading` and `header`.
    /// - The body: the strings of `subtitle`, `subheadline`, `subheading`, `body`, `message`,
    ///   `description`, `text`, `detail` and `details`, in that order.
    /// - The buttons: every key containing `button` or `cta` whose value is a string, an array of
    ///   strings (one button each) or an object with a string `title`, `label` or `text` (its other
    ///   members are fields). `button`, `cta` and keys containing `primary` come first, then the others
    ///   by key; the first is the primary button unless its key contains `secondary`.
    /// - The fields: everything else, keys sorted, nested values by their path (`badge.text`,
    ///   `plans[1].name`); an array of strings, numbers or booleans is one field, an element a line.
    ///
    /// ```swift
    /// let parts = ContentCardSVG.parts(of: StepContent(["headline": "Go premium", "button": "Start", "trialDays": 7]))
    /// parts.title?.text        // "Go premium"
    /// parts.buttons.map(\.title) // ["Start"]
    /// parts.fields.map(\.key)    // ["trialDays"]
    /// ```
    public struct Parts: Sendable, Hashable {
        /// A text of the card and the key (or path) it comes from.
        public struct Field: Sendable, Hashable {
            /// The key, or the path of a nested value (`badge.text`).
            public let key: String
            /// The value as drawn: a string as written, a number or boolean as JSON writes it.
            public let text: String
        }

        /// A button of the card.
        public struct Button: Sendable, Hashable {
            /// The key (or path) of its title.
            public let key: String
            /// Its title.
            public let title: String
            /// Whether it is drawn filled, as the step's main action.
            public let isPrimary: Bool
        }

        /// The title, when the content has one.
        public var title: Field?
        /// The body's paragraphs, in the order of the keys above.
        public var body: [Field]
        /// The other values, keys sorted.
        public var fields: [Field]
        /// The buttons, the primary one first.
        public var buttons: [Button]

        /// Whether the card shows nothing of the content.
        public var isEmpty: Bool { title == nil && body.isEmpty && fields.isEmpty && buttons.isEmpty }
    }

    /// The keys whose string is the title, by priority.
    static let titleKeys = ["title", "headline", "heading", "header"]
    /// The keys whose strings are the body, in drawing order.
    static let bodyKeys = ["subtitle", "subheadline", "subheading", "body", "message", "description", "text", "detail", "details"]
    /// The members of an object whose string titles a button, by priority.
    static let buttonTitleKeys = ["title", "label", "text"]

    /// The parts of a card drawn for `content`.
    public static func parts(of content: StepContent) -> Parts {
        var parts = Parts(title: nil, body: [], fields: [], buttons: [])
        var remaining = content.json
        func take(_ keys: [String]) -> [Parts.Field] {
            keys.flatMap { wanted in
                remaining.keys.sorted().filter { $0.lowercased() == wanted }.compactMap { key -> Parts.Field? in
                    guard let text = remaining[key]?.stringValue else { return nil }
                    remaining[key] = nil
                    return Parts.Field(key: key, text: text)
                }
            }
        }
        let titles = take(titleKeys)
        parts.title = titles.first
        // Only the first title is the title; another is a field.
        for other in titles.dropFirst() { remaining[other.key] = .string(other.text) }
        parts.body = take(bodyKeys)

        var buttons: [(key: String, title: String)] = []
        for key in remaining.keys.sorted() where isButtonKey(key) {
            guard let value = remaining[key] else { continue }
            if let title = value.stringValue {
                buttons.append((key, title))
                remaining[key] = nil
            } else if let elements = value.arrayValue, !elements.isEmpty, elements.allSatisfy({ $0.stringValue != nil }) {
                for (index, element) in elements.enumerated() { buttons.append(("\(key)[\(index)]", element.stringValue ?? "")) }
                remaining[key] = nil
            } else if var members = value.objectValue,
                      let titleKey = buttonTitleKeys.lazy.compactMap({ wanted in members.keys.sorted().first { $0.lowercased() == wanted && members[$0]?.stringValue != nil } }).first {
                buttons.append(("\(key).\(titleKey)", members[titleKey]?.stringValue ?? ""))
                members[titleKey] = nil
                remaining[key] = members.isEmpty ? nil : .object(members)
            }
        }
        let ordered = buttons.enumerated().sorted { lhs, rhs in
            let (left, right) = (buttonRank(lhs.element.key), buttonRank(rhs.element.key))
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        parts.buttons = ordered.enumerated().map { index, button in
            Parts.Button(key: button.key, title: button.title, isPrimary: index == 0 && !button.key.lowercased().contains("secondary"))
        }

        for key in remaining.keys.sorted() {
            if let value = remaining[key] { flatten(value, at: key, into: &parts.fields) }
        }
        return parts
    }

    /// Whether a key names a button: it contains `button` or `cta`.
    private static func isButtonKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return lowered.contains("button") || lowered.contains("cta")
    }

    /// 0 for the step's main button (`button`, `cta`, a key containing `primary`), 1 for the others.
    private static func buttonRank(_ path: String) -> Int {
        let key = path.prefix { $0 != "." && $0 != "[" }.lowercased()
        return key == "button" || key == "cta" || key.contains("primary") ? 0 : 1
    }

    /// `value` as fields at `path`: scalars and arrays of scalars as one field, the rest member by member.
    private static func flatten(_ value: JSONValue, at path: String, into fields: inout [Parts.Field]) {
        switch value {
        case .object(let members) where !members.isEmpty:
            for key in members.keys.sorted() { if let member = members[key] { flatten(member, at: "\(path).\(key)", into: &fields) } }
        case .array(let elements) where !elements.isEmpty:
            if elements.allSatisfy(\.isScalar) {
                fields.append(Parts.Field(key: path, text: elements.map { "• " + scalarText($0) }.joined(separator: "\n")))
            } else {
                for (index, element) in elements.enumerated() { flatten(element, at: "\(path)[\(index)]", into: &fields) }
            }
        default:
            fields.append(Parts.Field(key: path, text: scalarText(value)))
        }
    }

    /// A value as one line: a string as written (`(empty text)` when empty), a number or boolean as JSON writes it.
    private static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text.isEmpty ? "(empty text)" : text
        case .number(let number):
            number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        case .array: "[]"
        case .object: "{}"
        }
    }
}

extension JSONValue {
    /// Whether the value is a string, number, boolean or null.
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
