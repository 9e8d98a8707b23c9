#if canImport(UIKit) && (os(iOS) || os(visionOS))
import Foundation
import UIKit
import Waypoint
#if canImport(os)
import os
#endif

/// Connects a ``HintCoordinator`` to a UIKit window: registers anchor views, shows the overlay the
/// coordinator asks for over the window, and sends button presses, swipes and taps back.
///
/// A hint starts on an anchor only while its view is in the window and not covered by a
/// presentation (a view registered from another window, or behind a sheet, waits); the overlay
/// stays in front of sheets presented while it shows. The layout is computed again when the
/// window's size, safe area, text size, Bold Text, appearance or layout direction changes, and when
/// an anchor registers; call ``refresh()`` after scrolling or moving an anchor yourself.
///
/// Several controllers (one per window) can share a coordinator: each reports its own anchors and
/// its scene's activity, and a hint is drawn in one window only. Releasing the controller removes
/// its overlay and tells the coordinator its anchors are gone. VoiceOver's escape gesture skips
/// or closes the hint, and focus returns where it was when the last hint goes.
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
    /// The measurements and labels of the layouts (labels in the app's current locale unless the
    /// style names one).
    public var style: OverlayStyle {
        didSet { refresh() }
    }
    private var anchors: [String: Registration] = [:]
    private var shown: HintPresentation?
    /// The id the coordinator knows this controller's overlay by.
    private let overlayID = UUID().uuidString
    /// The element VoiceOver had focused before the first hint showed.
    private weak var focusBeforeOverlay: AnyObject?
    private var sceneActivity: SceneActivityRelay?
    private var frontWatch: Task<Void, Never>?

    private struct Registration {
        weak var view: UIView?
        let tap: TapRelay
    }

    /// Creates a controller drawing over `window`; without a `measurer`, text follows the
    /// window's Dynamic Type size. `style` gives the measurements and the built-in labels (in the
    /// app's current locale unless `style.labels.locale` names one, with the app's overrides).
    public init(
        coordinator: HintCoordinator<Context>, window: UIWindow, measurer: SystemFontTextMeasurer? = nil,
        style: OverlayStyle = .standard
    ) {
        self.coordinator = coordinator
        self.window = window
        self.fixedMeasurer = measurer
        self.style = style
        self.overlay = WalkthroughOverlayUIView(measurer: measurer ?? SystemFontTextMeasurer())
        overlay.onButton = { [weak coordinator] action in coordinator?.press(action) }
        overlay.onSwipe = { [weak coordinator] direction in coordinator?.swipe(direction) }
        overlay.onEscape = { [weak coordinator] in coordinator?.escape() }
        overlay.onEnvironmentChange = { [weak self] in self?.refresh() }
        let overlayID = self.overlayID
        sceneActivity = SceneActivityRelay(scene: window.windowScene) { [weak coordinator] isActive in
            coordinator?.overlaySceneChanged(overlayID, isActive: isActive)
        }
        if let scene = window.windowScene {
            coordinator.overlaySceneChanged(overlayID, isActive: scene.activationState == .foregroundActive)
        }
    }

    deinit {
        // A released controller leaves no dim overlay swallowing touches, and its anchors are gone.
        // (The class is main-actor isolated, so these Sendable references are handed to the main actor.)
        let overlay = self.overlay
        let coordinator = self.coordinator
        let overlayID = self.overlayID
        Task { @MainActor in
            overlay.removeFromSuperview()
            coordinator.overlayDisappeared(overlayID)
        }
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
        // Lays the hint out on the new view when it is the one on screen.
        refresh()
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

    /// The anchors as the core sees them: placed while their view is in the window and not
    /// covered by a presentation it is not part of.
    private func anchorFrames() -> AnchorFrames {
        var frames = AnchorFrames()
        let front = frontmostPresentation()
        for (id, registration) in anchors {
            frames.register(id)
            if let window, let view = registration.view, view.window === window,
               front.map({ view.isDescendant(of: $0) }) ?? true {
                frames.update(id, frame: Waypoint.OverlayRect(view.convert(view.bounds, to: window)))
            }
        }
        return frames
    }

    /// The view of the frontmost presented view controller, if anything is presented.
    private func frontmostPresentation() -> UIView? {
        var top = window?.rootViewController
        var presented: UIViewController?
        while let next = top?.presentedViewController, !next.isBeingDismissed {
            presented = next
            top = next
        }
        return presented?.view
    }

    private func reportAnchors() {
        coordinator.reportAnchors(anchorFrames(), overlay: overlayID, present: { [weak self] presentation in
            self?.show(presentation)
        }, dismiss: { [weak self] hint in
            self?.hide(hint)
        })
    }

    private func show(_ presentation: HintPresentation, animated: Bool = true) {
        guard let window, let view = anchors[presentation.anchorId]?.view, view.window === window else { return }
        if OverlayFocusChange.between(shown?.hint, presentation.hint) == .takeFocus, overlay.superview == nil {
            focusBeforeOverlay = UIAccessibility.focusedElement(using: .notificationVoiceOver).map { $0 as AnyObject }
        }
        shown = presentation
        if let fixedMeasurer {
            overlay.measurer = fixedMeasurer
        } else {
            let traits = window.traitCollection
            let scale = UIFontMetrics(forTextStyle: .body).scaledValue(for: 1, compatibleWith: traits)
            overlay.measurer = SystemFontTextMeasurer(scale: Double(scale), boldText: traits.legibilityWeight == .bold)
        }
        overlay.targetAccessibilityLabel = view.accessibilityLabel
        let frame = view.convert(view.bounds, to: window)
        let insets = window.safeAreaInsets
        let layout = OverlayLayout(
            presentation: presentation, target: Waypoint.OverlayRect(frame), screen: Waypoint.OverlaySize(window.bounds.size),
            safeArea: Waypoint.Insets(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom), right: Double(insets.right)),
            style: style, measurer: overlay.measurer)
        if overlay.superview !== window {
            overlay.frame = window.bounds
            overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            window.addSubview(overlay)
            overlay.apply(layout, animated: false)
        } else {
            window.bringSubviewToFront(overlay)
            overlay.apply(layout, animated: animated)
        }
        watchFront()
    }

    /// While a hint shows, notices a presentation (a sheet, an alert) added to the window above the
    /// overlay: an anchor it covers waits, and an anchor inside it gets the overlay in front again.
    private func watchFront() {
        guard frontWatch == nil else { return }
        frontWatch = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                guard let self, self.shown != nil else { break }
                if let superview = self.overlay.superview, superview.subviews.last !== self.overlay { self.refresh() }
            }
            self?.frontWatch = nil
        }
    }

    private func hide(_ hint: HintID) {
        guard shown?.hint == hint else { return }
        shown = nil
        // The next hint often follows at once; remove the overlay only if none did.
        Task { @MainActor [weak self] in
            guard let self, self.shown == nil else { return }
            self.overlay.removeFromSuperview()
            if OverlayFocusChange.between(hint, nil) == .returnFocus, UIAccessibility.isVoiceOverRunning {
                // Focus goes back where it was before the first hint.
                UIAccessibility.post(notification: .screenChanged, argument: self.focusBeforeOverlay)
                self.focusBeforeOverlay = nil
            }
        }
    }

    private func warnDuplicate(_ id: String) {
        #if canImport(os)
        Logger(subsystem: "Waypoint", category: "Overlay").warning(
            "Anchor '\(id, privacy: .public)' was registered again for another view still on screen; hints now point at the newer view.")
        #endif
    }
}

/// Reports whether a window's scene is in the foreground and active (its notifications stop when
/// the relay is released).
@MainActor
final class SceneActivityRelay: NSObject {
    private let onChange: @MainActor (Bool) -> Void

    init(scene: UIScene?, onChange: @escaping @MainActor (Bool) -> Void) {
        self.onChange = onChange
        super.init()
        // Without a scene there is nothing to follow (a nil object would follow every scene).
        guard let scene else { return }
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(didActivate), name: UIScene.didActivateNotification, object: scene)
        center.addObserver(self, selector: #selector(willDeactivate), name: UIScene.willDeactivateNotification, object: scene)
    }

    @objc private func didActivate() { onChange(true) }
    @objc private func willDeactivate() { onChange(false) }
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
