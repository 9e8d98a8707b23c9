#if canImport(UIKit) && (os(iOS) || os(visionOS))
import UIKit
import Waypoint
#if canImport(os)
import os
#endif

/// Connects a ``HintCoordinator`` to a UIKit window: registers anchor views, shows the overlay the
/// coordinator asks for over the window, and sends button presses, swipes and taps back.
///
/// A hint starts on an anchor only while its view is in the window (a view registered from
/// another window waits). The layout is computed again when the window's size, safe area, text
/// size, appearance or layout direction changes; call ``refresh()`` after scrolling or moving an
/// anchor yourself.
///
/// ```swift
/// let overlay = WalkthroughOverlayController(coordinator: hints, window: window)
/// overlay.register(layersButton, as: "editor.layersButton")   // in viewDidAppear
/// overlay.unregister("editor.layersButton")                  // in viewDidDisappear
/// overlay.refresh()                                          // after scrolling
/// ```
@MainActor
public final class WalkthroughOverlayController<Context> {
    /// The coordinator whose hints are shown.
    public let coordinator: HintCoordinator<Context>
    private weak var window: UIWindow?
    private let overlay: WalkthroughOverlayUIView
    private let fixedMeasurer: SystemFontTextMeasurer?
    private var anchors: [String: Registration] = [:]
    private var reported = AnchorFrames()
    private var shown: HintPresentation?

    private struct Registration {
        weak var view: UIView?
        let tap: TapRelay
    }

    /// Creates a controller drawing over `window`; without a `measurer`, text follows the
    /// window's Dynamic Type size.
    public init(coordinator: HintCoordinator<Context>, window: UIWindow, measurer: SystemFontTextMeasurer? = nil) {
        self.coordinator = coordinator
        self.window = window
        self.fixedMeasurer = measurer
        self.overlay = WalkthroughOverlayUIView(measurer: measurer ?? SystemFontTextMeasurer())
        overlay.onButton = { [weak coordinator] action in coordinator?.press(action) }
        overlay.onSwipe = { [weak coordinator] direction in coordinator?.swipe(direction) }
        overlay.onEnvironmentChange = { [weak self] in self?.refresh() }
    }

    /// Registers `view` as the anchor `id`: hints on `id` point at it, and a tap on it is reported.
    ///
    /// Registering another view under an id still in use replaces it (and logs a warning).
    public func register(_ view: UIView, as id: String) {
        if let old = anchors[id] {
            old.view?.removeGestureRecognizer(old.tap.recognizer)
            if let oldView = old.view, oldView !== view, oldView.window != nil { warnDuplicate(id) }
        }
        let relay = TapRelay { [weak coordinator] in coordinator?.tap(id) }
        view.addGestureRecognizer(relay.recognizer)
        anchors[id] = Registration(view: view, tap: relay)
        reportAnchors()
    }

    /// Unregisters the anchor `id` (its view disappeared).
    public func unregister(_ id: String) {
        if let anchor = anchors.removeValue(forKey: id) {
            anchor.view?.removeGestureRecognizer(anchor.tap.recognizer)
        }
        reportAnchors()
    }

    /// Lays the shown hint out again from its anchor's current frame (after scrolling or layout);
    /// anchors that left the window stop being usable, and those that came back become usable.
    public func refresh() {
        reportAnchors()
        if let shown { show(shown, animated: false) }
    }

    /// The anchors as the core sees them: placed while their view is in the window.
    private func anchorFrames() -> AnchorFrames {
        var frames = AnchorFrames()
        for (id, registration) in anchors {
            frames.register(id)
            if let window, let view = registration.view, view.window === window {
                frames.update(id, frame: Waypoint.Rect(view.convert(view.bounds, to: window)))
            }
        }
        return frames
    }

    private func reportAnchors() {
        let frames = anchorFrames()
        coordinator.reportAnchors(frames, previously: reported, present: { [weak self] presentation in
            self?.show(presentation)
        }, dismiss: { [weak self] hint in
            self?.hide(hint)
        })
        reported = frames
    }

    private func show(_ presentation: HintPresentation, animated: Bool = true) {
        guard let window, let view = anchors[presentation.anchorId]?.view, view.window === window else { return }
        shown = presentation
        if let fixedMeasurer {
            overlay.measurer = fixedMeasurer
        } else {
            let scale = UIFontMetrics(forTextStyle: .body).scaledValue(for: 1, compatibleWith: window.traitCollection)
            overlay.measurer = SystemFontTextMeasurer(scale: Double(scale))
        }
        overlay.targetAccessibilityLabel = view.accessibilityLabel
        let frame = view.convert(view.bounds, to: window)
        let insets = window.safeAreaInsets
        let layout = OverlayLayout(
            presentation: presentation, target: Waypoint.Rect(frame), screen: Waypoint.Size(window.bounds.size),
            safeArea: Waypoint.Insets(
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

    private func warnDuplicate(_ id: String) {
        #if canImport(os)
        Logger(subsystem: "Waypoint", category: "Overlay").warning(
            "Anchor '\(id, privacy: .public)' was registered again for another view still on screen; hints now point at the newer view.")
        #endif
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
