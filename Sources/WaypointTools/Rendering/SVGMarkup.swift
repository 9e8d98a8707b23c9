import Waypoint

/// What the SVG drawings share: escaping, numbers, text width estimates and id prefixes.
///
/// Everything here is pure and locale-independent, so that the same input always gives the same bytes.
enum SVGMarkup {
    /// The font of every text: monospace, so that ``textWidth(_:fontSize:)`` is a fair estimate.
    static let fontFamily = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
    /// The width of one character, as a fraction of the font size (monospace fonts are about 0.6 em).
    static let characterWidth = 0.6

    /// `text` escaped for XML character data and for attribute values in double or single quotes:
    /// `& < > " '` escaped, characters XML 1.0 does not allow removed, line breaks and tabs made spaces.
    ///
    /// The one escaping rule of every SVG the tools draw.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += " "
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A coordinate or length: rounded to a tenth, without a trailing `.0` and never `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let fraction = magnitude % 10
        return fraction == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(fraction)"
    }

    /// The estimated width of `text` at `fontSize` in a monospace font (wide characters count twice).
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        var columns = 0
        for character in text {
            let wide = character.unicodeScalars.first.map { $0.value >= 0x1100 && !(0x2000...0x206F).contains($0.value) } ?? false
            columns += wide ? 2 : 1
        }
        return Double(columns) * fontSize * characterWidth
    }

    /// `text` cut to at most `limit` characters, ending with `…` when it was cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// A caller's id prefix made safe for `id` attributes and `url(#…)` references: letters,
    /// digits, `-` and `_`, starting with a letter.
    static func idPrefix(_ prefix: String) -> String {
        let cleaned = String(prefix.unicodeScalars.map { scalar -> Character in
            let isSafe = scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            return isSafe ? Character(scalar) : "_"
        })
        guard let first = cleaned.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return "wp" + cleaned }
        return cleaned
    }
}
