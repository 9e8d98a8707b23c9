/// Walks a parsed document against the format, collecting every problem and building the typed model.
///
/// One pass, no recursion beyond the fixed shape of the format (document → flow → step → value), and no
/// early exit: a bad value is reported and the walk goes on with its siblings, so one run lists every
/// problem. The model is returned only when there was no error.
struct DocumentDecoder {
    /// A problem found, with the byte offset it points at.
    struct Problem: Sendable {
        let offset: Int
        let severity: Diagnostic.Severity
        let code: DiagnosticCode
        let path: String
        let message: String
    }

    /// The keys an object may have, with their UTF-8 bytes for comparing without building strings.
    struct KeySet: Sendable {
        let names: [String]
        let bytes: [[UInt8]]

        init(_ names: [String]) {
            self.names = names
            self.bytes = names.map { Array($0.utf8) }
        }
    }

    let tape: JSONTape
    private(set) var problems: [Problem] = []
    private(set) var errorCount = 0
    /// The path of the value being read.
    var path: [DocumentPath.Component] = []
    /// How serious an unknown key is: an error when checking a document before it is published, a
    /// warning when an app reads a newer document that only adds keys.
    let unknownKeySeverity: Diagnostic.Severity
    /// The document's `defaultLocale`, read before any text.
    var defaultLocale: DefaultLocale = .absent
    /// Whether `missing-default-locale` was reported for a document without `defaultLocale` (once).
    var reportedMissingDefaultLocale = false
    /// The flows and walkthroughs and their steps, read from the text, for checking experiment changes.
    var changeTargets = ChangeTargets()

    /// What the document says its default locale is.
    enum DefaultLocale {
        case absent
        case invalid
        case valid(String)
    }

    init(tape: JSONTape, unknownKeySeverity: Diagnostic.Severity = .error) {
        self.tape = tape
        self.unknownKeySeverity = unknownKeySeverity
    }

    // MARK: Reporting

    /// Records a problem at `node`; `component` extends the current path (the key or index concerned).
    mutating func report(
        _ code: DiagnosticCode, at node: Int, _ component: DocumentPath.Component? = nil,
        _ message: String, severity: Diagnostic.Severity = .error
    ) {
        report(code, offset: Int(tape[node].offset), component, message, severity: severity)
    }

    /// Records a problem at a byte offset.
    mutating func report(
        _ code: DiagnosticCode, offset: Int, _ component: DocumentPath.Component? = nil,
        _ message: String, severity: Diagnostic.Severity = .error
    ) {
        var components = path
        if let component { components.append(component) }
        problems.append(Problem(offset: offset, severity: severity, code: code, path: DocumentPath(components).description, message: message))
        if severity == .error { errorCount += 1 }
    }

    // MARK: Objects

    /// The value node of each key of `keys` in the object at `node` (`-1` when absent), reporting unknown
    /// and repeated keys. `what` names the object in messages ("a flow step").
    mutating func fields(of node: Int, _ keys: KeySet, what: String) -> [Int] {
        var found = [Int](repeating: -1, count: keys.names.count)
        tape.forEachMember(node) { key, value in
            guard let index = keyIndex(key, in: keys) else {
                let name = tape.string(key)
                report(.unknownKey, at: key, .key(name), unknownKeyMessage(name, keys: keys.names, what: what), severity: unknownKeySeverity)
                return
            }
            if found[index] >= 0 {
                report(.duplicateKey, at: key, .key(keys.names[index]), "`\(keys.names[index])` appears more than once in \(what); keep one")
            }
            found[index] = value
        }
        return found
    }

    /// The position of the key node `key` in `keys`.
    func keyIndex(_ key: Int, in keys: KeySet) -> Int? {
        let node = tape[key]
        guard node.flag == 0 else {
            let name = tape.string(key)
            return keys.names.firstIndex(of: name)
        }
        let length = Int(node.length) - 2
        let start = Int(node.offset) + 1
        return tape.bytes.withUnsafeBufferPointer { buffer in
            candidates: for (index, candidate) in keys.bytes.enumerated() where candidate.count == length {
                for offset in 0..<length where buffer[start + offset] != candidate[offset] { continue candidates }
                return index
            }
            return nil
        }
    }

    func unknownKeyMessage(_ name: String, keys: [String], what: String) -> String {
        let shown = Self.quoted(name)
        if let suggestion = Spelling.suggestion(for: name, among: keys) {
            return "unknown key \(shown) in \(what); did you mean `\(suggestion)`?"
        }
        return "unknown key \(shown) in \(what); allowed keys are \(Spelling.choices(keys, conjunction: "and"))"
    }

