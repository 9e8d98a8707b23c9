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
/// `@ScaledMetric`).
public struct SystemFontTextMeasurer: TextMeasurer, Hashable {
    /// The factor applied to every font size.
    public var scale: Double

    /// Creates a measurer.
    public init(scale: Double = 1) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The point size for `role`.
    public func pointSize(for role: TextRole) -> Double {
        ApproximateTextMeasurer().fontSize(for: role) * scale
    }

    /// The SwiftUI font for `role`.
    public func font(for role: TextRole) -> Font {
        let size = CGFloat(pointSize(for: role))
        switch role {
        case .body: return .system(size: size)
        case .instruction: return .system(size: size).italic()
        case .progress: return .system(size: size)
        case .button: return .system(size: size, weight: .semibold)
        }
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
        switch role {
        case .body, .progress: return .systemFont(ofSize: size)
        case .instruction: return .italicSystemFont(ofSize: size)
        case .button: return .systemFont(ofSize: size, weight: .semibold)
        }
    }
    #elseif canImport(AppKit)
    /// The AppKit font for `role`.
    public func platformFont(for role: TextRole) -> NSFont {
        let size = CGFloat(pointSize(for: role))
        switch role {
        case .body, .progress: return .systemFont(ofSize: size)
        case .instruction:
            let regular = NSFont.systemFont(ofSize: size)
            return NSFont(descriptor: regular.fontDescriptor.withSymbolicTraits(.italic), size: size) ?? regular
        case .button: return .systemFont(ofSize: size, weight: .semibold)
        }
    }
    #endif
}
#endif
