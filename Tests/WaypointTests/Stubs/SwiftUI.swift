// A stub of the parts of SwiftUI the adapters use, with Apple's signatures (bodies do nothing).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import Observation

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}
extension Never: View { public var body: Never { fatalError() } }
public protocol Shape: View, Sendable { func path(in rect: CGRect) -> Path }
extension Shape { public var body: Never { fatalError() } }
public protocol InsettableShape: Shape {}
public protocol ShapeStyle: Sendable {}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { TupleView((repeat each content)) }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }
public struct _ConditionalContent<T: View, F: View>: View { nonisolated init() {} ; public var body: Never { fatalError() } }
public struct TupleView<T>: View { nonisolated public init(_ value: T) {} ; public var body: Never { fatalError() } }
public struct EmptyView: View { nonisolated public init() {} ; public var body: Never { fatalError() } }
public struct AnyView: View { nonisolated public init<V: View>(_ view: V) {} ; public var body: Never { fatalError() } }

public struct Text: View {
    public init(verbatim content: String) {}
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}
public struct Font: Hashable, Sendable {
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    public struct Weight: Hashable, Sendable {
        public static let regular = Weight(), semibold = Weight(), bold = Weight(), heavy = Weight()
    }
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font() }
    public func italic() -> Font { self }
}
public struct Color: View, ShapeStyle, Hashable {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    nonisolated public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {}
    nonisolated public static let black = Color(white: 0), white = Color(white: 1), clear = Color(white: 0, opacity: 0)
    nonisolated public static let primary = Color(white: 0), secondary = Color(white: 0.5), accentColor = Color(white: 0.3)
    nonisolated public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}
public enum LayoutDirection: Hashable, Sendable, CaseIterable { case leftToRight, rightToLeft }
public enum LegibilityWeight: Hashable, Sendable { case regular, bold }
public enum ScenePhase: Comparable, Hashable, Sendable { case background, inactive, active }
public enum Edge: Int8, CaseIterable, Hashable, Sendable { case top, leading, bottom, trailing }
public struct Alignment: Equatable, Sendable { public static let topLeading = Alignment(), center = Alignment(), leading = Alignment(), trailing = Alignment() }
public enum RoundedCornerStyle: Equatable, Hashable, Sendable { case circular, continuous }
public struct FillStyle: Equatable, Sendable { public init(eoFill: Bool = false, antialiased: Bool = true) {} }
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0
    public init() {}
}
public struct Path: Shape {
    public init() {}
    public init(_ path: CGPath) {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {}
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {}
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {}
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity) {}
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool, transform: CGAffineTransform = .identity) {}
    public mutating func closeSubpath() {}
    public func path(in rect: CGRect) -> Path { self }
}
public struct Angle: Hashable, Sendable { public static func radians(_ radians: Double) -> Angle { Angle() } ; public static func degrees(_ degrees: Double) -> Angle { Angle() } }
public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}
extension Shape {
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View { EmptyView() }
}
extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View { EmptyView() }
}
public struct ForegroundStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == ForegroundStyle { public static var foreground: ForegroundStyle { ForegroundStyle() } }

public struct ContentShapeKinds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let interaction = ContentShapeKinds(rawValue: 1)
}
public struct HoverEffect: Sendable { public static let automatic = HoverEffect(), highlight = HoverEffect(), lift = HoverEffect() }

public struct AccessibilityChildBehavior: Hashable, Sendable { public static let ignore = Self(), contain = Self(), combine = Self() }
public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() {}
    public static let isModal = Self(), isStaticText = Self(), isButton = Self()
    public func union(_ other: Self) -> Self { self }
    public func intersection(_ other: Self) -> Self { self }
    public func symmetricDifference(_ other: Self) -> Self { self }
    public func contains(_ member: Self) -> Bool { false }
    public mutating func insert(_ newMember: Self) -> (inserted: Bool, memberAfterInsert: Self) { (false, self) }
    public mutating func remove(_ member: Self) -> Self? { nil }
    public mutating func update(with newMember: Self) -> Self? { nil }
    public mutating func formUnion(_ other: Self) {}
    public mutating func formIntersection(_ other: Self) {}
    public mutating func formSymmetricDifference(_ other: Self) {}
    public static func == (a: Self, b: Self) -> Bool { true }
}
public struct AccessibilityActionKind: Equatable, Sendable { public static let `default` = Self(), escape = Self(), magicTap = Self() }

