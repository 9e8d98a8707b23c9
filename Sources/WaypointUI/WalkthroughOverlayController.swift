#if canImport(UIKit) && (os(iOS) || os(visionOS))
import UIKit
import Waypoint

/// Connects a ``HintCoordinator`` to a UIKit window: registers anchor views, shows the overlay the
/// coordinator asks for over the window, and sends button presses, swipes and taps back.
///
/// ```swift
/// let overlay = WalkthroughOverlayController(coordinator: hints, window: window)
/// overlay.register(layersButton, as: "editor.layersButton")   // in viewDidAppear
/// overlay.unregister("editor.layersButton")                  // in viewDidDisappear
/// overlay.refresh()                                          // after scrolling or a layout change
/// ```
@MainActor
public final class WalkthroughOverlayController<Context> {
    /// The coordinator whose hints are shown.
    public let coordinator: HintCoordinator<Context>
    private weak var window: UIWindow?
    private let overlay: WalkthroughOverlayUIView
    private var anchors: [String: Registration] = [:]
    private var shown: HintPresentation?

    private struct Registration {
        weak var view: UIView?
        let tap: TapRelay
    }

    /// Creates a controller drawing over `window`.
    public init(coordinator: HintCoordinator<Context>, window: UIWindow, measurer: SystemFontTextMeasurer = SystemFontTextMeasurer()) {
        self.coordinator = coordinator
        self.window = window
        self.overlay = WalkthroughOverlayUIView(measurer: measurer)
        overlay.onButton = { [weak coordinator] action in coordinator?.press(action) }
        overlay.onSwipe = { [weak coordinator] direction in coordinator?.swipe(direction) }
    }

    /// Registers `view` as the anchor `id`: hints on `id` point at it, and a tap on it is reported.
    public func register(_ view: UIView, as id: String) {
        if let old = anchors[id] { old.view?.removeGestureRecognizer(old.tap.recognizer) }
        let relay = TapRelay { [weak coordinator] in coordinator?.tap(id) }
        view.addGestureRecognizer(relay.recognizer)
        anchors[id] = Registration(view: view, tap: relay)
        coordinator.anchorDidAppear(id, present: { [weak self] presentation in
            self?.show(presentation)
        }, dismiss: { [weak self] hint in
            self?.hide(hint)
        })
    }

    /// Unregisters the anchor `id` (its view disappeared).
    public func unregister(_ id: String) {
        if let anchor = anchors.removeValue(forKey: id) {
            anchor.view?.removeGestureRecognizer(anchor.tap.recognizer)
        }
        coordinator.anchorDidDisappear(id)
    }

    /// Lays the shown hint out again from its anchor's current frame (after scrolling, rotation or layout).
    public func refresh() {
        if let shown { show(shown, animated: false) }
    }

    private func show(_ presentation: HintPresentation, animated: Bool = true) {
        guard let window, let view = anchors[presentation.anchorId]?.view else { return }
        shown = presentation
        let frame = view.convert(view.bounds, to: window)
        let insets = window.safeAreaInsets
        let layout = OverlayLayout(
            presentation: presentation, target: Waypoint.Rect(frame), screen: Waypoint.Size(window.bounds.size),
            safeArea: Waypoint.EdgeInsets(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom), right: Double(insets.right)),
            measurer: overlay.measurer)
        if overlay.superview !== window {
            overlay.frame = window.bounds
            overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            window.addSubview(overlay)
            overlay.apply(layout, animated: false)
        } else {
            window.bringSubviewToFront(overlay)
            overlay.apply(layout, animated: animated)
        }
    }

    private func hide(_ hint: HintID) {
        guard shown?.hint == hint else { return }
        shown = nil
        // The next hint often follows at once; remove the overlay only if none did.
        Task { @MainActor [weak self] in
            guard let self, self.shown == nil else { return }
            self.overlay.removeFromSuperview()
        }
    }
}

/// Receives a tap gesture's action and calls a closure (generic classes cannot be `@objc` targets).
@MainActor
final class TapRelay: NSObject {
    let recognizer = UITapGestureRecognizer()
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
        super.init()
        recognizer.cancelsTouchesInView = false
        recognizer.addTarget(self, action: #selector(fire))
    }

    @objc private func fire() { action() }
}
#endif
