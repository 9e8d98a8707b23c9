#if canImport(SwiftUI)
import Foundation
import SwiftUI
import Waypoint
#if canImport(os)
import os
#endif

/// Presents the hints of a ``HintCoordinator`` over the content; see `.walkthroughOverlay(_:style:isCovered:)`.
struct WalkthroughOverlayModifier<Context>: ViewModifier {
    let coordinator: HintCoordinator<Context>
    /// The measurements and labels; labels without a locale follow the environment's.
    let style: OverlayStyle
    /// Whether the app says something covers the content (a presentation this overlay cannot see).
    let isCovered: Bool
    /// The overlay this one is inside (a sheet's overlay is inside the presenting screen's).
    @Environment(\.walkthroughOverlayCover) private var enclosing
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.locale) private var locale
    @Environment(\.layoutDirection) private var layoutDirection
    @Environment(\.legibilityWeight) private var legibilityWeight
    @ScaledMetric(relativeTo: .body) private var textScale: CGFloat = 1
    @State private var registry = AnchorRegistry()

    func body(content: Content) -> some View {
        content
            #if os(tvOS)
            // The overlay keeps the focus: content behind it cannot take it, unless the step
            // completes on a tap (a selection), which needs the target.
            .disabled(blocksContentBehind)
            #endif
            // Made once per overlay: a new registrar on every pass would redraw every anchor.
            .environment(\.walkthroughAnchorRegistrar, registry.registrar(for: coordinator))
            // An overlay in a sheet presented from this content covers this one while it is up.
            .environment(\.walkthroughOverlayCover, registry.cover)
            .overlayPreferenceValue(WalkthroughAnchorPreferenceKey.self) { anchors in
                // This reader respects the safe area: where it lies on the screen gives the insets.
                GeometryReader { safe in
                    // This one covers the whole screen: the overlay's coordinates.
                    GeometryReader { screen in
                        let frames = AnchorFrames(
                            reports: anchors.mapValues { $0.map { Waypoint.OverlayRect(screen[$0]) } },
                            registered: registry.registered)
                        overlay(frames: frames, screen: screen, safe: safe)
                            // Nothing is reported while the overlay is off screen.
                            .onChange(of: registry.isOnScreen ? frames : nil, initial: true) { _, new in
                                if let new { registry.report(new, to: coordinator) }
                            }
                    }
                    .ignoresSafeArea()
                }
                // Anchor frames, offsets and paths in one space whose origin is the top left.
                .environment(\.layoutDirection, .leftToRight)
            }
            .onAppear {
                registry.isOnScreen = true
                enclosing?.setCovered(registry.id, true)
            }
            .onDisappear {
                // A dismissed sheet, a popped screen, a closed window: its anchors are gone, and
                // the overlay it covered is uncovered.
                registry.isOnScreen = false
                registry.disappeared(from: coordinator)
                enclosing?.setCovered(registry.id, false)
            }
            .onChange(of: isCovered || !registry.coveredBy.isEmpty, initial: true) { _, covered in
                // A sheet does not make the presenting view disappear: without this, hints would be
                // shown, timed and counted under it.
                coordinator.overlayCovered(registry.id, covered)
            }
            .onChange(of: coordinator.presentation) { old, new in
                // When the last hint this overlay drew goes, VoiceOver returns to its target.
                guard OverlayFocusChange.between(old?.hint, new?.hint) == .returnFocus, let old,
                      registry.registered.contains(old.anchorId) else { return }
                registry.returnFocus(to: old.anchorId)
            }
            .onChange(of: scenePhase, initial: true) { _, phase in
                // Each window reports its own scene; the app is active while any scene is.
                coordinator.overlaySceneChanged(registry.id, isActive: phase == .active)
            }
    }

    /// The style with its labels in the environment's locale, unless the app chose one.
    private var localizedStyle: OverlayStyle {
        var style = style
        style.labels = style.labels.defaulting(to: locale)
        return style
    }

    /// Whether a hint this overlay draws keeps the focus from the content behind it.
    private var blocksContentBehind: Bool {
        guard let shown = coordinator.presentation, !shown.completionTrigger.needsTarget else { return false }
        return coordinator.overlays.owner(of: shown.anchorId) == registry.id
    }

    @ViewBuilder
    private func overlay(frames: AnchorFrames, screen: GeometryProxy, safe: GeometryProxy) -> some View {
        let measurer = SystemFontTextMeasurer(scale: Double(textScale) * style.textScale, boldText: legibilityWeight == .bold)
        let whole = screen.frame(in: .global)
        let safeFrame = safe.frame(in: .global).inset(by: safe.safeAreaInsets)
        ZStack {
            if let layout = coordinator.overlayLayout(
                anchors: frames, overlay: registry.id, screen: Waypoint.OverlaySize(screen.size),
                safeArea: Waypoint.Insets(of: Waypoint.OverlayRect(safeFrame), in: Waypoint.OverlayRect(whole)),
                style: localizedStyle, measurer: measurer
            ) {
                WalkthroughOverlayView(
                    layout: layout, measurer: measurer, contentDirection: layoutDirection,
                    targetLabel: coordinator.presentation.flatMap { registry.labels[$0.anchorId] },
                    onButton: { coordinator.press($0) },
                    onSwipe: { coordinator.swipe($0) },
                    onEscape: { coordinator.escape() })
            }
        }
    }
}