@propertyWrapper @frozen public struct AccessibilityFocusState<Value: Hashable>: DynamicProperty {
    public struct Binding {
        public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    }
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: AccessibilityFocusState<Value>.Binding { fatalError() }
    public init() where Value == Bool {}
}
public protocol DynamicProperty {}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}
@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
}
@propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {}
    public var wrappedValue: Value { fatalError() }
}
extension Font { public enum TextStyle: CaseIterable, Hashable, Sendable { case body, caption } }

public protocol EnvironmentKey { associatedtype Value ; static var defaultValue: Value { get } }
public struct EnvironmentValues {
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value { get { K.defaultValue } set {} }
    public var accessibilityReduceMotion: Bool { false }
    public var layoutDirection: LayoutDirection { get { .leftToRight } set {} }
    public var legibilityWeight: LegibilityWeight? { get { nil } set {} }
    public var locale: Locale { get { .current } set {} }
    public var scenePhase: ScenePhase { get { .active } set {} }
    public var isFocused: Bool { false }
}

public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}
public struct Anchor<Value> {
    public struct Source { }
}
extension Anchor.Source where Value == CGRect { public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source() } }

public enum CoordinateSpace { case global, local }
public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { .zero }
    public subscript<T>(anchor: Anchor<T>) -> T { fatalError() }
}
public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}
public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}
public struct Group<Content> { public init(@ViewBuilder content: () -> Content) where Content: View {} }
extension Group: View where Content: View { public var body: Never { fatalError() } }
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}
public struct Button<Label: View>: View {
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}
@MainActor @preconcurrency public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}
public struct ButtonStyleConfiguration {
    public struct Label: View { public var body: Never { fatalError() } }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    public typealias Context = TimelineViewDefaultContext
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
    public var body: Never { fatalError() }
}
public protocol TimelineSchedule {}
public struct TimelineViewDefaultContext { public let date: Date }
public struct AnimationTimelineSchedule: TimelineSchedule { public init(minimumInterval: Double? = nil, paused: Bool = false) {} }
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { AnimationTimelineSchedule() }
}
public struct Animation: Equatable, Sendable {
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    public static var snappy: Animation { Animation() }
}
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
}
public protocol Gesture { associatedtype Value }
public struct TapGesture: Gesture {
    public typealias Value = Void
    public init(count: Int = 1) {}
    public func onEnded(_ action: @escaping () -> Void) -> _EndedGesture<TapGesture> { _EndedGesture() }
}
public struct _EndedGesture<Content: Gesture>: Gesture { public typealias Value = Content.Value }
public enum GestureMask { case all }

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}
public struct _ViewModifier_Content<Modifier: ViewModifier>: View { public var body: Never { fatalError() } }
public enum Visibility { case automatic, visible, hidden }
public struct SafeAreaRegions: OptionSet, Sendable { public let rawValue: UInt ; public init(rawValue: UInt) { self.rawValue = rawValue } ; public static let all = SafeAreaRegions(rawValue: 1) }