    /// Whether the node is an object; reports `wrong-type` otherwise.
    mutating func expectObject(_ node: Int, _ component: DocumentPath.Component?, what: String, example: String) -> Bool {
        guard tape.kind(node) == .object else {
            report(.wrongType, at: node, component, "\(what) must be an object such as \(example), but this is \(describe(node))")
            return false
        }
        return true
    }

    /// Whether the node is an array; reports `wrong-type` otherwise.
    mutating func expectArray(_ node: Int, _ component: DocumentPath.Component?, label: String) -> Bool {
        guard tape.kind(node) == .array else {
            report(.wrongType, at: node, component, "`\(label)` must be an array, but this is \(describe(node))")
            return false
        }
        return true
    }

    /// Reports a required key that is absent, pointing at the object.
    mutating func missing(_ key: String, in object: Int, what: String, hint: String = "") {
        report(.missingKey, at: object, .key(key), "\(what) needs `\(key)`\(hint)")
    }

    // MARK: Values

    /// A string value; reports `wrong-type` otherwise.
    mutating func string(_ node: Int, _ component: DocumentPath.Component?, label: String) -> String? {
        guard tape.kind(node) == .string else {
            report(.wrongType, at: node, component, "`\(label)` must be a string, but this is \(describe(node))")
            return nil
        }
        return tape.string(node)
    }

    /// A non-empty string value.
    mutating func nonEmptyString(_ node: Int, _ component: DocumentPath.Component?, label: String) -> String? {
        guard let text = string(node, component, label: label) else { return nil }
        guard !text.isEmpty else {
            report(.badValue, at: node, component, "`\(label)` must not be empty")
            return nil
        }
        return text
    }

    /// An id: a non-empty string of letters, digits, `.`, `_` and `-`.
    mutating func id(_ node: Int, _ component: DocumentPath.Component?, label: String) -> String? {
        guard tape.kind(node) == .string else {
            report(.wrongType, at: node, component, "`\(label)` must be a string, but this is \(describe(node))")
            return nil
        }
        guard isID(node) else {
            let text = tape.string(node)
            report(.badId, at: node, component, Self.badIDMessage(text, label: label))
            return nil
        }
        return tape.string(node)
    }

    static func badIDMessage(_ text: String, label: String) -> String {
        if text.isEmpty { return "`\(label)` must not be empty; ids use letters, digits, `.`, `_` and `-`" }
        return "\(quoted(text)) is not a valid \(label == "id" ? "id" : "`\(label)`"); ids use only letters, digits, `.`, `_` and `-`"
    }

