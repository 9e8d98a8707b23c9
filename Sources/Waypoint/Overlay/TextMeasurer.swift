import Foundation

/// Measures single lines of text, so that the core can wrap tooltip text and size tooltips.
///
/// The core wraps text itself (greedy, word by word) and only asks
/// a measurer how wide one line is, so a tooltip wraps the same way wherever it is drawn. On Linux,
/// in tests and in SVG previews, ``ApproximateTextMeasurer`` estimates widths from character counts;
/// the Apple adapters measure with the fonts they draw with.
public protocol TextMeasurer: Sendable {
    /// The width in points of `text` drawn on one line in the font for `role`.
    func width(of text: String, role: TextRole) -> Double
    /// The distance in points from one line's top to the next line's top in the font for `role`.
    func lineHeight(for role: TextRole) -> Double
}

extension TextMeasurer {
    /// Breaks `text` into lines no wider than `maxWidth`.
    ///
    /// Line breaks in `text` start new paragraphs (an empty paragraph is an empty line); within a
    /// paragraph, words (separated by white space, which becomes single spaces) fill each line
    /// greedily; a word wider than a line is broken between characters. Leading and trailing blank
    /// lines are dropped.
    package func wrap(_ text: String, role: TextRole, maxWidth: Double) -> TextBlock {
        let limit = maxWidth.isFinite ? max(0, maxWidth) : 0
        var lines: [String] = []
        let paragraphs = text.split(omittingEmptySubsequences: false) { $0.isNewline }
        for paragraph in paragraphs {
            let words = paragraph.split { $0.isWhitespace }.map(String.init)
            if words.isEmpty {
                lines.append("")
                continue
            }
            var line = ""
            for word in words {
                let candidate = line.isEmpty ? word : line + " " + word
                if width(of: candidate, role: role) <= limit {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                if width(of: word, role: role) <= limit {
                    line = word
                } else {
                    var pieces = breakWord(word, role: role, maxWidth: limit)
                    line = pieces.removeLast()
                    lines.append(contentsOf: pieces)
                }
            }
            lines.append(line)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let widths = lines.map { width(of: $0, role: role) }
        return TextBlock(lines: lines, widths: widths, lineHeight: lineHeight(for: role))
    }

    /// Splits a word too wide for a line into pieces that fit (at least one character each).
    private func breakWord(_ word: String, role: TextRole, maxWidth: Double) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in word {
            let candidate = piece + String(character)
            if piece.isEmpty || width(of: candidate, role: role) <= maxWidth {
                piece = candidate
            } else {
                pieces.append(piece)
                piece = String(character)
            }
        }
        pieces.append(piece)
        return pieces
    }
}

/// Text broken into lines by ``TextMeasurer/wrap(_:role:maxWidth:)``, with the size it takes.
package struct TextBlock: Sendable, Hashable {
    /// The lines, top to bottom.
    package var lines: [String]
    /// The width of each line, in points.
    package var widths: [Double]
    /// The distance from one line's top to the next line's top.
    package var lineHeight: Double

    /// Creates a block of lines.
    package init(lines: [String], widths: [Double], lineHeight: Double) {
        self.lines = lines
        self.widths = widths
        self.lineHeight = lineHeight
    }

    /// The width of the widest line and the height of all lines.
    package var size: OverlaySize {
        OverlaySize(width: widths.max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// Whether there is no line.
    package var isEmpty: Bool { lines.isEmpty }
}

/// The kinds of text in a tooltip; a ``TextMeasurer`` picks a font for each.
public enum TextRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// The step's tooltip text.
    case body
    /// What completes the step when it is not the "Next" button ("Tap the highlighted element").
    case instruction
    /// The step's position, "2 of 5".
    case progress
    /// A button title: "Skip", "Back", "Next".
    case button
}

/// A font weight, which the adapters map to their platform's weights.
package enum FontWeight: String, Sendable, Hashable, Codable, CaseIterable {
    /// Regular.
    case regular
    /// Semibold.
    case semibold
    /// Bold.
    case bold
    /// Heavy.
    case heavy
}

extension TextRole {
    /// The weight of the role's text, measured and drawn alike: regular (semibold for buttons),
    /// and with the Bold Text setting on, bold (heavy for buttons).
    ///
    /// The adapters draw with exactly this weight and tell the system not to embolden it again,
    /// so that drawn lines are never wider than the core measured them.
    package func fontWeight(boldText: Bool) -> FontWeight {
        switch (self, boldText) {
        case (.button, false): .semibold
        case (.button, true): .heavy
        case (_, false): .regular
        case (_, true): .bold
        }
    }
}
