import Foundation

/// A deterministic ``TextMeasurer`` that estimates widths from character counts: for Linux, SVG
/// previews and tests.
///
/// Every character is `glyphWidthFactor × fontSize` wide; characters that take two columns in a
/// terminal (CJK ideographs, kana, Hangul, emoji) count twice, and combining marks, joiners and
/// variation selectors not at all. The factor, 0.56 by default, is a
/// little above the average glyph of system sans-serif fonts, so estimated lines are rarely too
/// short for the real text.
public struct ApproximateTextMeasurer: TextMeasurer, Hashable {
    /// The font size of each role, in points.
    package var bodyFontSize: Double
    /// The font size of the instruction line.
    package var instructionFontSize: Double
    /// The font size of "2 of 5".
    package var progressFontSize: Double
    /// The font size of button titles.
    package var buttonFontSize: Double
    /// The width of an average character, as a fraction of the font size.
    package var glyphWidthFactor: Double
    /// The line height, as a multiple of the font size.
    package var lineHeightFactor: Double

    /// Creates a measurer; the defaults are the sizes the SVG previews draw with.
    public init(
        bodyFontSize: Double = 16, instructionFontSize: Double = 14, progressFontSize: Double = 13,
        buttonFontSize: Double = 15, glyphWidthFactor: Double = 0.56, lineHeightFactor: Double = 1.3
    ) {
        self.bodyFontSize = bodyFontSize
        self.instructionFontSize = instructionFontSize
        self.progressFontSize = progressFontSize
        self.buttonFontSize = buttonFontSize
        self.glyphWidthFactor = glyphWidthFactor
        self.lineHeightFactor = lineHeightFactor
    }

    /// The font size for `role`, in points.
    package func fontSize(for role: TextRole) -> Double {
        switch role {
        case .body: bodyFontSize
        case .instruction: instructionFontSize
        case .progress: progressFontSize
        case .button: buttonFontSize
        }
    }

    /// The estimated width of `text` on one line.
    public func width(of text: String, role: TextRole) -> Double {
        var columns = 0
        for scalar in text.unicodeScalars {
            columns += Self.columns(of: scalar)
        }
        return Double(columns) * glyphWidthFactor * fontSize(for: role)
    }

    /// `lineHeightFactor × fontSize`.
    public func lineHeight(for role: TextRole) -> Double {
        lineHeightFactor * fontSize(for: role)
    }

    /// How many columns `scalar` takes: 0 for combining marks, joiners and variation selectors,
    /// 2 for East Asian wide characters and emoji, 1 otherwise.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isVariationSelector { return 0 }
        if properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