/// The anchors of one overlay: which registered, and the overlay's id for the coordinator.
@MainActor @Observable
final class AnchorRegistry {
    /// The id the coordinator knows this overlay by (each window, sheet or screen has its own).
    let id = UUID().uuidString
    /// The anchors that appeared, with or without a frame.
    var registered: Set<String> = []
    /// What VoiceOver reads for each anchor that has a label (`.walkthroughAnchor(_:label:)`).
    var labels: [String: String] = [:]
    /// Whether the overlay is on screen (between `onAppear` and `onDisappear`).
    var isOnScreen = false
    /// The overlays on screen inside this one's presentations (a sheet's `.walkthroughOverlay`).
    var coveredBy: Set<String> = []
    /// How many times focus was sent back to each anchor.
    private(set) var focusReturns: [String: Int] = [:]
    @ObservationIgnored private var warned: Set<String> = []
    @ObservationIgnored private var madeRegistrar: WalkthroughAnchorRegistrar?

    /// The registrar `.walkthroughAnchor(_:)` reports to, made once: the same value on every body
    /// pass, so that the anchors below are not drawn again for nothing.
    func registrar<Context>(for coordinator: HintCoordinator<Context>) -> WalkthroughAnchorRegistrar {
        if let madeRegistrar { return madeRegistrar }
        let made = WalkthroughAnchorRegistrar(
            appear: { [weak self] id in _ = self?.registered.insert(id) },
            disappear: { [weak self] id in
                _ = self?.registered.remove(id)
                self?.labels[id] = nil
            },
            tap: { [weak coordinator] id in coordinator?.tap(id) },
            focusReturns: { [weak self] id in self?.focusReturns[id] ?? 0 },
            label: { [weak self] id, label in
                if self?.labels[id] != label { self?.labels[id] = label }
            })
        madeRegistrar = made
        return made
    }

    /// What an overlay inside this one's content tells it: it appeared (a sheet is up) or went.
    var cover: WalkthroughOverlayCover {
        WalkthroughOverlayCover(id: id) { [weak self] child, isCovering in
            if isCovering { self?.coveredBy.insert(child) } else { self?.coveredBy.remove(child) }
        }
    }

    /// Sends VoiceOver's focus back to the anchor `id`.
    func returnFocus(to id: String) {
        focusReturns[id, default: 0] += 1
    }

    /// Tells the coordinator which anchors became usable or stopped being usable, and warns once
    /// about each anchor that cannot be used (no frame here, or used by several views).
    func report<Context>(_ frames: AnchorFrames, to coordinator: HintCoordinator<Context>) {
        coordinator.reportAnchors(frames, overlay: id)
        for id in frames.unusableIDs.subtracting(warned).sorted() {
            warn(id, frames.status(of: id))
        }
        warned = frames.unusableIDs
    }

