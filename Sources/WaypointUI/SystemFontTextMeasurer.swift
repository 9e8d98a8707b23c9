#if canImport(SwiftUI)
import SwiftUI
import Waypoint
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Measures tooltip text in the system font the adapters draw it with, so the core's layout and the
/// drawn text agree.
///
/// Sizes are those of ``ApproximateTextMeasurer`` (body 16, instruction 14 italic, progress 13,
/// buttons 15 semibold), multiplied by `scale` (pass the Dynamic Type scale, for example from
/// `@ScaledMetric`). Weights are `TextRole.fontWeight(boldText:)`: pass `boldText` from the
/// Bold Text setting (`legibilityWeight`), and draw with these fonts only, with the system's own
/// emboldening turned off (the SwiftUI overlay does), so that drawn text is as wide as measured.
public struct SystemFontTextMeasurer: TextMeasurer, Hashable {
    /// The factor applied to every font size.
    public var scale: Double
    /// Whether the Bold Text setting is on: every font is heavier.
    public var boldText: Bool

    /// Creates a measurer.
    public init(scale: Double = 1, boldText: Bool = false) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.boldText = boldText
    }

    /// The point size for `role`.
    public func pointSize(for role: TextRole) -> Double {
        ApproximateTextMeasurer().fontSize(for: role) * scale
    }

    /// The SwiftUI font for `role`.
    public func font(for role: TextRole) -> Font {
        let font = Font.system(size: CGFloat(pointSize(for: role)), weight: role.fontWeight(boldText: boldText).swiftUI)
        return role == .instruction ? font.italic() : font
    }

    /// The width of `text` on one line, rounded up to whole points.
    public func width(of text: String, role: TextRole) -> Double {
        #if canImport(UIKit) || canImport(AppKit)
        let size = (text as NSString).size(withAttributes: [.font: platformFont(for: role)])
        return Double(size.width.rounded(.up))
        #else
        return ApproximateTextMeasurer().width(of: text, role: role) * scale
        #endif
    }

    /// The font's line height, rounded up to whole points.
    public func lineHeight(for role: TextRole) -> Double {
        #if canImport(UIKit)
        return Double(platformFont(for: role).lineHeight.rounded(.up))
        #elseif canImport(AppKit)
        let font = platformFont(for: role)
        return Double((font.ascender - font.descender + font.leading).rounded(.up))
        #else
        return ApproximateTextMeasurer().lineHeight(for: role) * scale
        #endif
    }

    #if canImport(UIKit)
    /// The UIKit font for `role`.
    public func platformFont(for role: TextRole) -> UIFont {
        let size = CGFloat(pointSize(for: role))
        let font = UIFont.systemFont(ofSize: size, weight: role.fontWeight(boldText: boldText).platform)
        guard role == .instruction, let italic = font.fontDescriptor.withSymbolicTraits(.traitItalic) else { return font }
        return UIFont(descriptor: italic, size: size)
    }
    #elseif canImport(AppKit)
    /// The AppKit font for `role`.
    public func platformFont(for role: TextRole) -> NSFont {
        let size = CGFloat(pointSize(for: role))
        let font = NSFont.systemFont(ofSize: size, weight: role.fontWeight(boldText: boldText).platform)
        guard role == .instruction else { return font }
        return NSFont(descriptor: font.fontDescriptor.withSymbolicTraits(.italic), size: size) ?? font
    }
    #endif
}

extension FontWeight {
    /// The SwiftUI weight.
    var swiftUI: Font.Weight {
        switch self {
        case .regular: .regular
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        }
    }

    #if canImport(UIKit)
    /// The UIKit weight.
    var platform: UIFont.Weight {
        switch self {
        case .regular: .regular
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        }
    }
    #elseif canImport(AppKit)
    /// The AppKit weight.
    var platform: NSFont.Weight {
        switch self {
        case .regular: .regular
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        }
    }
    #endif
}
#endif
