// A stub of the parts of UIKit the adapters use, with Apple's signatures and empty bodies.
//
// Emitted for the iOS, tvOS, visionOS and watchOS runs with `-D STUB_IOS`, `STUB_TVOS`,
// `STUB_VISIONOS` or `STUB_WATCHOS`: what a platform lacks is left out of that platform's module,
// so a use the adapters do not gate fails that platform's run. Each group says where its
// availability comes from ("Apple's documentation" is the symbol's availability list on
// developer.apple.com; "header" is the API_AVAILABLE/API_UNAVAILABLE of the Objective-C header).
//
// Where Apple declares a member on NSObject through an Objective-C informal protocol (the
// accessibility properties, `accessibilityPerformEscape()`), the stub declares it on the class that
// uses it: without the Objective-C runtime a method declared in an extension cannot be overridden.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import ObjectiveC
#if !STUB_WATCHOS
@_exported import QuartzCore
#endif

// MARK: Fonts and text (every platform, watchOS included: UIFont.h, UIFontDescriptor.h,
// UIFontMetrics.h, NSStringDrawing.h, NSParagraphStyle.h have no API_UNAVAILABLE(watchos)).

open class UIFontDescriptor: NSObject, @unchecked Sendable {
    public struct SymbolicTraits: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    }
    open func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor? { nil }
    open var symbolicTraits: UIFontDescriptor.SymbolicTraits { [] }
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct Weight: Hashable, RawRepresentable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0), semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4), heavy = Weight(rawValue: 0.56)
    }
    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let body = TextStyle(rawValue: "body"), caption1 = TextStyle(rawValue: "caption1")
    }
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) { super.init() }
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { UIFont(descriptor: UIFontDescriptor(), size: fontSize) }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { UIFont(descriptor: UIFontDescriptor(), size: 17) }
    open func withSize(_ fontSize: CGFloat) -> UIFont { self }
    open var pointSize: CGFloat { 0 }
    open var lineHeight: CGFloat { 0 }
    open var ascender: CGFloat { 0 }
    open var descender: CGFloat { 0 }
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor() }
}

open class UIFontMetrics: NSObject, @unchecked Sendable {
    public init(forTextStyle textStyle: UIFont.TextStyle) { super.init() }
    open func scaledValue(for value: CGFloat) -> CGFloat { value }
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat { value }
}

public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
    public static let paragraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
}

// Text alignment and writing direction (UIKit's NSText.h and NSParagraphStyle.h, iOS 6+, all platforms).
public enum NSTextAlignment: Int, Sendable { case left = 0, center = 1, right = 2, justified = 3, natural = 4 }
public enum NSWritingDirection: Int, Sendable { case natural = -1, leftToRight = 0, rightToLeft = 1 }
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    open var alignment: NSTextAlignment { .natural }
    open var baseWritingDirection: NSWritingDirection { .natural }
}
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { .natural } set {} }
    open override var baseWritingDirection: NSWritingDirection { get { .natural } set {} }
}

extension NSString {
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize { .zero }
}

// The UIKit attribute scope of AttributedString and AttributeContainer (iOS 15, tvOS 15, watchOS 8).
extension AttributeScopes {
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
    public struct UIKitAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let foundation: FoundationAttributes
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = UIFont
            public static let name = "NSFont"
        }
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = "NSColor"
        }
    }
}
extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T { self[T.self] }
}

// MARK: Colours (UIColor.h). The semantic colours are API_UNAVAILABLE(watchos); the grouped
// backgrounds are iOS 13 and visionOS only (Apple's documentation of
// secondarySystemGroupedBackground lists iOS, iPadOS, Mac Catalyst, visionOS: not tvOS).

open class UIColor: NSObject, @unchecked Sendable {
    public init(white: CGFloat, alpha: CGFloat) { super.init() }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { self }
    open var cgColor: CGColor { CGColor() }
    #if !STUB_WATCHOS
    open class var label: UIColor { black }
    open class var secondaryLabel: UIColor { black }
    open class var systemBackground: UIColor { white }
    open class var tintColor: UIColor { black }
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }
    #endif
    #if !STUB_WATCHOS && !STUB_TVOS
    open class var systemGroupedBackground: UIColor { white }
    open class var secondarySystemGroupedBackground: UIColor { white }
    #endif
}

