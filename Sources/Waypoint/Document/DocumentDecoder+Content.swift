/// Step `content`, texts (plain or localized) and locale tags.
extension DocumentDecoder {
    static let localizedTextKeys = KeySet([LocalizedText.key])

    /// The document's default locale, when it is valid.
    var defaultLocaleTag: String? {
        if case .valid(let tag) = defaultLocale { return tag }
        return nil
    }

    /// A step's `content`: an object of texts, numbers, booleans, arrays and objects.
    mutating func decodeContent(_ node: Int, _ component: DocumentPath.Component) -> [String: ContentValue]? {
        guard expectObject(node, component, what: "`content`", example: #"{"headline": "Welcome", "showsSkip": true}"#) else {
            return nil
        }
        path.append(component)
        defer { path.removeLast() }
        guard case .object(let members)? = contentValue(node, nil) else { return nil }
        return members
    }

    /// The `content` of a variation's change: an object like a step's `content` whose values may also
    /// be `null` (the key is removed from the step's content).
    mutating func decodeContentPatch(_ node: Int, _ component: DocumentPath.Component) -> ContentPatch? {
        let example = #"{"headline": "Save 40% with a year", "badge": null}"#
        guard expectObject(node, component, what: "`content`", example: example) else { return nil }
        path.append(component)
        defer { path.removeLast() }
        let errors = errorCount
        var removals: Set<String>? = []
        guard case .object(let members)? = contentObject(node, nil, removals: &removals), errorCount == errors else { return nil }
        return ContentPatch(values: members, removals: removals ?? [])
    }

    /// One value of `content` at `node`; `component` extends the path. `nil` after reporting a problem.
    private mutating func contentValue(_ node: Int, _ component: DocumentPath.Component?) -> ContentValue? {
        switch tape.kind(node) {
        case .string:
            return .text(.plain(tape.string(node)))
        case .number:
            guard let number = number(node, component, label: "content value") else { return nil }
            return .number(number)
        case .bool:
            return .bool(tape[node].flag != 0)
        case .null:
            report(.wrongType, at: node, component,
                   "a `content` value must be a string, a number, a boolean, an array or an object, but this is `null`; remove the key instead")
            return nil
        case .array:
            if let component { path.append(component) }
            defer { if component != nil { path.removeLast() } }
            let errors = errorCount
            var elements: [ContentValue] = []
            for (index, element) in tape.elements(node).enumerated() {
                if let value = contentValue(element, .index(index)) { elements.append(value) }
            }
            return errorCount == errors ? .array(elements) : nil
        case .object:
            if isLocalizedTextObject(node) {
                return text(node, component, label: "content value", allowsEmpty: true).map(ContentValue.text)
            }
            var removals: Set<String>?
            return contentObject(node, component, removals: &removals)
        }
    }

    /// A `content` object at `node`; with `removals`, a `null` member is collected there (a key removed
    /// by a change) rather than refused.
    private mutating func contentObject(_ node: Int, _ component: DocumentPath.Component?, removals: inout Set<String>?) -> ContentValue? {
        if let component { path.append(component) }
        defer { if component != nil { path.removeLast() } }
        let errors = errorCount
        var members: [String: ContentValue] = [:]
        tape.forEachMember(node) { key, value in
            let name = tape.string(key)
            if members[name] != nil {
                report(.duplicateKey, at: key, .key(name), "\(Self.quoted(name)) appears more than once in this `content` object; keep one")
                return
            }
            if name.hasPrefix("$") {
                var message = "\(Self.quoted(name)) is not a content key: keys starting with `$` are reserved"
                if let suggestion = Spelling.suggestion(for: name, among: [LocalizedText.key]) {
                    message += "; did you mean `\(suggestion)` (a localized text, {\"$text\": {\"en\": \"…\"}})?"
                } else {
                    message += "; rename it, or write a localized text as {\"$text\": {\"en\": \"…\"}}"
                }
                report(.unknownKey, at: key, .key(name), message)
                return
            }
            if removals != nil, tape.kind(value) == .null {
                if removals?.contains(name) == true {
                    report(.duplicateKey, at: key, .key(name), "\(Self.quoted(name)) appears more than once in this `content` object; keep one")
                }
                removals?.insert(name)
                return
            }
            if removals?.contains(name) == true {
                report(.duplicateKey, at: key, .key(name), "\(Self.quoted(name)) appears more than once in this `content` object; keep one")
                return
            }
            if let member = contentValue(value, .key(name)) { members[name] = member }
        }
        return errorCount == errors ? .object(members) : nil
    }

    /// Whether the object at `node` has a `$text` key (and so is meant as a localized text).
    private func isLocalizedTextObject(_ node: Int) -> Bool {
        var found = false
        tape.forEachMember(node) { key, _ in
            if tape.stringEquals(key, "$text") { found = true }
        }
        return found
    }

    /// A text: a string, or a localized text `{"$text": {"en": "…"}}` whose locales are valid tags and
    /// include the document's `defaultLocale`.
    mutating func text(_ node: Int, _ component: DocumentPath.Component?, label: String, allowsEmpty: Bool) -> LocalizedText? {
        switch tape.kind(node) {
        case .string:
            let value = tape.string(node)
            if !allowsEmpty, value.isEmpty {
                report(.badValue, at: node, component, "`\(label)` must not be empty")
                return nil
            }
            return .plain(value)
        case .object:
            return localizedText(node, component, label: label, allowsEmpty: allowsEmpty)
        default:
            report(.wrongType, at: node, component,
                   "`\(label)` must be a string or a localized text such as {\"$text\": {\"en\": \"Welcome\", \"de\": \"Willkommen\"}}, but this is \(describe(node))")
            return nil
        }
    }

