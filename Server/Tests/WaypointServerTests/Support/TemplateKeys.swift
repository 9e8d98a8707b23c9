import Foundation

/// Checks the names a Mustache template looks up against a sample of the value it renders.
///
/// Names resolve the way swift-mustache resolves them: through `Mirror`, climbing from the innermost
/// section's value out to the root, a list section on each element, a `Bool` section on the same values.
///
/// The sample must set every optional and fill every list, so that every section's names are
/// checked against a value of the type they would meet.
struct TemplateKeys {
    /// A tag of a template, sections holding their own tags.
    indirect enum Tag {
        case variable(String)
        case section(String, inverted: Bool, [Tag])
        case partial(String)
    }

    /// What checking a template found.
    struct Findings {
        /// Names no value on the section stack has: "`name` (in `section › section`)".
        var missing: [String] = []
        /// Sections the sample leaves empty (nil or an empty list), so their names went unchecked.
        var unchecked: [String] = []
        /// `Type.property` of every stored property a name resolved to.
        var used: Set<String> = []
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// The templates the partials name, parsed.
    let partials: [String: [Tag]]

    init(partials: [(name: String, text: String)]) throws {
        var parsed: [String: [Tag]] = [:]
        for (name, text) in partials { parsed[name] = try Self.parse(text) }
        self.partials = parsed
    }

    /// The tags of `text`; throws for a tag this checker does not read and for unbalanced sections.
    static func parse(_ text: String) throws -> [Tag] {
        var open: [(name: String, inverted: Bool, tags: [Tag])] = [("", false, [])]
        var rest = Substring(text)
        while let start = rest.range(of: "{{") {
            let triple = rest[start.upperBound...].hasPrefix("{")
            let closing = triple ? "}}}" : "}}"
            let contentStart = triple ? rest.index(after: start.upperBound) : start.upperBound
            guard let end = rest[contentStart...].range(of: closing) else {
                throw ParseError(description: "an unclosed tag at \(rest[start.lowerBound...].prefix(30))")
            }
            let content = rest[contentStart..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[end.upperBound...]
            guard let sigil = content.first else { throw ParseError(description: "an empty tag") }
            let name = String(content.dropFirst()).trimmingCharacters(in: .whitespaces)
            switch triple ? Character(" ") : sigil {
            case "#", "^":
                open.append((name, sigil == "^", []))
            case "/":
                guard open.count > 1, let section = open.popLast(), section.name == name else {
                    throw ParseError(description: "{{/\(name)}} closes no open section of that name")
                }
                open[open.count - 1].tags.append(.section(name, inverted: section.inverted, section.tags))
            case ">":
                open[open.count - 1].tags.append(.partial(name))
            case "!":
                continue
            case "&":
                open[open.count - 1].tags.append(.variable(name))
            case "=", "<", "$":
                throw ParseError(description: "{{\(content)}}: a tag this checker does not read")
            default:
                open[open.count - 1].tags.append(.variable(content))
            }
        }
        guard open.count == 1 else { throw ParseError(description: "{{#\(open[open.count - 1].name)}} is never closed") }
        return open[0].tags
    }

    /// Checks `tags` against `sample` (the template's root value).
    func check(_ tags: [Tag], sample: Any) -> Findings {
        var findings = Findings()
        check(tags, stack: [sample], sections: [], findings: &findings)
        return findings
    }

    private func check(_ tags: [Tag], stack: [Any], sections: [String], findings: inout Findings) {
        let place = sections.isEmpty ? "" : " (in \(sections.joined(separator: " › ")))"
        for tag in tags {
            switch tag {
            case .variable(let name):
                if resolve(name, in: stack, findings: &findings) == nil { findings.missing.append("`\(name)`\(place)") }
            case .partial(let name):
                guard let partial = partials[name] else {
                    findings.missing.append("partial `\(name)`\(place)")
                    continue
                }
                check(partial, stack: stack, sections: sections + ["> \(name)"], findings: &findings)
            case .section(let name, let inverted, let inner):
                guard let value = resolve(name, in: stack, findings: &findings) else {
                    findings.missing.append("`\(name)`\(place)")
                    continue
                }
                let path = sections + [(inverted ? "^" : "#") + name]
                if inverted || value is Bool {
                    check(inner, stack: stack, sections: path, findings: &findings)
                } else if Mirror(reflecting: value).displayStyle == .collection || Mirror(reflecting: value).displayStyle == .set {
                    guard let first = Mirror(reflecting: value).children.first?.value else {
                        findings.unchecked.append(path.joined(separator: " › "))
                        continue
                    }
                    check(inner, stack: stack + [first], sections: path, findings: &findings)
                } else {
                    check(inner, stack: stack + [value], sections: path, findings: &findings)
                }
            }
        }
    }

    /// The value `name` resolves to on `stack`, innermost first; nil when none has it.
    ///
    /// A property the sample leaves nil counts as found (its section is reported unchecked).
    private func resolve(_ name: String, in stack: [Any], findings: inout Findings) -> Any? {
        if name == "." { return stack.last }
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        for object in stack.reversed() {
            guard var value = property(first, of: object, findings: &findings) else { continue }
            for part in parts.dropFirst() {
                guard let next = property(part, of: value, findings: &findings) else { return nil }
                value = next
            }
            return value
        }
        return nil
    }

    private func property(_ name: String, of object: Any, findings: inout Findings) -> Any? {
        guard let child = Mirror(reflecting: object).children.first(where: { $0.label == name }) else { return nil }
        findings.used.insert(String(reflecting: type(of: object)) + "." + name)
        let mirror = Mirror(reflecting: child.value)
        guard mirror.displayStyle == .optional else { return child.value }
        // A nil optional: an empty list stands for it, so that its section is reported unchecked.
        return mirror.children.first?.value ?? [Any]()
    }

    /// `Type.property` of every stored property of `value`, its lists' elements and optionals included.
    static func storedProperties(of value: Any) -> Set<String> {
        var found: Set<String> = []
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .class:
            for child in mirror.children {
                guard let label = child.label else { continue }
                found.insert(String(reflecting: type(of: value)) + "." + label)
                found.formUnion(storedProperties(of: child.value))
            }
        case .optional, .collection, .set:
            for child in mirror.children { found.formUnion(storedProperties(of: child.value)) }
        default:
            break
        }
        return found
    }
}
