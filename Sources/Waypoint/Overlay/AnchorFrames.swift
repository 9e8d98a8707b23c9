import Foundation

/// The frames of the anchors (on-screen elements hints point at), in window coordinates, as the UI
/// reports them; tells which anchors a hint can be shown on, and lays out the hint being presented.
///
/// The SwiftUI adapter fills it from anchor preferences, the UIKit adapter from registered views;
/// an app drawing its own overlay fills it with ``init(_:)`` and ``update(_:frame:)``. An anchor is usable — ``Status/placed(_:)`` — only when exactly
/// one view reports a frame for it:
/// - An anchor that registered but has no frame (``Status/waitingForFrame``) is typically inside a
///   sheet or another presentation the overlay does not cover; its frame never reaches the overlay.
/// - An anchor id reported by several views (``Status/duplicated(count:)``) is ambiguous.
///
/// In both cases the hint waits, as if the anchor had not appeared: report to the coordinator only
/// the placed anchors (``HintCoordinator/reportAnchors(_:previously:present:dismiss:)`` does it),
/// and show the others to the developer (``status(of:)``).
package struct AnchorFrames: Sendable, Hashable {
    /// Where an anchor stands.
    package enum Status: Sendable, Hashable {
        /// Nothing registered the anchor and no frame is known.
        case unregistered
        /// The anchor registered, but its frame has not reached the overlay (for example, it is in
        /// a sheet the overlay does not cover).
        case waitingForFrame
        /// One view reports the anchor, at this frame.
        case placed(OverlayRect)
        /// `count` views report the same anchor id; none of them is used.
        case duplicated(count: Int)
    }

    /// The known frames by anchor id (for an id reported several times, the last frame reported).
    package private(set) var frames: [String: OverlayRect]
    /// The anchors that registered (appeared), with or without a frame.
    package private(set) var registered: Set<String>
    /// The anchor ids reported by more than one view, with how many.
    package private(set) var duplicates: [String: Int]

    /// Creates a set of frames, one per anchor.
    package init(_ frames: [String: OverlayRect] = [:]) {
        self.frames = frames
        self.registered = []
        self.duplicates = [:]
    }

    /// Creates a set of frames from every frame reported for each anchor id (anchor preferences
    /// collect one per view), and the ids that registered.
    package init(reports: [String: [OverlayRect]], registered: Set<String> = []) {
        self.frames = reports.compactMapValues(\.last)
        self.registered = registered
        self.duplicates = reports.filter { $0.value.count > 1 }.mapValues(\.count)
    }

    /// Where the anchor `id` stands.
    package func status(of id: String) -> Status {
        if let count = duplicates[id] { return .duplicated(count: count) }
        if let frame = frames[id] { return .placed(frame) }
        return registered.contains(id) ? .waitingForFrame : .unregistered
    }

    /// The anchors hints can be shown on: those with exactly one frame.
    package var placedIDs: Set<String> {
        Set(frames.keys).subtracting(duplicates.keys)
    }

    /// The anchors that registered but cannot be used: no frame, or reported more than once.
    package var unusableIDs: Set<String> {
        registered.union(duplicates.keys).subtracting(placedIDs)
    }

    /// The frame of the anchor `id` when it is placed (reported once); setting `nil` forgets it.
    package subscript(id: String) -> OverlayRect? {
        get { duplicates[id] == nil ? frames[id] : nil }
        set {
            frames[id] = newValue
            duplicates[id] = nil
        }
    }

    /// Records that the anchor `id` appeared; it waits for its frame.
    package mutating func register(_ id: String) {
        registered.insert(id)
    }

    /// Records the frame of the anchor `id` (reported by one view); returns whether it changed.
    @discardableResult
    package mutating func update(_ id: String, frame: OverlayRect) -> Bool {
        guard frames[id] != frame || duplicates[id] != nil else { return false }
        frames[id] = frame
        duplicates[id] = nil
        return true
    }

    /// Forgets the anchor `id` (it disappeared): its registration and its frame.
    package mutating func remove(_ id: String) {
        frames[id] = nil
        duplicates[id] = nil
        registered.remove(id)
    }

    /// What changed since `previous`, for the coordinator: the anchors that became placed and
    /// those that no longer are (they disappeared, lost their frame or became duplicated), each
    /// sorted by id.
    package func changes(since previous: AnchorFrames) -> (appeared: [String], disappeared: [String]) {
        let now = placedIDs
        let before = previous.placedIDs
        return (now.subtracting(before).sorted(), before.subtracting(now).sorted())
    }

    /// The layout of `presentation` on its anchor's frame, or `nil` when nothing is presented or
    /// the anchor is not placed (no frame yet, or reported by several views).
    package func layout(
        for presentation: HintPresentation?, screen: OverlaySize, safeArea: Insets = .zero,
        style: OverlayStyle = .standard, measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) -> OverlayLayout? {
        guard let presentation, let frame = self[presentation.anchorId] else { return nil }
        return OverlayLayout(
            presentation: presentation, target: frame, screen: screen, safeArea: safeArea,
            style: style, measurer: measurer)
    }
}
