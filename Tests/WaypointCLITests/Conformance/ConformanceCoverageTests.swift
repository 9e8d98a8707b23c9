import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// docs/ARCHITECTURE.md names the cases that pin each rule a client implements (`Cases: \`…\``):
/// every navigation, exposure and event rule names some, and every case named exists.
@Suite("Conformance cases cover the rules")
struct ConformanceCoverageTests {
    static let architecture = Repository.root.appendingPathComponent("docs/ARCHITECTURE.md")

    /// The sections whose rules a client implements, and whether their paragraphs are rules too
    /// (otherwise only their bullets are).
    static let ruleSections: [(heading: String, paragraphsAreRules: Bool)] = [
        ("## The document format", false), ("### Content and localized text", false),
        ("### Experiments that change steps", false), ("## Events", true), ("### Exposure", true),
    ]

    /// The rules of the section under `heading`: its bullets (with their continuation lines) and,
    /// when asked, its paragraphs; code blocks are left out.
    static func rules(under heading: String, paragraphsAreRules: Bool, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        var units: [String] = []
        var current: [String] = []
        var currentIsBullet = false
        var inCode = false
        func close() {
            if !current.isEmpty && (currentIsBullet || paragraphsAreRules) { units.append(current.joined(separator: " ")) }
            current = []
        }
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            if line.hasPrefix("```") { inCode.toggle(); close(); continue }
            if inCode { continue }
            if line.hasPrefix("- ") {
                close()
                current = [line]
                currentIsBullet = true
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                close()
            } else if current.isEmpty {
                current = [line]
                currentIsBullet = false
            } else {
                current.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        close()
        return units
    }

    /// The case ids named after each `Cases:` of `text`.
    static func namedCases(in text: String) -> [String] {
        var ids: [String] = []
        for part in text.components(separatedBy: "Cases:").dropFirst() {
            // The ids run up to the end of the sentence: the first `.` outside backticks followed by a space or the end.
            let pieces = part.components(separatedBy: "`")
            var index = 1
            while index < pieces.count {
                let id = pieces[index]
                if id.range(of: #"^[a-z]+/[a-z0-9][a-z0-9./-]*$"#, options: .regularExpression) != nil { ids.append(id) }
                let between = index + 1 < pieces.count ? pieces[index + 1] : ""
                if between.contains(".") || between.contains("\n\n") { break }
                index += 2
            }
        }
        return ids
    }

    @Test func everyCaseNamedInTheArchitectureExists() throws {
        let text = try String(contentsOf: Self.architecture, encoding: .utf8)
        let known = Set(ConformanceSpecTests.cases.map(\.id))
        let named = Self.namedCases(in: text)
        #expect(named.count >= 60, "only \(named.count) case ids are named")
        for id in named { #expect(known.contains(id), "docs/ARCHITECTURE.md names the case `\(id)`, which spec/ does not have") }
    }

    @Test(arguments: ruleSections.map(\.heading))
    func everyClientRuleNamesItsCases(_ heading: String) throws {
        let text = try String(contentsOf: Self.architecture, encoding: .utf8)
        let paragraphs = Self.ruleSections.first { $0.heading == heading }?.paragraphsAreRules ?? false
        let rules = Self.rules(under: heading, paragraphsAreRules: paragraphs, in: text)
        #expect(!rules.isEmpty, "docs/ARCHITECTURE.md has no section \(heading)")
        for rule in rules where !rule.contains("Cases:") && !rule.lowercased().contains("not a client rule") {
            Issue.record("docs/ARCHITECTURE.md, \(heading): a rule names no case (end it with `Cases: …`, or say it is not a client rule): \(rule.prefix(120))…")
        }
    }

    @Test func aRuleWithoutCasesIsFound() {
        let text = "## Events\n\nA paragraph rule. Cases: `text/a`.\n\n- A bullet rule\n  that names none.\n- Not a client rule, this one.\n\n## Next\n"
        let rules = Self.rules(under: "## Events", paragraphsAreRules: true, in: text)
        #expect(rules.count == 3)
        #expect(rules.filter { !$0.contains("Cases:") && !$0.lowercased().contains("not a client rule") } == ["- A bullet rule that names none."])
        #expect(Self.namedCases(in: text) == ["text/a"])
    }
}
