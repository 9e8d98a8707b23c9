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
/// presentation (a view registered from another window, or behind a sheet, waits, and becomes
/// usable when the sheet goes); the overlay stays in front of sheets presented while it shows.
/// While a hint shows or a presentation is up, the controller looks four times a second for
/// anchors covered or uncovered and for a presentation above the overlay; it stops when neither
/// holds. The layout is computed again when the window's size, safe area, text size, Bold Text,
/// appearance or layout direction changes, when the software keyboard moves (the tooltip stays
/// clear of it, on iOS), and when an anchor registers; call ``refresh()`` after scrolling or moving
/// an anchor yourself.
///
/// A tap on an anchor completes a `tap` step. When the registered view is a `UIControl` (a
/// `UIButton`, for example), the tap is its primary action (`.primaryActionTriggered`), so it
/// counts however the control was activated: a touch, Full Keyboard Access, Voice Control,
/// Switch Control, VoiceOver or a select press on tvOS. Any other view reports touches through a
/// tap gesture recognizer only; when such a view runs its action some other way (a custom
/// accessibility action, a key command, a control that is not the registered view), call
/// `coordinator.tap(id)` from that action yourself.
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
    /// The anchors placed when they were last reported: when this changes (a sheet came or went,
    /// an anchor left the window), they are reported again.
    private var placedAnchors: Set<String> = []
    #if os(iOS)
    private var keyboard: KeyboardRelay?
    /// How far the software keyboard reaches into the window from its bottom edge (0 when hidden).
    private var keyboardOverlap: CGFloat = 0
    #endif

    private struct Registration {
        weak var view: UIView?
        let tap: TapRelay
    }

    /// Creates a controller drawing over `window`; without a `measurer`, text follows the
    /// window's Dynamic Type size. `style` gives the measurements and the built-in labels (in the
    /// app's current locale unless `style.labels.locale` names one, with the app's overrides).
    public init(
        coordinator: HintCoordinator<Context>, window: UIWindow, measurer: SystemFontTextMeasurer? = nil,
        style: OverlayStyle = .current
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
        #if os(iOS)
        keyboard = KeyboardRelay { [weak self] frame, screen in self?.keyboardChanged(frame, on: screen) }
        #endif
    }

    deinit {
        // A released controller leaves no dim overlay swallowing touches, no recognizer or target
        // on its anchors' views, and its anchors are gone. The deinit stays nonisolated (an
        // isolated deinit runs on iOS 17 only through Swift's back-deployed shim), so these
        // Sendable references (main-actor classes and Sendable values) are handed to the main actor.
        frontWatch?.cancel()
        let overlay = self.overlay
        let coordinator = self.coordinator
        let overlayID = self.overlayID
        let taps = anchors.values.map(\.tap)
        Task { @MainActor in
            taps.forEach { $0.detach() }
            overlay.removeFromSuperview()
            coordinator.overlayDisappeared(overlayID)
        }
    }

    /// Registers `view` as the anchor `id`: hints on `id` point at it, and a tap on it is reported.
    ///
    /// Registering another view under an id still in use replaces it (and logs a warning).
    public func register(_ view: UIView, as id: String) {
        if let old = anchors[id] {
            old.tap.detach()
            if let oldView = old.view, oldView !== view, oldView.window != nil { warnDuplicate(id) }
        }
        let relay = TapRelay(on: view) { [weak coordinator] in coordinator?.tap(id) }
        anchors[id] = Registration(view: view, tap: relay)
        // Lays the hint out on the new view when it is the one on screen.
        refresh()
    }

    /// Unregisters the anchor `id` (its view disappeared).
    public func unregister(_ id: String) {
        anchors.removeValue(forKey: id)?.tap.detach()
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
        let frames = anchorFrames()
        placedAnchors = frames.placedIDs
        coordinator.reportAnchors(frames, overlay: overlayID, present: { [weak self] presentation in
            self?.show(presentation)
        }, dismiss: { [weak self] hint in
            self?.hide(hint)
        })
        // An anchor behind a sheet becomes usable when the sheet goes: nothing else tells (a page
        // sheet's dismissal calls no viewDidAppear underneath).
        watchFront()
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
            overlay.measurer = SystemFontTextMeasurer(scale: Double(scale) * style.textScale, boldText: traits.legibilityWeight == .bold)
        }
        overlay.targetAccessibilityLabel = view.accessibilityLabel
        let frame = view.convert(view.bounds, to: window)
        let insets = window.safeAreaInsets
        var bottom = insets.bottom
        #if os(iOS)
        // The tooltip stays clear of the software keyboard. The keyboard covers the bottom safe
        // area too (its frame reaches the window's bottom edge), so the larger of the two counts.
        bottom = max(bottom, keyboardOverlap)
        #endif
        let layout = OverlayLayout(
            presentation: presentation, target: Waypoint.OverlayRect(frame), screen: Waypoint.OverlaySize(window.bounds.size),
            safeArea: Waypoint.Insets(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(bottom), right: Double(insets.right)),
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

    /// Whether something can change without UIKit telling: a hint shows (a sheet may come over
    /// it) or a presentation is up (it may go, uncovering anchors, or take its anchors with it).
    private var needsWatching: Bool {
        shown != nil || frontmostPresentation() != nil
    }

    /// While ``needsWatching``, notices a presentation (a sheet, an alert) added to the window
    /// above the overlay, and anchors covered or uncovered: an anchor a sheet covers waits, an
    /// anchor inside it gets the overlay in front again, and an anchor behind a dismissed sheet
    /// becomes usable. Stops once nothing shows and nothing is presented, so no idle loop is left.
    private func watchFront() {
        guard frontWatch == nil, needsWatching else { return }
        frontWatch = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                guard let self, !Task.isCancelled else { break }
                let behind = self.shown != nil && self.overlay.superview.map { $0.subviews.last !== self.overlay } == true
                if behind || self.anchorFrames().placedIDs != self.placedAnchors { self.refresh() }
                if !self.needsWatching { break }
            }
            self?.frontWatch = nil
        }
    }

    #if os(iOS)
    /// The software keyboard will move to `frame` (in `screen`'s coordinates), or hide (`nil`).
    private func keyboardChanged(_ frame: CGRect?, on screen: UIScreen?) {
        guard let window else { return }
        // A keyboard on another screen (an external display) does not cover this window.
        if let screen, screen !== window.screen { return }
        var overlap: CGFloat = 0
        if let frame, !frame.isEmpty {
            let covered = window.bounds.intersection(window.convert(frame, from: window.screen.coordinateSpace))
            if !covered.isNull, covered.height > 0 { overlap = window.bounds.maxY - covered.minY }
        }
        guard overlap != keyboardOverlap else { return }
        keyboardOverlap = overlap
        refresh()
    }
    #endif

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

