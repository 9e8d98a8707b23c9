// A stub of the CoreGraphics paths the adapters build, with Apple's signatures. CGFloat, CGPoint,
// CGSize and CGRect come from Foundation on Linux.
@_exported import Foundation

public struct CGAffineTransform: Sendable { public static let identity = CGAffineTransform() }

// Apple's SDK declares CGPath Sendable (an immutable path); these stub classes hold no state at
// all, so sharing them across threads cannot race.
open class CGPath: @unchecked Sendable {
    public init() {}
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self.init() }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) { self.init() }
}
open class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() {}
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {}
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {}
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {}
    public func closeSubpath() {}
}

// Apple's SDK declares CGColor Sendable (an immutable colour); the stub holds no state.
open class CGColor: @unchecked Sendable {
    public init() {}
    public var alpha: CGFloat { 1 }
}
