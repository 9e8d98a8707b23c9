import Foundation

/// The direction a paragraph of text is written in: its base writing direction.
///
/// The overlay lays its geometry out from the top-left corner in every language, and mirrors the
/// tooltip's content for a right-to-left app (``OverlayLayout/rightToLeft()``). The writing
/// direction of each text is a separate matter: Arabic or Hebrew text reads right to left even in
/// a left-to-right app, and its punctuation and embedded Latin runs are placed by it. The adapters
/// draw each ``TooltipLayout/Line`` in its ``TooltipLayout/Line/direction``, falling back to the
/// app's layout direction for text without a strong character ("2/5", "→").
package enum TextDirection: String, Sendable, Hashable, Codable {
    /// Latin, Cyrillic, CJK and most scripts.
    case leftToRight
    /// Arabic, Hebrew, Syriac, Thaana, N'Ko and the other right-to-left scripts.
    case rightToLeft

    /// The direction of `text` by its first strong character, as Unicode's bidirectional
    /// algorithm finds a paragraph's (rules P2 and P3): a letter of a right-to-left script makes
    /// it right to left, any other letter left to right; `nil` when it has no letter at all.
    package static func natural(of text: String) -> TextDirection? {
        for scalar in text.unicodeScalars {
            if isRightToLeft(scalar) { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return nil
    }

    /// Whether `scalar` is a strong right-to-left character: a letter or mark-bearing character of
    /// a right-to-left script block (Hebrew, Arabic and its supplements and presentation forms,
    /// Syriac, Thaana, N'Ko, Samaritan, Mandaic, and the historic right-to-left blocks of plane 1).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let blocks: [ClosedRange<UInt32>] = [
            0x0590...0x08FF,    // Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
            0xFB1D...0xFDFF,    // Hebrew and Arabic presentation forms A
            0xFE70...0xFEFF,    // Arabic presentation forms B
            0x10800...0x10FFF,  // Cypriot, Phoenician, Kharoshthi, Old South Arabian… (right-to-left historic scripts)
            0x1E800...0x1EFFF,  // Mende Kikakui, Adlam, Arabic mathematical symbols
        ]
        guard blocks.contains(where: { $0.contains(value) }) else { return false }
        // Digits and the general punctuation inside those blocks are weak or neutral.
        return scalar.properties.isAlphabetic
    }
}
