#if canImport(SwiftUI)
import SwiftUI
import Waypoint

/// Presents the hints of a ``HintCoordinator`` over the content; see `.walkthroughOverlay(_:)`.
struct WalkthroughOverlayModifier<Context>: ViewModifier {
    let coordinator: HintCoordinator<Context>
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.layoutDirection) private var layoutDirection
    @ScaledMetric(relativeTo: .body) private var textScale: CGFloat = 1

    func body(content: Content) -> some View {
        content
            .environment(\.walkthroughAnchorRegistrar, registrar)
            .overlayPreferenceValue(WalkthroughAnchorPreferenceKey.self) { anchors in
                GeometryReader { proxy in
                    let measurer = SystemFontTextMeasurer(scale: Double(textScale))
                    let frames = AnchorFrames(anchors.mapValues { Waypoint.Rect(proxy[$0]) })
                    if let layout = coordinator.overlayLayout(
                        anchors: frames, screen: Waypoint.Size(proxy.size),
                        safeArea: Waypoint.EdgeInsets(proxy.safeAreaInsets, layoutDirection: layoutDirection),
                        measurer: measurer
                    ) {
                        WalkthroughOverlayView(
                            layout: layout, measurer: measurer,
                            onButton: { coordinator.press($0) },
                            onSwipe: { coordinator.swipe($0) })
                    }
                }
                .ignoresSafeArea()
            }
            .onChange(of: scenePhase) { _, phase in
                switch phase {
                case .active: coordinator.appBecameActive()
                case .inactive, .background: coordinator.appResignedActive()
                @unknown default: break
                }
            }
    }

    private var registrar: WalkthroughAnchorRegistrar {
        let coordinator = self.coordinator
        return WalkthroughAnchorRegistrar(
            appear: { id in coordinator.anchorDidAppear(id, present: { _ in }) },
            disappear: { id in coordinator.anchorDidDisappear(id) },
            tap: { id in coordinator.tap(id) })
    }
}

extension View {
    /// Shows the hints `coordinator` presents over this view: the dimmed screen with a cutout
    /// around the anchor, the tooltip and its arrow, all laid out by the core.
    ///
    /// Mark the elements hints point at with `.walkthroughAnchor(_:)` anywhere inside this view;
    /// they register with `coordinator` as they appear and disappear. The app's scene phase is
    /// reported as the app becoming active or resigning active.
    ///
    /// ```swift
    /// EditorScreen()
    ///     .walkthroughOverlay(hints)
    /// // inside EditorScreen:
    /// Button("Layers", systemImage: "square.3.layers.3d") { showLayers() }
    ///     .walkthroughAnchor("editor.layersButton")
    /// ```
    public func walkthroughOverlay<Context>(_ coordinator: HintCoordinator<Context>) -> some View {
        modifier(WalkthroughOverlayModifier(coordinator: coordinator))
    }
}
#endif