extension View {
    public func modifier<T>(_ modifier: T) -> some View { EmptyView() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { EmptyView() }
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View { EmptyView() }
    public func anchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value) -> some View { EmptyView() }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { EmptyView() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View { EmptyView() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { EmptyView() }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable @isolated(any) () async -> Void) -> some View { EmptyView() }
    public func disabled(_ disabled: Bool) -> some View { EmptyView() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { EmptyView() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { EmptyView() }
    public func opacity(_ opacity: Double) -> some View { EmptyView() }
    public func font(_ font: Font?) -> some View { EmptyView() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { EmptyView() }
    public func lineLimit(_ number: Int?) -> some View { EmptyView() }
    public func minimumScaleFactor(_ factor: CGFloat) -> some View { EmptyView() }
    public func fixedSize() -> some View { EmptyView() }
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { EmptyView() }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { EmptyView() }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { EmptyView() }
    public func contentShape<S: Shape>(_ kind: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> some View { EmptyView() }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { EmptyView() }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { EmptyView() }
    public func transition(_ t: AnyTransition) -> some View { EmptyView() }
    public func id<ID: Hashable>(_ id: ID) -> some View { EmptyView() }
    public func allowsHitTesting(_ enabled: Bool) -> some View { EmptyView() }
    public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { EmptyView() }
    public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { EmptyView() }
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { EmptyView() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { EmptyView() }
    public func accessibilityLabel(_ label: Text) -> some View { EmptyView() }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { EmptyView() }
    public func accessibilityHidden(_ hidden: Bool) -> some View { EmptyView() }
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View { EmptyView() }
    public func accessibilityFocused(_ condition: AccessibilityFocusState<Bool>.Binding) -> some View { EmptyView() }
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View { EmptyView() }
}
public struct UnitPoint: Hashable, Sendable { public static let center = UnitPoint() }
extension Edge { public struct Set: OptionSet, Sendable { public let rawValue: Int8 ; public init(rawValue: Int8) { self.rawValue = rawValue } ; public static let all = Set(rawValue: 15) } }

// Transactions (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1).
public struct Transaction {
    public mutating func addAnimationCompletion(criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping () -> Void) {}
}
public struct AnimationCompletionCriteria: Hashable, Sendable { public static let logicallyComplete = Self(), removed = Self() }
extension View {
    public func transaction(value: some Equatable, _ transform: @escaping (inout Transaction) -> Void) -> some View { EmptyView() }
}
// Focus (focusable: iOS 17, macOS 12, tvOS 15, watchOS 8, visionOS 1).
extension View {
    public func focusable(_ isFocusable: Bool = true) -> some View { EmptyView() }
}
// MARK: Per-platform availability and the UIKit and AppKit bridges
// The stub is emitted once per platform with -D STUB_IOS, STUB_MACOS, STUB_TVOS, STUB_WATCHOS or
// STUB_VISIONOS (none for the run without a platform, which sees everything): what a platform lacks
// at the package's deployment targets (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1) is left out
// of that platform's module. Availability is that of each symbol's page in Apple's documentation.
#if canImport(UIKit)
import UIKit
extension Color {
    /// iOS 15, tvOS 15, watchOS 8, visionOS 1.
    nonisolated public init(uiColor: UIColor) { self.init(white: 0) }
}
#endif
#if canImport(AppKit)
import AppKit
extension Color {
    /// macOS 12.
    nonisolated public init(nsColor: NSColor) { self.init(white: 0) }
}
#endif

// DragGesture: iOS 13, macOS 10.15, watchOS 6, visionOS 1; not tvOS.
#if !STUB_TVOS
public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable { public var translation: CGSize }
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {}
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<DragGesture> { _EndedGesture() }
}
#endif

// hoverEffect(_:): iOS 13.4, tvOS 16, visionOS 1; not macOS or watchOS.
#if !STUB_MACOS && !STUB_WATCHOS
extension View {
    public func hoverEffect(_ effect: HoverEffect = .automatic) -> some View { EmptyView() }
}
#endif

// ContentShapeKinds.hoverEffect: iOS 15, visionOS 1, tvOS 18 (above the package's tvOS 17); not
// macOS or watchOS.
#if !STUB_MACOS && !STUB_WATCHOS && !STUB_TVOS
extension ContentShapeKinds {
    public static let hoverEffect = ContentShapeKinds(rawValue: 2)
}
#endif

// focusSection(): macOS 13, tvOS 15 only. onExitCommand(perform:): macOS 10.15, tvOS 13 only.
#if !STUB_IOS && !STUB_WATCHOS && !STUB_VISIONOS
extension View {
    public func focusSection() -> some View { EmptyView() }
    public func onExitCommand(perform action: (() -> Void)?) -> some View { EmptyView() }
}
#endif

// keyboardShortcut(_:modifiers:), KeyboardShortcut: iOS 14, macOS 11, visionOS 1; not tvOS or watchOS.
#if !STUB_TVOS && !STUB_WATCHOS
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    public init(_ character: Character) {}
    public init(extendedGraphemeClusterLiteral character: Character) {}
    public static let escape = KeyEquivalent("\u{1B}"), `return` = KeyEquivalent("\r")
}
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let command = EventModifiers(rawValue: 1 << 4)
}
public struct KeyboardShortcut: Hashable, Sendable {
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {}
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])
}
extension View {
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View { EmptyView() }
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View { EmptyView() }
}
#endif