// MARK: Geometry (UIGeometry.h: every platform).

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
}

public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
}

public enum UIUserInterfaceLayoutDirection: Int, Sendable { case leftToRight, rightToLeft }
public enum UILegibilityWeight: Int, Sendable { case unspecified = -1, regular, bold }
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
public struct UIContentSizeCategory: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let large = UIContentSizeCategory(rawValue: "large")
}

// MARK: Traits (UITraitCollection.h: every platform; trait change registration iOS 17, tvOS 17,
// visionOS 1, not watchOS: Apple's documentation of registerForTraitChanges(_:handler:)).

open class UITraitCollection: NSObject, @unchecked Sendable {
    open var legibilityWeight: UILegibilityWeight { .unspecified }
    open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }
    open var layoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}

// MARK: Accessibility (UIAccessibility.h, UIAccessibilityConstants.h: iOS, tvOS, visionOS and
// watchOS; focusedElement(using:) iOS 9, tvOS 9, not watchOS).

public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([]), button = UIAccessibilityTraits(rawValue: 1)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6), header = UIAccessibilityTraits(rawValue: 1 << 16)
}

public struct UIAccessibility {
    public struct Notification: Hashable, RawRepresentable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000), layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
    }
    public struct AssistiveTechnologyIdentifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let notificationSwitchControl = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationSwitchControlIdentifier")
        public static let notificationVoiceOver = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
    }
    public static func post(notification: UIAccessibility.Notification, argument: Any?) {}
    public static var isVoiceOverRunning: Bool { false }
    public static var isReduceMotionEnabled: Bool { false }
    public static var isSwitchControlRunning: Bool { false }
    #if !STUB_WATCHOS
    public static func focusedElement(using assistiveTechnologyIdentifier: UIAccessibility.AssistiveTechnologyIdentifier?) -> Any? { nil }
    #endif
}

#if !STUB_WATCHOS
// MARK: Views, windows, scenes and controls (API_UNAVAILABLE(watchos) in UIResponder.h, UIView.h,
// UIWindow.h, UIViewController.h, UIScene.h, UIControl.h, UIGestureRecognizer.h; Apple's
// documentation of UIGestureRecognizer: "unavailable in watchOS").

@MainActor @preconcurrency open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    open func becomeFirstResponder() -> Bool { false }
    open func resignFirstResponder() -> Bool { false }
    open var isFirstResponder: Bool { false }
    /// Apple declares it on NSObject (the UIAccessibilityAction informal protocol).
    open func accessibilityPerformEscape() -> Bool { false }
}

// Keyboard notifications: iOS, iPadOS, Mac Catalyst, visionOS; not tvOS or watchOS (Apple's
// documentation of keyboardWillHideNotification). The frame is in the screen's coordinates, and
// in iOS 16.1 and later the notification's object is that screen.
#if !STUB_TVOS
extension UIResponder {
    nonisolated public static let keyboardWillShowNotification = NSNotification.Name("UIKeyboardWillShowNotification")
    nonisolated public static let keyboardWillHideNotification = NSNotification.Name("UIKeyboardWillHideNotification")
    nonisolated public static let keyboardWillChangeFrameNotification = NSNotification.Name("UIKeyboardWillChangeFrameNotification")
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
}
#endif

@MainActor @preconcurrency public protocol UICoordinateSpace: AnyObject {
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    var bounds: CGRect { get }
}

@MainActor @preconcurrency public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
}

/// A trait type (`UITraitUserInterfaceStyle.self`…); Apple: `typealias UITrait = any UITraitDefinition.Type`.
public protocol UITraitDefinition {}
public typealias UITrait = any UITraitDefinition.Type
public protocol UITraitChangeRegistration: NSObjectProtocol {}
public enum UITraitUserInterfaceStyle: UITraitDefinition {}
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {}
public enum UITraitLayoutDirection: UITraitDefinition {}
public enum UITraitLegibilityWeight: UITraitDefinition {}
public enum UITraitHorizontalSizeClass: UITraitDefinition {}

@MainActor @preconcurrency public protocol UITraitChangeObservable {
    typealias TraitChangeHandler<TraitEnvironment> = (TraitEnvironment, UITraitCollection) -> Void
}
extension UITraitChangeObservable {
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration { fatalError() }
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], target: Any, action: Selector) -> any UITraitChangeRegistration { fatalError() }
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {}
}

