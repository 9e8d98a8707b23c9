import Foundation

/// The anchors of every overlay that shares one ``HintCoordinator`` — one overlay per window,
/// scene or presentation — and whether each overlay's scene is active.
///
/// Each overlay reports its own ``AnchorFrames`` under its own id. An anchor is usable when at
/// least one overlay places it, and exactly one overlay, its *owner*, draws the hint on it: the
/// overlay that placed it first keeps it while it still places it and its scene is active (or no
/// other overlay placing it is active); otherwise the earliest-reporting active overlay that places
/// it takes over. So an anchor id present in two windows is drawn in one, and closing one window
/// leaves it usable in the other.
///
/// The app counts as active while any overlay's scene is active: a window going to the background
/// does not dismiss the hint in the window still in front.
///
/// An overlay can be *covered*: a sheet, a popover or a full-screen cover is up over it, and its
/// anchors are still laid out but not visible. A covered overlay places nothing (its anchors
/// count as gone and a hint on them waits); its anchors come back when it is uncovered.
package struct OverlayAnchors: Sendable, Hashable {
    /// What a report changed, for the coordinator.
    package struct Changes: Sendable, Hashable {
        /// Anchors no overlay placed before and one does now, sorted by id.
        package var appeared: [String] = []
        /// Anchors some overlay placed before and none does now, sorted by id.
        package var disappeared: [String] = []
        /// Anchors still placed whose owner changed, by anchor id: the overlay drawing them before and now.
        package var moved: [String: Move] = [:]

        /// Creates an empty set of changes.
        package init() {}

        /// Whether nothing changed.
        package var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty && moved.isEmpty }
    }

    /// An anchor's owner changing from one overlay to another.
    package struct Move: Sendable, Hashable {
        /// The overlay that drew the anchor.
        package var from: String
        /// The overlay that draws it now.
        package var to: String

        /// Creates a move.
        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// The anchors each overlay reported last, by overlay id.
    package private(set) var frames: [String: AnchorFrames] = [:]
    /// Whether each overlay's scene is active, by overlay id (overlays that never said are absent).
    package private(set) var activity: [String: Bool] = [:]
    /// The overlay that draws each usable anchor, by anchor id.
    package private(set) var owners: [String: String] = [:]
    /// The overlays that are covered by a presentation (see ``setCovered(_:for:)``).
    package private(set) var covered: Set<String> = []
    /// The overlays in the order they first reported.
    private var order: [String] = []

    /// Creates an empty set: no overlay has reported.
    package init() {}

    /// The anchors at least one overlay places.
    package var placedIDs: Set<String> { Set(owners.keys) }

    /// The overlay that draws the anchor `id`, if any overlay places it.
    package func owner(of id: String) -> String? { owners[id] }

    /// Whether any overlay's scene is active; `nil` while no overlay has said.
    package var isActive: Bool? {
        activity.isEmpty ? nil : activity.values.contains(true)
    }

    /// Records the anchors `overlay` reports now, replacing what it reported before.
    package mutating func report(_ anchors: AnchorFrames, from overlay: String) -> Changes {
        if !order.contains(overlay) { order.append(overlay) }
        return update { $0.frames[overlay] = anchors }
    }

    /// Forgets `overlay`: it disappeared (its window closed, its sheet was dismissed, its screen was
    /// popped), and every anchor only it placed is gone.
    package mutating func remove(_ overlay: String) -> Changes {
        update {
            $0.frames[overlay] = nil
            $0.activity[overlay] = nil
            $0.covered.remove(overlay)
            $0.order.removeAll { $0 == overlay }
        }
    }

    /// Records whether `overlay`'s scene is active; an anchor drawn in a scene that left the
    /// foreground moves to an active overlay that places it too.
    package mutating func setActive(_ isActive: Bool, for overlay: String) -> Changes {
        if !order.contains(overlay) { order.append(overlay) }
        return update { $0.activity[overlay] = isActive }
    }

    /// Records whether something (a sheet, a popover, a full-screen cover) is presented over
    /// `overlay`: while it is, the overlay's anchors are not placed, so no hint is counted as shown
    /// under the presentation; they come back as they were when it is uncovered.
    package mutating func setCovered(_ isCovered: Bool, for overlay: String) -> Changes {
        if !order.contains(overlay) { order.append(overlay) }
        return update {
            if isCovered { $0.covered.insert(overlay) } else { $0.covered.remove(overlay) }
        }
    }

    /// Applies `change`, then picks the owners again and says what changed.
    private mutating func update(_ change: (inout OverlayAnchors) -> Void) -> Changes {
        let before = owners
        change(&self)
        var after: [String: String] = [:]
        var placers: [String: [String]] = [:]
        for overlay in order where !covered.contains(overlay) {
            for id in frames[overlay]?.placedIDs ?? [] { placers[id, default: []].append(overlay) }
        }
        for (id, candidates) in placers {
            let active = candidates.filter { activity[$0] != false }
            if let current = before[id], candidates.contains(current), active.isEmpty || active.contains(current) {
                after[id] = current
            } else {
                after[id] = active.first ?? candidates.first
            }
        }
        owners = after
        var changes = Changes()
        changes.appeared = Set(after.keys).subtracting(before.keys).sorted()
        changes.disappeared = Set(before.keys).subtracting(after.keys).sorted()
        for (id, owner) in after {
            if let previous = before[id], previous != owner { changes.moved[id] = Move(from: previous, to: owner) }
        }
        return changes
    }
}
