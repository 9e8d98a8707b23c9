import Foundation

/// The frames of the anchors (on-screen elements hints point at), in window coordinates, as the UI
/// reports them; picks the frame of the hint being presented and lays it out.
///
/// The SwiftUI adapter fills it from anchor preferences, the UIKit adapter from registered views.
/// An anchor whose frame is not known yet gets no overlay until its frame arrives.
public struct AnchorFrames: Sendable, Hashable {
    /// The known frames by anchor id.
    public private(set) var frames: [String: Rect]

    /// Creates a set of frames.
    public init(_ frames: [String: Rect] = [:]) {
        self.frames = frames
    }

    /// The frame of the anchor `id`, if known; setting `nil` forgets it.
    public subscript(id: String) -> Rect? {
        get { frames[id] }
        set { frames[id] = newValue }
    }

    /// Records the frame of the anchor `id`; returns whether it changed.
    @discardableResult
    public mutating func update(_ id: String, frame: Rect) -> Bool {
        guard frames[id] != frame else { return false }
        frames[id] = frame
        return true
    }

    /// Forgets the anchor `id` (it disappeared).
    public mutating func remove(_ id: String) {
        frames[id] = nil
    }

    /// The layout of `presentation` on its anchor's frame, or `nil` when nothing is presented or
    /// the anchor's frame is not known.
    public func layout(
        for presentation: HintPresentation?, screen: Size, safeArea: EdgeInsets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) -> OverlayLayout? {
        guard let presentation, let frame = frames[presentation.anchorId] else { return nil }
        return OverlayLayout(
            presentation: presentation, target: frame, screen: screen, safeArea: safeArea,
            style: style, measurer: measurer)
    }
}
