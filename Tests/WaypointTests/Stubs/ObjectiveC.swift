// A stub of the Objective-C runtime parts the UIKit and AppKit adapters use. Apple's Foundation
// brings these (ObjectiveC's `Selector`, the selector-based `NotificationCenter` observers); Linux's
// Foundation has no Objective-C runtime, so UIKit and AppKit re-export this module instead.
//
// `#selector(method)` and `@objc` need the runtime: the type-check test drops `@objc ` and rewrites
// `#selector(method)` to `Selector(stubMethod: method)`, so the referenced method must exist and
// take no argument or one (what an action or notification selector takes). The test also checks
// that every method named by a `#selector` is declared `@objc` in the same file.
@_exported import Foundation

public struct Selector: Hashable, Sendable {
    public init(_ name: String) {}
    /// The stand-in for `#selector(method)` of a method without arguments.
    public init(stubMethod method: @escaping @MainActor () -> Void) {}
    /// The stand-in for `#selector(method(_:))` of a method with one argument.
    public init<Argument>(stubMethod method: @escaping @MainActor (Argument) -> Void) {}
}

extension NotificationCenter {
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {}
    public func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?) {}
}
