import Foundation

extension HintCoordinator {
    /// The layout of the hint on screen over the anchor frames the UI reported, or `nil` when no
    /// hint is presented or its anchor is not placed (no frame yet, or reported by several views).
    public func overlayLayout(
        anchors: AnchorFrames, screen: Size, safeArea: Insets = .zero,
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
    public func reportAnchors(
        _ anchors: AnchorFrames, previously previous: AnchorFrames,
        present: @escaping @MainActor (HintPresentation) -> Void = { _ in },
        dismiss: @escaping @MainActor (HintID) -> Void = { _ in }
    ) {
        let changes = anchors.changes(since: previous)
        for id in changes.disappeared { anchorDidDisappear(id) }
        for id in changes.appeared { anchorDidAppear(id, present: present, dismiss: dismiss) }
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
