import Foundation

extension HintCoordinator {
    /// The layout of the hint on screen over the anchor frames the UI reported, or `nil` when no
    /// hint is presented or its anchor's frame is not known yet.
    public func overlayLayout(
        anchors: AnchorFrames, screen: Size, safeArea: EdgeInsets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) -> OverlayLayout? {
        anchors.layout(for: presentation, screen: screen, safeArea: safeArea, style: style, measurer: measurer)
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