    /// Whether the string node is a valid id.
    func isID(_ node: Int) -> Bool {
        let header = tape[node]
        guard header.flag == 0 else { return Self.isID(tape.string(node)) }
        let start = Int(header.offset) + 1
        let end = Int(header.offset) + Int(header.length) - 1
        guard end > start else { return false }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            for index in start..<end where !Self.isIDByte(buffer[index]) { return false }
            return true
        }
    }

    /// Whether `text` is a valid id.
    static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isIDByte)
    }

    @inline(__always)
    static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// A whole number of at least `minimum` (a number written `2.0` counts as whole).
    mutating func integer(_ node: Int, _ component: DocumentPath.Component?, label: String, minimum: Int) -> Int? {
        guard tape.kind(node) == .number else {
            report(.wrongType, at: node, component, "`\(label)` must be a whole number, but this is \(describe(node))")
            return nil
        }
        let value: Int
        if let exact = tape.integer(node) {
            value = exact
        } else {
            let number = tape.double(node)
            guard number.isFinite, number.rounded() == number, let exact = Int(exactly: number) else {
                report(.badValue, at: node, component, "`\(label)` must be a whole number of at least \(minimum), but this is `\(tape.tokenText(node))`")
                return nil
            }
            value = exact
        }
        guard value >= minimum else {
            report(.badValue, at: node, component, "`\(label)` must be at least \(minimum), but this is `\(tape.tokenText(node))`")
            return nil
        }
        return value
    }

    /// A finite number.
    mutating func number(_ node: Int, _ component: DocumentPath.Component?, label: String) -> Double? {
        guard tape.kind(node) == .number else {
            report(.wrongType, at: node, component, "`\(label)` must be a number, but this is \(describe(node))")
            return nil
        }
        let value = tape.double(node)
        guard value.isFinite else {
            report(.badValue, at: node, component, "`\(label)` is too large a number (`\(Self.shortened(tape.tokenText(node)))`)")
            return nil
        }
        return value
    }

    /// A number from 0 to 1.
    mutating func fraction(_ node: Int, _ component: DocumentPath.Component?, label: String) -> Double? {
        guard let value = number(node, component, label: label) else { return nil }
        guard value >= 0, value <= 1 else {
            report(.badValue, at: node, component, "`\(label)` must be from 0 to 1, but this is `\(tape.tokenText(node))`")
            return nil
        }
        return value
    }

    /// A number of at least 0; a negative one is `code` (`bad-value`, or `negative-duration` for durations).
    mutating func nonNegative(
        _ node: Int, _ component: DocumentPath.Component?, label: String, code: DiagnosticCode = .badValue, unit: String = ""
    ) -> Double? {
        guard let value = number(node, component, label: label) else { return nil }
        guard value >= 0 else {
            report(code, at: node, component, "`\(label)` must not be negative (it is `\(tape.tokenText(node))`); use 0 or more\(unit)")
            return nil
        }
        return value
    }

    /// A boolean.
    mutating func bool(_ node: Int, _ component: DocumentPath.Component?, label: String) -> Bool? {
        guard tape.kind(node) == .bool else {
            report(.wrongType, at: node, component, "`\(label)` must be `true` or `false`, but this is \(describe(node))")
            return nil
        }
        return tape[node].flag != 0
    }

    /// One of a closed set of strings; reports `bad-value` with the allowed ones.
    mutating func choice<T>(
        _ node: Int, _ component: DocumentPath.Component?, label: String, what: String, _ options: [(String, T)]
    ) -> T? {
        guard let text = string(node, component, label: label) else { return nil }
        if let match = options.first(where: { $0.0 == text }) { return match.1 }
        let names = options.map(\.0)
        var message = "\(Self.quoted(text)) is not \(what); use \(Spelling.choices(names))"
        if let suggestion = Spelling.suggestion(for: text, among: names) { message += " (did you mean `\(suggestion)`?)" }
        report(.badValue, at: node, component, message)
        return nil
    }

    /// A GrowthBook condition; reports `wrong-type`, duplicate keys and every problem of the condition.
    mutating func condition(_ node: Int, _ component: DocumentPath.Component?, label: String) -> Condition? {
        guard tape.kind(node) == .object else {
            report(.wrongType, at: node, component,
                   "`\(label)` must be a condition object such as {\"country\": \"US\"}, but this is \(describe(node))")
            return nil
        }
        var duplicates: [Int] = []
        let json = tape.value(node, duplicateKeys: &duplicates)
        for key in duplicates {
            let name = tape.string(key)
            report(.duplicateKey, at: key, component, "\(Self.quoted(name)) appears more than once in this condition object; keep one")
        }
        let condition = Condition(json: json)
        guard condition.problems.isEmpty else {
            let base = DocumentPath(path + (component.map { [$0] } ?? []))
            for problem in condition.problems {
                let problemPath = base.appending(conditionPath: problem.path) ?? base
                let target = tape.locate(problemPath.components.dropFirst(base.components.count), from: node) ?? node
                problems.append(Problem(offset: Int(tape[target].offset), severity: .error, code: .badCondition,
                                        path: problemPath.description, message: problem.message))
                errorCount += 1
            }
            return nil
        }
        return duplicates.isEmpty ? condition : nil
    }

    // MARK: Messages

    /// Describes a value for a message: "the string `\"1\"`", "an array", "null".
    func describe(_ node: Int) -> String {
        switch tape.kind(node) {
        case .null: "`null`"
        case .bool: tape[node].flag != 0 ? "`true`" : "`false`"
        case .number: "the number `\(Self.shortened(tape.tokenText(node)))`"
        case .string: "the string \(Self.quoted(tape.string(node)))"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A value in backticks, shortened when long.
    static func quoted(_ text: String) -> String {
        "`\(shortened(text))`"
    }

    static func shortened(_ text: String) -> String {
        let characters = text.count
        guard characters > 40 else { return text }
        return String(text.prefix(37)) + "…"
    }
}

extension JSONTape {
    /// The node at a path below `node` (object keys, array indices), or `nil` when there is none.
    func locate<Components: Sequence>(_ components: Components, from node: Int) -> Int? where Components.Element == DocumentPath.Component {
        var current = node
        for component in components {
            switch component {
            case .key(let key):
                guard let next = member(current, key) else { return nil }
                current = next
            case .index(let index):
                guard let next = element(current, index) else { return nil }
                current = next
            }
        }
        return current
    }
}
