// A stub of the Core Animation parts the UIKit adapter draws with, with Apple's signatures.
// UIKit (iOS, tvOS, visionOS) and AppKit re-export it; watchOS has no Core Animation.
// Availability from Apple's documentation: CADisplayLink iOS 3.1, tvOS 9, visionOS 1, macOS 14
// (where it is made by a view, not by `init(target:selector:)`); CALayer.cornerCurve iOS 13,
// tvOS 13, macOS 10.15.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import ObjectiveC

public typealias CFTimeInterval = Double

public func CACurrentMediaTime() -> CFTimeInterval { 0 }

public struct CALayerCornerCurve: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular"), continuous = CALayerCornerCurve(rawValue: "continuous")
}

open class CALayer: NSObject {
    public override init() { super.init() }
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var opacity: Float = 1
    open var cornerRadius: CGFloat = 0
    open var cornerCurve: CALayerCornerCurve = .circular
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset: CGSize = .zero
    open var shadowPath: CGPath?
    open var sublayers: [CALayer]?
    open func addSublayer(_ layer: CALayer) {}
    open func removeFromSuperlayer() {}
}

public struct CAShapeLayerFillRule: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero"), evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor?
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
}

open class CATransaction: NSObject {
    open class func begin() {}
    open class func commit() {}
    open class func setDisableActions(_ flag: Bool) {}
    open class func setAnimationDuration(_ dur: CFTimeInterval) {}
}

open class CADisplayLink: NSObject {
    #if !STUB_MACOS
    public init(target: Any, selector sel: Selector) { super.init() }
    #endif
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    open func invalidate() {}
    open var timestamp: CFTimeInterval { 0 }
    open var targetTimestamp: CFTimeInterval { 0 }
    open var duration: CFTimeInterval { 0 }
    open var isPaused: Bool = false
}