#if os(iOS)
/// Reports where the software keyboard goes: its end frame in the screen's coordinates, with the
/// screen (the notification's object from iOS 16.1), or `nil` when it hides. Its notifications stop
/// when the relay is released.
@MainActor
final class KeyboardRelay: NSObject {
    private let onChange: @MainActor (CGRect?, UIScreen?) -> Void

    init(onChange: @escaping @MainActor (CGRect?, UIScreen?) -> Void) {
        self.onChange = onChange
        super.init()
        let center = NotificationCenter.default
        center.addObserver(
            self, selector: #selector(willChangeFrame(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        center.addObserver(self, selector: #selector(willHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    @objc private func willChangeFrame(_ notification: Notification) {
        onChange(notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect, notification.object as? UIScreen)
    }

    @objc private func willHide(_ notification: Notification) {
        onChange(nil, notification.object as? UIScreen)
    }
}
#endif

/// Reports taps on an anchor's view and calls a closure (generic classes cannot be `@objc` targets).
///
/// A `UIControl` reports its primary action (`.primaryActionTriggered`), which every way of
/// activating it sends (touch, Full Keyboard Access, Voice Control, Switch Control, VoiceOver, a
/// select press on tvOS), and nothing else, so one tap is reported once. Any other view reports
/// touches through a tap gesture recognizer that does not cancel the view's own touches.
@MainActor
final class TapRelay: NSObject {
    private weak var view: UIView?
    private var recognizer: UITapGestureRecognizer?
    private let action: @MainActor () -> Void

    init(on view: UIView, _ action: @escaping @MainActor () -> Void) {
        self.view = view
        self.action = action
        super.init()
        if let control = view as? UIControl {
            control.addTarget(self, action: #selector(fire), for: .primaryActionTriggered)
        } else {
            let recognizer = UITapGestureRecognizer(target: self, action: #selector(fire))
            recognizer.cancelsTouchesInView = false
            view.addGestureRecognizer(recognizer)
            self.recognizer = recognizer
        }
    }

    /// Removes the recognizer or the control's target from the view: it reports nothing more.
    func detach() {
        if let control = view as? UIControl {
            control.removeTarget(self, action: #selector(fire), for: .primaryActionTriggered)
        }
        if let recognizer {
            view?.removeGestureRecognizer(recognizer)
        }
        recognizer = nil
        view = nil
    }

    @objc private func fire() { action() }
}
#endif