open class UIEvent: NSObject {}

open class UILayoutGuide: NSObject {
    open var layoutFrame: CGRect { .zero }
}
#if !STUB_TVOS
/// iOS 15, visionOS 1; not tvOS or watchOS (Apple's documentation of UIView.keyboardLayoutGuide).
open class UIKeyboardLayoutGuide: UILayoutGuide {}
#endif

@MainActor @preconcurrency open class UIView: UIResponder, UICoordinateSpace, UITraitEnvironment, UITraitChangeObservable {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1), flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(frame: .zero) }

    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var center: CGPoint = .zero
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var backgroundColor: UIColor?
    open var tintColor: UIColor! = .black
    open var layer: CALayer { CALayer() }
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var isUserInteractionEnabled = true
    open var superview: UIView? { nil }
    open var subviews: [UIView] { [] }
    open var window: UIWindow? { nil }
    open var safeAreaInsets: UIEdgeInsets { .zero }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    open var gestureRecognizers: [UIGestureRecognizer]?
    #if !STUB_TVOS
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide { UIKeyboardLayoutGuide() }
    #endif

    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func bringSubviewToFront(_ view: UIView) {}
    open func isDescendant(of view: UIView) -> Bool { false }
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func layoutSubviews() {}
    open func safeAreaInsetsDidChange() {}
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { point }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
    open func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
    open func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}

    // Accessibility (Apple: NSObject's UIAccessibility informal protocol).
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityTraits: UIAccessibilityTraits = []
    open var accessibilityElements: [Any]?
    open var accessibilityViewIsModal = false
}

/// Apple: `class UIAccessibilityElement: UIResponder`.
@MainActor @preconcurrency open class UIAccessibilityElement: UIResponder {
    public init(accessibilityContainer container: Any) { super.init() }
    open var accessibilityContainer: Any?
    open var isAccessibilityElement = true
    open var accessibilityLabel: String?
    open var accessibilityTraits: UIAccessibilityTraits = []
    open var accessibilityFrame: CGRect = .zero
    open var accessibilityFrameInContainerSpace: CGRect = .zero
}

// Screens: iOS, tvOS; not visionOS or watchOS (Apple's documentation of UIScreen).
#if !STUB_VISIONOS
@MainActor @preconcurrency open class UIScreen: NSObject, UITraitEnvironment {
    open var bounds: CGRect { .zero }
    open var scale: CGFloat { 1 }
    open var coordinateSpace: any UICoordinateSpace { fatalError() }
    open var traitCollection: UITraitCollection { UITraitCollection() }
}
#endif

// Scenes: iOS 13, tvOS 13, visionOS 1; not watchOS (Apple's documentation of UIScene).
@MainActor @preconcurrency open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }
    open var activationState: UIScene.ActivationState { .unattached }
    nonisolated public static let willConnectNotification = NSNotification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = NSNotification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UISceneDidEnterBackgroundNotification")
}
@MainActor @preconcurrency open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { [] }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    #if !STUB_VISIONOS
    open var screen: UIScreen { fatalError() }
    #endif
}

@MainActor @preconcurrency open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var windowScene: UIWindowScene?
    open var rootViewController: UIViewController?
    open var isKeyWindow: Bool { false }
    #if !STUB_VISIONOS
    open var screen: UIScreen { fatalError() }
    #endif
}

@MainActor @preconcurrency open class UIPresentationController: NSObject {
    open var presentedViewController: UIViewController { fatalError() }
    open var presentingViewController: UIViewController { fatalError() }
    open var presentedView: UIView? { nil }
    open var containerView: UIView? { nil }
}

@MainActor @preconcurrency open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open var view: UIView!
    open var viewIfLoaded: UIView? { nil }
    open var presentedViewController: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var presentationController: UIPresentationController? { nil }
    open var isBeingPresented: Bool { false }
    open var isBeingDismissed: Bool { false }
    open func viewDidAppear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
}

// MARK: Gesture recognizers (iOS 3.2, tvOS 9, visionOS; not watchOS). UIPanGestureRecognizer is
// available on tvOS too (Apple's documentation lists tvOS; the App Programming Guide for tvOS says pan
// and swipe recognizers work on the Siri Remote's touch surface); its touch counts are
// API_UNAVAILABLE(tvos).

