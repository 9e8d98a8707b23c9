import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint preview FILE --walkthrough ID --step ID --screen WxH --target X,Y,W,H` draws a hint as SVG;
    /// `waypoint preview FILE --flow ID --step ID` draws a flow step's content as an SVG card.
    struct Preview: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a step as an SVG: a hint over its screen, or a flow step's content as a card.",
            discussion: """
                With --walkthrough, the hint is drawn as the app shows it: the dimmed screen, the same \
                cutout, tooltip placement and text wrapping. Sizes are in points; the target frame is in \
                screen coordinates. Geometry that cannot be drawn (a negative target size, a safe area that \
                leaves no room) is a usage error; text that does not fit is cut, ending in "…". The \
                overlay's own labels (Next, Skip, "2 of 5", the instructions) are in --locale, else the \
                `locale` of --attributes, else the document's `defaultLocale`, else English; they ship in \
                English, German, French, Spanish, Brazilian Portuguese, Italian, Dutch, Japanese, Korean \
                and Simplified Chinese, and another language shows English (with a warning).

                With --flow, the step's `content` is drawn as a card to review its copy: the step and its \
                screen, the title (`title` or `headline`), the body (`subtitle`, `body`, `message`, …), \
                every other field under its key, the buttons (keys containing `button` or `cta`) and the \
                outcomes the step accepts; long text wraps. --screen sets the card's width and least \
                height (default 390 wide, as tall as the content needs). A step of a subflow is named \
                with the subflow's own flow id.

                --variation draws a variation: the entry of a flow or walkthrough that varies by \
                experiment, or an experiment's `changes` to its steps, content merged key by key as the \
                app does. Localized texts are drawn in --locale, else in the `locale` of --attributes, \
                falling back by truncation (`pt-BR` → `pt`) and then to the document's `defaultLocale`; \
                without either, in the default locale. A text the document does not have in the locale \
                is named in a warning on standard error that says which locale is shown instead. \
                Without --out, the SVG is written to standard output.

                Examples:
                  waypoint preview waypoint.json --walkthrough layering --step intro \\
                    --screen 390x844 --target 326,56,44,44 --out intro.svg
                  waypoint preview waypoint.json --walkthrough layering --step panel-cell \\
                    --screen 390x844 --target 0,120,390,60 --safe-area 47,0,34,0 --locale ja > panel-ja.svg
                  waypoint preview waypoint.json --walkthrough home-tour --step streaks \\
                    --screen 390x844 --target 20,300,350,80 --variation annual-first --locale de > streaks-de.svg
                  waypoint preview waypoint.json --flow upgrade --step paywall \\
                    --variation annual-first --locale de --out paywall-de.svg
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the flow whose step's content to draw as a card.")
        var flow: String?

        @Option(help: "The id of the walkthrough whose hint to draw over a screen.")
        var walkthrough: String?

        @Option(help: "The id of the step to draw.")
        var step: String

        @Option(help: "The screen size in points, WIDTHxHEIGHT, such as 390x844 (a hint's screen; a card's width and least height).")
        var screen: String?

        @Option(help: "The target's frame in points, X,Y,W,H, such as 326,56,44,44 (hints only).")
        var target: String?

        @Option(help: "The safe-area insets in points, TOP,LEFT,BOTTOM,RIGHT (default 0,0,0,0; hints only).")
        var safeArea: String?

        @Option(help: "Choose the entries and variations of experiments for these attributes, a JSON object.")
        var attributes: String?

        @Option(help: "Draw this variation of an experiment that changes the flow or walkthrough, whatever the attributes.")
        var variation: String?

        @Option(help: "Draw localized texts and the overlay's labels in this locale, such as de or pt-BR (default: the `locale` of --attributes, else the document's defaultLocale).")
        var locale: String?

        @Option(help: "Write the SVG to this file instead of standard output.")
        var out: String?

        func validate() throws {
            switch (flow, walkthrough) {
            case (nil, nil):
                throw ValidationError("Give --flow ID to draw a flow step's content as a card, or --walkthrough ID to draw a hint over a screen.")
            case (.some, .some):
                throw ValidationError("Give --flow or --walkthrough, not both: a preview draws one step.")
            case (.some, nil):
                for (option, value) in [("--target", target), ("--safe-area", safeArea)] where value != nil {
                    throw ValidationError("\(option) applies to a hint (--walkthrough); a flow step's card has none. Leave out \(option).")
                }
            case (nil, .some):
                guard screen != nil, target != nil else {
                    throw ValidationError("A hint is drawn over a screen: give --screen WIDTHxHEIGHT and --target X,Y,W,H, such as --screen 390x844 --target 326,56,44,44.")
                }
            }
            if let screen { _ = try Self.size(screen) }
            if let target { _ = try Self.numbers(target, count: 4, option: "--target", shape: "X,Y,W,H", example: "326,56,44,44") }
            if let safeArea { _ = try Self.numbers(safeArea, count: 4, option: "--safe-area", shape: "TOP,LEFT,BOTTOM,RIGHT", example: "47,0,34,0") }
            if let attributes { _ = try AttributesOption.parse(attributes) }
            if let locale, locale.isEmpty || !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                throw ValidationError("--locale \"\(locale)\" is not a locale tag; use a BCP 47 tag such as en, de or pt-BR.")
            }
        }

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            if let flow {
                try drawFlowStep(flow, of: document, output: output)
            } else if let walkthrough {
                try drawHint(walkthrough, of: document, output: output)
            }
        }

        /// The attributes of the user drawn for: --attributes, with `locale` set to --locale when given.
        func userAttributes() throws -> Attributes {
            var attributes = try self.attributes.map(AttributesOption.parse) ?? Attributes()
            if let locale { attributes[TextLocalization.localeAttribute] = .string(locale) }
            return attributes
        }

        /// The locale asked for: --locale, else the attribute `locale`; `nil` without either.
        func requestedLocale(in attributes: Attributes) -> String? {
            if case .string(let locale)? = attributes[TextLocalization.localeAttribute], !locale.isEmpty { return locale }
            return nil
        }

        private func drawHint(_ walkthroughID: String, of document: WaypointDocument, output: Output) throws {
            let known = document.walkthroughIDs
            guard known.contains(walkthroughID) else {
                let hint = Spelling.suggestion(for: walkthroughID, among: known).map { "Did you mean `\($0)`? " } ?? ""
                throw CLIError("The document has no walkthrough `\(walkthroughID)`. \(hint)"
                    + (known.isEmpty ? "It has no walkthroughs." : "Its walkthroughs are \(listed(known))."))
            }
            let forced = try VariationOption.forWalkthrough(variation, id: walkthroughID, in: document)
            let attributes = try userAttributes()
            // Texts in --locale or the attribute `locale`, else the document's default locale (not the machine's languages).
            let resolution = try document.resolve(attributes: attributes, forcedVariations: forced, preferredLanguages: [])
            guard let walkthrough = resolution.walkthroughs[walkthroughID] else { return }
            guard let screen, let target else { return }
            let frame = try Self.numbers(target, count: 4, option: "--target", shape: "X,Y,W,H", example: "326,56,44,44")
            let insets = try safeArea.map {
                try Self.numbers($0, count: 4, option: "--safe-area", shape: "TOP,LEFT,BOTTOM,RIGHT", example: "47,0,34,0")
            } ?? [0, 0, 0, 0]
            // The overlay's labels in the locale asked for, else the document's default, never the machine's.
            let labelsLocale = requestedLocale(in: attributes) ?? document.defaultLocale ?? BundledOverlayStrings.defaultLanguage
            let labels = OverlayLabels(locale: Locale(identifier: labelsLocale))
            let svg: String
            do {
                svg = try OverlaySVG.document(
                    walkthrough: walkthrough, stepId: step, screen: try Self.size(screen),
                    target: OverlayRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]),
                    safeArea: Insets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]), labels: labels)
            } catch let error as OverlayPreviewError where error.isGeometry {
                throw ValidationError(error.description)
            }
            if let locale = requestedLocale(in: attributes) {
                let entry = EntrySelector(document: document, attributes: attributes, forcedVariations: forced).walkthroughSelection(walkthroughID)?.entry
                let texts = (entry?.steps.first { $0.id == step }?.tooltipText).map { [(name: "tooltipText", text: $0)] } ?? []
                let fallback = LocaleFallback(locale: locale, texts: texts, defaultLocale: document.defaultLocale)
                if let warning = fallback.warning(subject: "hint `\(step)` of walkthrough `\(walkthroughID)`") { output.warning(warning) }
            }
            if let warning = Self.labelsWarning(labels, locale: labelsLocale) { output.warning(warning) }
            let choice = try ResolveReport(document: document, attributes: attributes, forcedVariations: forced)
                .walkthroughs[walkthrough.id]?.choice
            let note = choice?.experiment.map { experiment in
                EntrySelector.Assignment(
                    experiment: experiment, variation: choice?.variation, inExperiment: choice?.inExperiment ?? false,
                    hashValue: choice?.hashValue, exclusionReason: choice?.exclusionReason, isForced: choice?.forced == true)
            }.flatMap { VariationOption.describe($0, attributesGiven: self.attributes != nil) }
            try write(svg, name: "\(walkthrough.id)/\(step)", note: note, output: output)
        }

        /// The warning that the overlay's built-in labels have no translation for `locale`, shown in English instead.
        static func labelsWarning(_ labels: OverlayLabels, locale: String) -> String? {
            let language = Locale(identifier: locale).language.languageCode?.identifier
            guard labels.language == BundledOverlayStrings.defaultLanguage, let language, language != BundledOverlayStrings.defaultLanguage else {
                return nil
            }
            return "the overlay's built-in labels (Next, Skip, \"2 of 5\") have no translation for `\(locale)`; they are shown in "
                + "English. Translations ship for \(listed(OverlayLabels.bundledLanguages)); an app can give its own with OverlayLabels.overrides."
        }

        /// Writes `svg` to --out (saying so, with `note` on the variation drawn) or to standard output.
        func write(_ svg: String, name: String, note: String?, output: Output) throws {
            guard let out else {
                output.write(svg.hasSuffix("\n") ? svg : svg + "\n")
                return
            }
            do {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CLIError("Cannot write \(out): \(error.reason). Check that its folder exists and is writable.")
            }
            output.line("Wrote \(name) to \(out)" + (note.map { " (\($0))" } ?? ""))
        }

        static func size(_ text: String) throws -> OverlaySize {
            let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  width.isFinite, height.isFinite, width > 0, height > 0 else {
                throw ValidationError("--screen \"\(text)\" is not a screen size; write WIDTHxHEIGHT in points, both greater than 0, such as 390x844.")
            }
            return OverlaySize(width: width, height: height)
        }

        static func numbers(_ text: String, count: Int, option: String, shape: String, example: String) throws -> [Double] {
            let values = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == count, values.allSatisfy({ $0?.isFinite == true }) else {
                throw ValidationError("\(option) \"\(text)\" is not \(shape); write \(count) numbers in points separated by commas, such as \(example).")
            }
            return values.compactMap { $0 }
        }
    }
}
