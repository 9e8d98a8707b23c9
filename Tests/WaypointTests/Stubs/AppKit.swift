// A stub of the parts of AppKit the adapters use (fonts and the window background colour), with
// Apple's signatures and empty bodies. Emitted for the macOS run only (`-D STUB_MACOS`).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import ObjectiveC
@_exported import QuartzCore

open class NSFontDescriptor: NSObject, @unchecked Sendable {
    public struct SymbolicTraits: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let italic = SymbolicTraits(rawValue: 1 << 0)
        public static let bold = SymbolicTraits(rawValue: 1 << 1)
    }
    /// Non-optional in AppKit (UIKit's returns an optional).
    open func withSymbolicTraits(_ symbolicTraits: NSFontDescriptor.SymbolicTraits) -> NSFontDescriptor { self }
    open var symbolicTraits: NSFontDescriptor.SymbolicTraits { [] }
}

open class NSFont: NSObject, @unchecked Sendable {
    public struct Weight: Hashable, RawRepresentable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0), semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4), heavy = Weight(rawValue: 0.56)
    }
    /// Failable in AppKit.
    public init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat) { super.init() }
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { fatalError() }
    open var pointSize: CGFloat { 0 }
    open var ascender: CGFloat { 0 }
    open var descender: CGFloat { 0 }
    open var leading: CGFloat { 0 }
    open var fontDescriptor: NSFontDescriptor { NSFontDescriptor() }
}

open class NSColor: NSObject, @unchecked Sendable {
    open class var windowBackgroundColor: NSColor { NSColor() }
    open class var controlBackgroundColor: NSColor { NSColor() }
    open class var labelColor: NSColor { NSColor() }
    open class var secondaryLabelColor: NSColor { NSColor() }
    open var cgColor: CGColor { CGColor() }
}

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

extension NSString {
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> NSSize { .zero }
}
