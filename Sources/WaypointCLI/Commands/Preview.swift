import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint preview FILE --walkthrough ID --step ID --screen WxH --target X,Y,W,H`: draws a hint as SVG.
    struct Preview: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a walkthrough step as an SVG: the dimmed screen, the cutout and the tooltip.",
            discussion: """
                The layout is the one the app shows: the same cutout, tooltip placement and text wrapping. \
                Sizes are in points; the target frame is in screen coordinates. Without --out, the SVG is \
                written to standard output. Geometry that cannot be drawn (a negative target size, a safe \
                area that leaves no room) is a usage error; text that does not fit is cut, ending in "…". \
                For a walkthrough that varies by experiment, --variation picks the entry to draw; for an \
                experiment whose `changes` change the walkthrough's steps, it applies that variation's \
                changes (text, position, shape, trigger, target element). A localized tooltip text is drawn \
                in --locale, else in the `locale` of --attributes, falling back by truncation (`pt-BR` → \
                `pt`) and then to the document's `defaultLocale`; without either, in the default locale.

                Examples:
                  waypoint preview waypoint.json --walkthrough layering --step intro \\
                    --screen 390x844 --target 326,56,44,44 --out intro.svg
                  waypoint preview waypoint.json --walkthrough layering --step panel-cell \\
                    --screen 390x844 --target 0,120,390,60 --safe-area 47,0,34,0 > panel.svg
                  waypoint preview waypoint.json --walkthrough home-tour --step streaks \\
                    --screen 390x844 --target 20,300,350,80 --variation annual-first --locale de > streaks-de.svg
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the walkthrough.")
        var walkthrough: String

        @Option(help: "The id of the step to draw.")
        var step: String

        @Option(help: "The screen size in points, WIDTHxHEIGHT, such as 390x844.")
        var screen: String

        @Option(help: "The target's frame in points, X,Y,W,H, such as 326,56,44,44.")
        var target: String

        @Option(help: "The safe-area insets in points, TOP,LEFT,BOTTOM,RIGHT (default 0,0,0,0).")
        var safeArea: String?

        @Option(help: "Choose the entries of walkthroughs that vary by experiment for these attributes, a JSON object.")
        var attributes: String?

        @Option(help: "Draw this variation of a walkthrough that varies by experiment, whatever the attributes.")
        var variation: String?

        @Option(help: "Draw a localized tooltip text in this locale, such as de or pt-BR (default: the `locale` of --attributes, else the document's defaultLocale).")
        var locale: String?

        @Option(help: "Write the SVG to this file instead of standard output.")
        var out: String?

        func validate() throws {
            _ = try Self.size(screen)
            _ = try Self.numbers(target, count: 4, option: "--target", shape: "X,Y,W,H", example: "326,56,44,44")
            if let safeArea { _ = try Self.numbers(safeArea, count: 4, option: "--safe-area", shape: "TOP,LEFT,BOTTOM,RIGHT", example: "47,0,34,0") }
            if let attributes { _ = try AttributesOption.parse(attributes) }
            if let locale, locale.isEmpty || !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                throw ValidationError("--locale \"\(locale)\" is not a locale tag; use a BCP 47 tag such as en, de or pt-BR.")
            }
        }

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let forced = try VariationOption.forWalkthrough(variation, id: self.walkthrough, in: document)
            var attributes = try self.attributes.map(AttributesOption.parse) ?? Attributes()
            if let locale { attributes[TextLocalization.localeAttribute] = .string(locale) }
            // Texts in --locale or the attribute `locale`, else the document's default locale (not the machine's languages).
            let resolution = try document.resolve(attributes: attributes, forcedVariations: forced, preferredLanguages: [])
            guard let walkthrough = resolution.walkthroughs[self.walkthrough] else {
                let known = document.walkthroughIDs
                throw CLIError("The document has no walkthrough `\(self.walkthrough)`; "
                    + (known.isEmpty ? "it has no walkthroughs." : "its walkthroughs are \(listed(known))."))
            }
            let frame = try Self.numbers(target, count: 4, option: "--target", shape: "X,Y,W,H", example: "326,56,44,44")
            let insets = try safeArea.map {
                try Self.numbers($0, count: 4, option: "--safe-area", shape: "TOP,LEFT,BOTTOM,RIGHT", example: "47,0,34,0")
            } ?? [0, 0, 0, 0]
            let svg: String
            do {
                svg = try OverlaySVG.document(
                    walkthrough: walkthrough, stepId: step, screen: try Self.size(screen),
                    target: OverlayRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]),
                    safeArea: Insets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]))
            } catch let error as OverlayPreviewError where error.isGeometry {
                throw ValidationError(error.description)
            }
            guard let out else {
                output.write(svg.hasSuffix("\n") ? svg : svg + "\n")
                return
            }
            do {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CLIError("Cannot write \(out): \(error.reason). Check that its folder exists and is writable.")
            }
            let choice = try ResolveReport(document: document, attributes: attributes, forcedVariations: forced)
                .walkthroughs[walkthrough.id]?.choice
            let note = choice?.experiment.map { experiment in
                EntrySelector.Assignment(
                    experiment: experiment, variation: choice?.variation, inExperiment: choice?.inExperiment ?? false,
                    hashValue: choice?.hashValue, exclusionReason: choice?.exclusionReason, isForced: choice?.forced == true)
            }.flatMap { VariationOption.describe($0, attributesGiven: self.attributes != nil) }
            output.line("Wrote \(walkthrough.id)/\(step) to \(out)" + (note.map { " (\($0))" } ?? ""))
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