    private mutating func localizedText(_ node: Int, _ component: DocumentPath.Component?, label: String, allowsEmpty: Bool) -> LocalizedText? {
        if let component { path.append(component) }
        defer { if component != nil { path.removeLast() } }
        let errors = errorCount
        let field = fields(of: node, Self.localizedTextKeys, what: "a localized text")
        guard field[0] >= 0 else {
            if errorCount == errors {
                missing(LocalizedText.key, in: node, what: "a localized text", hint: ", such as {\"$text\": {\"en\": \"Welcome\"}}")
            }
            return nil
        }
        let translationsNode = field[0]
        guard expectObject(translationsNode, .key(LocalizedText.key), what: "`$text`", example: #"{"en": "Welcome", "de": "Willkommen"}"#) else {
            return nil
        }
        guard tape[translationsNode].length > 0 else {
            report(.badValue, at: translationsNode, .key(LocalizedText.key), "a localized text needs at least one locale, such as {\"en\": \"Welcome\"}")
            return nil
        }
        path.append(.key(LocalizedText.key))
        var translations: [String: String] = [:]
        var seen: [String: String] = [:]
        tape.forEachMember(translationsNode) { key, value in
            let tag = tape.string(key)
            guard localeTag(tag, at: key, .key(tag), label: "locale") else { return }
            if let earlier = seen[TextLocalization.normalized(tag)] {
                let message = earlier == tag
                    ? "the locale \(Self.quoted(tag)) appears more than once in this localized text; keep one"
                    : "\(Self.quoted(earlier)) and \(Self.quoted(tag)) are the same locale; keep one"
                report(.duplicateKey, at: key, .key(tag), message)
                return
            }
            seen[TextLocalization.normalized(tag)] = tag
            guard tape.kind(value) == .string else {
                report(.wrongType, at: value, .key(tag), "the \(Self.quoted(tag)) text must be a string, but this is \(describe(value))")
                return
            }
            let text = tape.string(value)
            if !allowsEmpty, text.isEmpty {
                report(.badValue, at: value, .key(tag), "the \(Self.quoted(tag)) text of `\(label)` must not be empty")
                return
            }
            translations[tag] = text
        }
        path.removeLast()
        guard errorCount == errors else { return nil }
        switch defaultLocale {
        case .invalid:
            break
        case .absent:
            if !reportedMissingDefaultLocale {
                reportedMissingDefaultLocale = true
                report(.missingDefaultLocale, at: node, nil,
                       "the document has localized text but no `defaultLocale`; add \"defaultLocale\": \"\(translations.keys.min() ?? "en")\" at the top level: the locale shown when the user's is missing")
            }
        case .valid(let tag):
            if !translations.keys.contains(where: { TextLocalization.normalized($0) == TextLocalization.normalized(tag) }) {
                report(.missingDefaultLocale, at: node, nil,
                       "this localized text has no \(Self.quoted(tag)), the document's `defaultLocale`; add \"\(tag)\": \"…\" (it is shown when the user's locale is missing)")
            }
        }
        return .translations(translations)
    }

    /// Whether `tag` is a locale tag in the form of BCP 47 (`en`, `pt-BR`, `zh-Hant-TW`); reports `bad-value` otherwise.
    mutating func localeTag(_ tag: String, at node: Int, _ component: DocumentPath.Component?, label: String) -> Bool {
        if let problem = Self.localeTagProblem(tag, label: label) {
            report(.badValue, at: node, component, problem)
            return false
        }
        return true
    }

    /// What is wrong with a locale tag, or `nil` when it is a language subtag of 2 to 8 letters
    /// followed by subtags of 1 to 8 letters or digits, separated by `-`.
    static func localeTagProblem(_ tag: String, label: String) -> String? {
        let example = "use a BCP 47 tag such as `en`, `de` or `pt-BR`"
        guard !tag.isEmpty else { return "`\(label)` must not be empty; \(example)" }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isLetter = { (scalar: Unicode.Scalar) in (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") }
        let isAlphanumeric = { (scalar: Unicode.Scalar) in isLetter(scalar) || (scalar >= "0" && scalar <= "9") }
        let language = subtags[0]
        var valid = (2...8).contains(language.unicodeScalars.count) && language.unicodeScalars.allSatisfy(isLetter)
        for subtag in subtags.dropFirst() where !(1...8).contains(subtag.unicodeScalars.count) || !subtag.unicodeScalars.allSatisfy(isAlphanumeric) {
            valid = false
        }
        guard !valid else { return nil }
        var problem = "\(quoted(tag)) is not a locale tag; \(example)"
        let dashed = tag.replacingOccurrences(of: "_", with: "-")
        if dashed != tag, localeTagProblem(dashed, label: label) == nil { problem += " (did you mean `\(dashed)`?)" }
        return problem
    }
}

extension LocalizedText {
    /// The key of a localized text object.
    static let key = "$text"
}
