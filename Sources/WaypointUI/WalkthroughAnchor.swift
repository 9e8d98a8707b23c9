#if canImport(SwiftUI)
import SwiftUI
import Waypoint

/// What a `.walkthroughAnchor(_:)` tells its overlay: it appeared, disappeared or was tapped.
///
/// `.walkthroughOverlay(_:)` puts one in the environment for its coordinator.
public struct WalkthroughAnchorRegistrar: Sendable {
    /// Called when the anchor appears.
    public var appear: @MainActor @Sendable (String) -> Void
    /// Called when the anchor disappears.
    public var disappear: @MainActor @Sendable (String) -> Void
    /// Called when the anchor is tapped.
    public var tap: @MainActor @Sendable (String) -> Void
    /// How many times VoiceOver's focus was sent back to the anchor (it moves there each time
    /// this grows): after the last hint, focus returns to the hint's target.
    public var focusReturns: @MainActor @Sendable (String) -> Int

    /// Creates a registrar from its closures.
    public init(
        appear: @escaping @MainActor @Sendable (String) -> Void,
        disappear: @escaping @MainActor @Sendable (String) -> Void,
        tap: @escaping @MainActor @Sendable (String) -> Void,
        focusReturns: @escaping @MainActor @Sendable (String) -> Int = { _ in 0 }
    ) {
        self.appear = appear
        self.disappear = disappear
        self.tap = tap
        self.focusReturns = focusReturns
    }
}

private struct WalkthroughAnchorRegistrarKey: EnvironmentKey {
    static let defaultValue: WalkthroughAnchorRegistrar? = nil
}

extension EnvironmentValues {
    /// The registrar `.walkthroughAnchor(_:)` reports to; set by `.walkthroughOverlay(_:)`.
    public var walkthroughAnchorRegistrar: WalkthroughAnchorRegistrar? {
        get { self[WalkthroughAnchorRegistrarKey.self] }
        set { self[WalkthroughAnchorRegistrarKey.self] = newValue }
    }
}

/// Carries the bounds of every anchor up to the overlay, by anchor id: one entry per view, so
/// that an id used by several views is seen as such (``AnchorFrames/Status/duplicated(count:)``).
struct WalkthroughAnchorPreferenceKey: PreferenceKey {
    static var defaultValue: [String: [Anchor<CGRect>]] { [:] }

    static func reduce(value: inout [String: [Anchor<CGRect>]], nextValue: () -> [String: [Anchor<CGRect>]]) {
        value.merge(nextValue()) { earlier, later in earlier + later }
    }
}

/// Registers a view as a walkthrough anchor; see `.walkthroughAnchor(_:)`.
struct WalkthroughAnchorModifier: ViewModifier {
    let id: String
    @Environment(\.walkthroughAnchorRegistrar) private var registrar
    @AccessibilityFocusState private var focused: Bool

    func body(content: Content) -> some View {
        content
            .anchorPreference(key: WalkthroughAnchorPreferenceKey.self, value: .bounds) { [id: [$0]] }
            .accessibilityFocused($focused)
            .onChange(of: registrar?.focusReturns(id) ?? 0) { _, count in
                if count > 0 { focused = true }
            }
            .simultaneousGesture(TapGesture().onEnded { registrar?.tap(id) })
            .onAppear { registrar?.appear(id) }
            .onDisappear { registrar?.disappear(id) }
    }
}

extension View {
    /// Marks this view as the element hints with `targetElementId == id` point at.
    ///
    /// The view registers with the enclosing `.walkthroughOverlay(_:)` when it appears and
    /// unregisters when it disappears; its frame reaches the overlay through anchor preferences,
    /// and the overlay tells the hint coordinator about it once the frame is there. A tap on it is
    /// reported (it completes a `tap` trigger). Use each id in one view at a time: an id two views
    /// use is ambiguous, and hints on it wait.
    public func walkthroughAnchor(_ id: String) -> some View {
        modifier(WalkthroughAnchorModifier(id: id))
    }
}
#endif
