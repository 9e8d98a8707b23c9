#if canImport(SwiftUI)
import SwiftUI
import Waypoint

/// What a `.walkthroughAnchor(_:)` tells its overlay: it appeared, disappeared or was tapped.
///
/// `.walkthroughOverlay(_:style:isCovered:)` puts one in the environment for its coordinator.
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
    /// Called with what VoiceOver should read for the anchor's target (`nil`: the built-in
    /// "Highlighted element").
    public var label: @MainActor @Sendable (String, String?) -> Void

    /// Creates a registrar from its closures.
    public init(
        appear: @escaping @MainActor @Sendable (String) -> Void,
        disappear: @escaping @MainActor @Sendable (String) -> Void,
        tap: @escaping @MainActor @Sendable (String) -> Void,
        focusReturns: @escaping @MainActor @Sendable (String) -> Int = { _ in 0 },
        label: @escaping @MainActor @Sendable (String, String?) -> Void = { _, _ in }
    ) {
        self.appear = appear
        self.disappear = disappear
        self.tap = tap
        self.focusReturns = focusReturns
        self.label = label
    }
}

private struct WalkthroughAnchorRegistrarKey: EnvironmentKey {
    static let defaultValue: WalkthroughAnchorRegistrar? = nil
}

extension EnvironmentValues {
    /// The registrar `.walkthroughAnchor(_:label:)` reports to; set by `.walkthroughOverlay(_:style:isCovered:)`.
    public var walkthroughAnchorRegistrar: WalkthroughAnchorRegistrar? {
        get { self[WalkthroughAnchorRegistrarKey.self] }
        set { self[WalkthroughAnchorRegistrarKey.self] = newValue }
    }
}

/// Carries the bounds of every anchor up to the overlay, by anchor id: one entry per view, so
/// that an id used by several views is seen as such (`AnchorFrames.Status.duplicated(count:)`).
struct WalkthroughAnchorPreferenceKey: PreferenceKey {
    static var defaultValue: [String: [Anchor<CGRect>]] { [:] }

    static func reduce(value: inout [String: [Anchor<CGRect>]], nextValue: () -> [String: [Anchor<CGRect>]]) {
        value.merge(nextValue()) { earlier, later in earlier + later }
    }
}

/// Registers a view as a walkthrough anchor; see `.walkthroughAnchor(_:label:)`.
struct WalkthroughAnchorModifier: ViewModifier {
    let id: String
    let label: String?
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
            .onAppear {
                registrar?.appear(id)
                registrar?.label(id, label)
            }
            .onChange(of: label) { _, new in registrar?.label(id, new) }
            .onDisappear { registrar?.disappear(id) }
    }
}

extension View {
    /// Marks this view as the element hints with `targetElementId == id` point at.
    ///
    /// The view registers with the enclosing `.walkthroughOverlay(_:style:isCovered:)` when it
    /// appears and unregisters when it disappears; its frame reaches the overlay through anchor
    /// preferences, and the overlay tells the hint coordinator about it once the frame is there.
    /// Use each id in one view at a time: an id two views use is ambiguous, and hints on it wait.
    ///
    /// A finger's tap on the view is reported (it completes a `tap` trigger). Voice Control, Full
    /// Keyboard Access, Switch Control, VoiceOver and a tvOS select press run a control's action
    /// without a tap gesture, so call ``HintCoordinator/tap(_:)`` from the action too: a tap both
    /// report counts once. `label` is what VoiceOver reads for the target while a hint points at it
    /// (by default the built-in "Highlighted element"); give the control's own name.
    ///
    /// ```swift
    /// Button("Layers", systemImage: "square.3.layers.3d") { hints.tap("editor.layersButton"); showLayers() }
    ///     .walkthroughAnchor("editor.layersButton", label: "Layers")
    /// ```
    public func walkthroughAnchor(_ id: String, label: String? = nil) -> some View {
        modifier(WalkthroughAnchorModifier(id: id, label: label))
    }
}
#endif
