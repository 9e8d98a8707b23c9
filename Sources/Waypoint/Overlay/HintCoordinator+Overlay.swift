import Foundation

extension HintCoordinator {
    /// The layout of the hint on screen over the anchor frames the UI reported, or `nil` when no
    /// hint is presented or its anchor is not placed (no frame yet, or reported by several views).
    package func overlayLayout(
        anchors: AnchorFrames, screen: OverlaySize, safeArea: Insets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) -> OverlayLayout? {
        anchors.layout(for: presentation, screen: screen, safeArea: safeArea, style: style, measurer: measurer)
    }

    /// Tells the coordinator which anchors it can show hints on, from what changed between
    /// `previous` and `anchors`: an anchor that became placed appeared; one that disappeared, lost
    /// its frame or became duplicated disappeared (a hint on it waits for it).
    ///
    /// An anchor that registered without a frame (in a sheet the overlay does not cover) or whose
    /// id several views use is never reported as appeared, so no hint is started on it and shown
    /// with nothing to point at.
    package func reportAnchors(
        _ anchors: AnchorFrames, previously previous: AnchorFrames,
        present: @escaping @MainActor (HintPresentation) -> Void = { _ in },
        dismiss: @escaping @MainActor (HintID) -> Void = { _ in }
    ) {
        let changes = anchors.changes(since: previous)
        for id in changes.disappeared { anchorDidDisappear(id) }
        for id in changes.appeared { anchorDidAppear(id, present: present, dismiss: dismiss) }
    }

    /// The layout of the hint on screen for the overlay `overlay`, over the anchor frames it reported,
    /// or `nil` when no hint is presented, its anchor is not placed there, or another overlay draws
    /// it (see ``OverlayAnchors``).
    package func overlayLayout(
        anchors: AnchorFrames, overlay: String, screen: OverlaySize, safeArea: Insets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) -> OverlayLayout? {
        guard let presentation, overlays.owner(of: presentation.anchorId) == overlay else { return nil }
        return anchors.layout(for: presentation, screen: screen, safeArea: safeArea, style: style, measurer: measurer)
    }

    /// Tells the coordinator which anchors the overlay `overlay` (one window, scene or presentation)
    /// has now; it remembers what each overlay reported, so several overlays can share it.
    ///
    /// An anchor appears when a first overlay places it and disappears when none does any more; a
    /// hint on an anchor several overlays place is drawn by one of them (``OverlayAnchors``), through
    /// that overlay's `present` and `dismiss`.
    package func reportAnchors(
        _ anchors: AnchorFrames, overlay: String,
        present: @escaping @MainActor (HintPresentation) -> Void = { _ in },
        dismiss: @escaping @MainActor (HintID) -> Void = { _ in }
    ) {
        overlayHandlers[overlay] = OverlayHandlers(present: present, dismiss: dismiss)
        var next = overlays
        let changes = next.report(anchors, from: overlay)
        apply(changes, to: next)
    }

    /// The overlay `overlay` disappeared (its window closed, its sheet was dismissed, its screen was
    /// popped): every anchor only it placed is gone, and a hint on one is dismissed and waits.
    package func overlayDisappeared(_ overlay: String) {
        var next = overlays
        let changes = next.remove(overlay)
        apply(changes, to: next)
        overlayHandlers[overlay] = nil
        if presentingOverlay == overlay { presentingOverlay = nil }
        sendSceneActivity()
    }

    /// The scene of the overlay `overlay` became active or stopped being active.
    ///
    /// The app counts as active while any overlay's scene is: only when the last one leaves the
    /// foreground is the hint on screen dismissed (``appResignedActive()``).
    package func overlaySceneChanged(_ overlay: String, isActive: Bool) {
        var next = overlays
        let changes = next.setActive(isActive, for: overlay)
        apply(changes, to: next)
        sendSceneActivity()
    }

    /// Something was presented over the overlay `overlay` (a sheet, a popover, a full-screen
    /// cover), or it went away: while the overlay is covered its anchors count as gone, so a hint on
    /// one is dismissed and waits rather than being shown, timed and counted under the presentation.
    ///
    /// The SwiftUI overlay calls this when an overlay inside its content appears (a sheet's
    /// `.walkthroughOverlay(_:)`) or when the app passes `isCovered:`.
    package func overlayCovered(_ overlay: String, _ isCovered: Bool) {
        var next = overlays
        let changes = next.setCovered(isCovered, for: overlay)
        apply(changes, to: next)
    }

    /// The user made the accessibility escape gesture: skips the hint on screen when it can be
    /// skipped, otherwise closes its walkthrough (`HintPresentation.escapeSignal`).
    public func escape() {
        guard let presentation else { return }
        send(presentation.escapeSignal)
    }

    private func apply(_ changes: OverlayAnchors.Changes, to next: OverlayAnchors) {
        if next != overlays { overlays = next }
        for id in changes.disappeared { anchorDidDisappear(id) }
        for id in changes.appeared {
            anchorDidAppear(id, present: { [weak self] shown in
                self?.presentOnOwner(shown)
            }, dismiss: { [weak self] hint in
                self?.dismissOnPresentingOverlay(hint)
            })
        }
        if let shown = presentation, let move = changes.moved[shown.anchorId] {
            overlayHandlers[move.from]?.dismiss(shown.hint)
            presentingOverlay = move.to
            overlayHandlers[move.to]?.present(shown)
        }
    }

    private func presentOnOwner(_ shown: HintPresentation) {
        guard let owner = overlays.owner(of: shown.anchorId) else { return }
        presentingOverlay = owner
        overlayHandlers[owner]?.present(shown)
    }

    private func dismissOnPresentingOverlay(_ hint: HintID) {
        guard let overlay = presentingOverlay else { return }
        presentingOverlay = nil
        overlayHandlers[overlay]?.dismiss(hint)
    }

    private func sendSceneActivity() {
        guard let active = overlays.isActive, active != (sentSceneActivity ?? state.isAppActive) else { return }
        sentSceneActivity = active
        if active { appBecameActive() } else { appResignedActive() }
    }

    /// Sends the signal of a tooltip button: ``skip()``, ``back()`` or ``next()``.
    public func press(_ action: TooltipButton.Action) {
        switch action {
        case .skip: skip()
        case .back: back()
        case .next: next()
        }
    }
}