    /// Tells the coordinator that this overlay and all its anchors are gone.
    func disappeared<Context>(from coordinator: HintCoordinator<Context>) {
        coordinator.overlayDisappeared(id)
        warned = []
    }

    private func warn(_ id: String, _ status: AnchorFrames.Status) {
        #if canImport(os)
        let logger = Logger(subsystem: "Waypoint", category: "Overlay")
        switch status {
        case .duplicated(let count):
            logger.warning("Anchor '\(id, privacy: .public)' is used by \(count) views; hints on it wait until only one remains.")
        case .waitingForFrame:
            logger.warning("Anchor '\(id, privacy: .public)' appeared outside this overlay (in a sheet or popover?); add .walkthroughOverlay to that presentation's content.")
        case .unregistered, .placed:
            break
        }
        #endif
    }
}

/// How an overlay inside another's content (in a sheet, a popover, a full-screen cover) tells the
/// enclosing overlay that it covers it.
struct WalkthroughOverlayCover: Equatable {
    /// The enclosing overlay's id.
    let id: String
    let setCovered: @MainActor (_ child: String, _ isCovering: Bool) -> Void

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

private struct WalkthroughOverlayCoverKey: EnvironmentKey {
    static let defaultValue: WalkthroughOverlayCover? = nil
}

extension EnvironmentValues {
    /// The overlay whose content this is, which an overlay in a presentation covers.
    var walkthroughOverlayCover: WalkthroughOverlayCover? {
        get { self[WalkthroughOverlayCoverKey.self] }
        set { self[WalkthroughOverlayCoverKey.self] = newValue }
    }
}

extension CGRect {
    /// The rectangle less `insets` (SwiftUI's, read left to right).
    func inset(by insets: SwiftUI.EdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.leading, y: minY + insets.top,
            width: max(0, width - insets.leading - insets.trailing), height: max(0, height - insets.top - insets.bottom))
    }
}

extension View {
    /// Shows the hints `coordinator` presents over this view: the dimmed screen with a cutout
    /// around the anchor, the tooltip and its arrow, all laid out by the core.
    ///
    /// Mark the elements hints point at with `.walkthroughAnchor(_:label:)` anywhere inside this
    /// view. A hint starts only once its anchor's frame reaches this overlay, from exactly one view:
    /// anchor frames do not cross presentations, so give a sheet's or a popover's content its own
    /// `.walkthroughOverlay(_:)`, and use each anchor id in one view at a time. When the view
    /// disappears (a sheet dismissed, a screen popped, a window closed) its anchors are reported
    /// gone. Several windows can show the same coordinator: each reports its own scene phase, the
    /// app counts as active while any scene is, and a hint is drawn in one window only.
    ///
    /// A sheet does not make the view under it disappear. While an overlay inside this view's
    /// presentations is on screen (the sheet's own `.walkthroughOverlay(_:)`), this one counts as
    /// covered: its hints wait instead of being shown, timed and counted under the sheet. For a
    /// presentation without an overlay of its own, pass `isCovered: isShowingSheet`.
    ///
    /// The overlay's built-in texts ("Next", "Skip", "2 of 5") are in the environment's locale
    /// (`\.locale`, the app's current locale unless a view sets another) unless
    /// `style.labels.locale` names one; `style.labels.overrides` replaces any of them. The default
    /// style is the platform's (``OverlayStyle/current``: larger on tvOS, stacked buttons on watchOS).
    ///
    /// ```swift
    /// EditorScreen()
    ///     .walkthroughOverlay(hints, isCovered: showingExport)
    ///     .sheet(isPresented: $showingExport) { ExportScreen().walkthroughOverlay(hints) }
    /// // inside EditorScreen:
    /// Button("Layers", systemImage: "square.3.layers.3d") { hints.tap("editor.layersButton"); showLayers() }
    ///     .walkthroughAnchor("editor.layersButton", label: "Layers")
    /// ```
    public func walkthroughOverlay<Context>(
        _ coordinator: HintCoordinator<Context>, style: OverlayStyle = .current, isCovered: Bool = false
    ) -> some View {
        modifier(WalkthroughOverlayModifier(coordinator: coordinator, style: style, isCovered: isCovered))
    }
}
#endif