@MainActor @preconcurrency open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed }
    public init(target: Any?, action: Selector?) { super.init() }
    public convenience override init() { self.init(target: nil, action: nil) }
    open func addTarget(_ target: Any, action: Selector) {}
    open func removeTarget(_ target: Any?, action: Selector?) {}
    open var state: UIGestureRecognizer.State { .possible }
    open var isEnabled = true
    open var view: UIView? { nil }
    open var cancelsTouchesInView = true
    open func location(in view: UIView?) -> CGPoint { .zero }
}
@MainActor @preconcurrency open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
}
@MainActor @preconcurrency open class UIPanGestureRecognizer: UIGestureRecognizer {
    open func translation(in view: UIView?) -> CGPoint { .zero }
    open func velocity(in view: UIView?) -> CGPoint { .zero }
    #if !STUB_TVOS
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    #endif
}

// MARK: Controls, actions and buttons (UIControl.h, UIAction.h: iOS 14, tvOS 14; UIButton.Configuration
// and UIConfigurationTextAttributesTransformer iOS 15, tvOS 15; UIBackgroundConfiguration iOS 14,
// tvOS 14; .primaryActionTriggered iOS 9, tvOS 9).

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor @preconcurrency open class UIMenuElement: NSObject {
    open var title: String { "" }
}
@MainActor @preconcurrency open class UIAction: UIMenuElement {
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    public init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
                discoverabilityTitle: String? = nil, handler: @escaping UIActionHandler) { super.init() }
    open var sender: Any? { nil }
}
open class UIImage: NSObject, @unchecked Sendable {}

@MainActor @preconcurrency open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }
    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {}
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {}
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
    open func sendActions(for controlEvents: UIControl.Event) {}
}

public struct UIConfigurationTextAttributesTransformer {
    public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) {}
    public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer { input }
}

public struct UIBackgroundConfiguration: Hashable {
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    public var backgroundColor: UIColor?
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var strokeOutset: CGFloat = 0
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public static func == (a: Self, b: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

@MainActor @preconcurrency open class UILabel: UIView {
    open var text: String?
    open var font: UIFont! = UIFont.systemFont(ofSize: 17, weight: .regular)
    open var textColor: UIColor! = .black
    open var numberOfLines = 1
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var textAlignment: NSTextAlignment = .natural
    open var attributedText: NSAttributedString?
}

@MainActor @preconcurrency open class UIButton: UIControl {
    public struct Configuration: Hashable {
        public enum CornerStyle: Hashable, Sendable { case fixed, dynamic, small, medium, large, capsule }
        public enum TitleAlignment: Hashable, Sendable { case automatic, leading, center, trailing }
        public static func plain() -> UIButton.Configuration { Configuration() }
        public static func tinted() -> UIButton.Configuration { Configuration() }
        public static func gray() -> UIButton.Configuration { Configuration() }
        public static func filled() -> UIButton.Configuration { Configuration() }
        public static func borderless() -> UIButton.Configuration { Configuration() }
        public static func bordered() -> UIButton.Configuration { Configuration() }
        public static func borderedTinted() -> UIButton.Configuration { Configuration() }
        public static func borderedProminent() -> UIButton.Configuration { Configuration() }
        public var background: UIBackgroundConfiguration = .clear()
        public var cornerStyle: UIButton.Configuration.CornerStyle = .dynamic
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var contentInsets: NSDirectionalEdgeInsets = .zero
        public var title: String?
        public var attributedTitle: AttributedString?
        public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        public var titleLineBreakMode: NSLineBreakMode = .byWordWrapping
        public var titleAlignment: UIButton.Configuration.TitleAlignment = .automatic
        public func updated(for button: UIButton) -> UIButton.Configuration { self }
        public static func == (a: Self, b: Self) -> Bool { true }
        public func hash(into hasher: inout Hasher) {}
    }
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) { self.init(frame: .zero) }
    open var configuration: UIButton.Configuration?
    open var configurationUpdateHandler: UIButton.ConfigurationUpdateHandler?
    open func setNeedsUpdateConfiguration() {}
    open func updateConfiguration() {}
    open var titleLabel: UILabel? { nil }
}
#endif
