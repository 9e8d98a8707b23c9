import Waypoint
import Foundation

/// `missing-translation`: a localized text without a locale that the document uses somewhere
/// (docs/ARCHITECTURE.md, "Content and localized text").
///
/// Every localized text counts: in steps' `content`, in hints' `tooltipText`, and in what experiment
/// `changes` set. A locale is covered by a text that has it or one of its truncations (`pt` covers
/// `pt-BR`, whose users fall back to it); tags are compared without regard to case. The default locale is
/// left out: a text without it is the format error `missing-default-locale`, which validation reports.
extension DocumentLinter {
    /// A localized text of the document and where it is.
    private struct PlacedText {
        let path: DocumentPath
        let locales: [String]
    }

    /// Warns of each localized text without a locale that another text of the document has.
    mutating func lintTranslations() {
        let texts = localizedTexts()
        guard texts.count > 1 else { return }
        // The locales used, in the spelling first met, sorted.
        var used: [String: String] = [:]
        for text in texts {
            for locale in text.locales where used[Self.normalized(locale)] == nil { used[Self.normalized(locale)] = locale }
        }
        let defaultLocale = document.defaultLocale.map(Self.normalized)
        let locales = used.values.sorted()
        for text in texts {
            let present = Set(text.locales.map(Self.normalized))
            let missing = locales.filter { locale in
                let tag = Self.normalized(locale)
                return tag != defaultLocale && !Self.truncations(tag).contains { present.contains($0) }
            }
            guard !missing.isEmpty else { continue }
            let listed = Spelling.choices(missing, conjunction: "or")
            let fallback = document.defaultLocale.map { "the `\($0)` text (the default locale)" } ?? "another locale's text"
            let additions = missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")
            add(.missingTranslation, .warning, text.path,
                "this localized text has no \(listed), which other texts of the document have; users in "
                    + "\(missing.count == 1 ? "that locale" : "those locales") see \(fallback); add \(additions)")
        }
    }

    /// Every localized text, in document order.
    private func localizedTexts() -> [PlacedText] {
        var result: [PlacedText] = []
        func visit(_ value: ContentValue, at path: DocumentPath) {
            switch value {
            case .text(let text):
                if text.isLocalized { result.append(PlacedText(path: path, locales: text.locales)) }
            case .number, .bool:
                break
            case .array(let elements):
                for (index, element) in elements.enumerated() { visit(element, at: path.appending(index)) }
            case .object(let members):
                for key in members.keys.sorted() { if let member = members[key] { visit(member, at: path.appending(key)) } }
            }
        }
        func visit(_ content: [String: ContentValue]?, at path: DocumentPath) {
            guard let content else { return }
            visit(.object(content), at: path)
        }
        func visit(_ text: LocalizedText?, at path: DocumentPath) {
            guard let text, text.isLocalized else { return }
            result.append(PlacedText(path: path, locales: text.locales))
        }
        for (flowIndex, flow) in document.flows.enumerated() {
            // A path is made only for a step with content.
            for stepIndex in flow.steps.indices {
                guard let content = flow.steps[stepIndex].content else { continue }
                visit(content, at: Self.flowPath(flowIndex).appending("steps").appending(stepIndex).appending("content"))
            }
        }
        for (walkthroughIndex, walkthrough) in document.walkthroughs.enumerated() {
            for stepIndex in walkthrough.steps.indices {
                let text = walkthrough.steps[stepIndex].tooltipText
                guard text.isLocalized else { continue }
                visit(text, at: Self.walkthroughPath(walkthroughIndex).appending("steps").appending(stepIndex).appending("tooltipText"))
            }
        }
        for (experimentIndex, experiment) in document.experiments.enumerated() {
            for variation in experiment.uniqueVariations {
                for (position, change) in experiment.changes(for: variation).enumerated() {
                    let set = Self.experimentPath(experimentIndex).appending("changes").appending(variation).appending(position).appending("set")
                    switch change {
                    case .flowStep(_, _, let change): visit(change.content?.values, at: set.appending("content"))
                    case .walkthroughStep(_, _, let change): visit(change.tooltipText, at: set.appending("tooltipText"))
                    }
                }
            }
        }
        return result
    }

    /// A tag for comparing: lowercased, with `_` as `-`.
    private static func normalized(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The tag and its truncations: `pt-br`, `pt`.
    private static func truncations(_ tag: String) -> [String] {
        var subtags = tag.split(separator: "-").map(String.init)
        var result: [String] = []
        while !subtags.isEmpty {
            result.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        return result
    }
}
