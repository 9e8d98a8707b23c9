import Foundation

/// The overlay on screen over time: where it is during a move from one layout to the next, how a
/// move looks under Reduce Motion, and when the new tooltip is announced to assistive technologies.
///
/// The adapters keep one motion per overlay, call ``show(_:at:reduceMotion:animated:)`` with every
/// new layout, draw ``frame(at:)`` on every display frame while ``isMoving(at:)``, and post
/// ``takeAnnouncement(at:)`` when it returns a tooltip. Times are seconds on any clock that only
/// moves forward (`CACurrentMediaTime()`, `Date.timeIntervalSinceReferenceDate`), the same clock
/// for every call.
///
/// ```swift
/// var motion = OverlayMotion()
/// motion.show(first, at: 0, reduceMotion: false)      // appears at once
/// motion.show(second, at: 10, reduceMotion: false)    // slides from `first` for 0.35 s
/// motion.frame(at: 10.1)?.layout                       // part of the way to `second`
/// motion.show(third, at: 10.1, reduceMotion: false)   // slides on from where it is now
/// motion.takeAnnouncement(at: 10.5)                   // third.tooltip, once
/// ```
///
/// Rules:
/// - A layout with new tooltip content (another step) starts a move from the layout **on screen**
///   at that moment, so a move interrupted by another one never jumps back to where it started.
/// - A layout with the same content (the same step after scrolling, rotation or a text-size change)
///   follows at once; during a move it becomes the move's end, and the move ends on time.
/// - Moves slide (``Style/slide``). Under Reduce Motion nothing slides: the tooltip fades out, the
///   cutout, arrow and tooltip switch together to the new place, and the tooltip fades in
///   (``Style/crossFade``). A layout shown without animation, or the first one, appears at once
///   (``Style/jump``).
/// - The tooltip of the destination is announced once, when the move ends (after the last frame
///   is drawn, so focus lands on the tooltip where it stays); a move replaced by another one is
///   never announced, and a layout with the same content is not announced again.
package struct OverlayMotion: Sendable, Equatable {
    /// How a move is drawn.
    package enum Style: Sendable, Hashable {
        /// Everything moves and resizes smoothly (``OverlayLayout/interpolated(to:fraction:)``).
        case slide
        /// Nothing moves: the tooltip fades out, everything switches to the new place half-way, and
        /// the tooltip fades in (Reduce Motion).
        case crossFade
        /// The new layout appears at once.
        case jump
    }

    /// What to draw at one moment.
    package struct Frame: Sendable, Equatable {
        /// The layout to draw: the cutout, the arrow and the tooltip, all at the same place.
        package var layout: OverlayLayout
        /// The tooltip's and the arrow's opacity, 0…1 (below 1 only during a cross-fade).
        package var tooltipOpacity: Double
        /// Whether the move is over (this is the destination, for good).
        package var isFinished: Bool
    }

    /// The layout on screen when the current move started; `nil` when the move is a jump.
    package private(set) var origin: OverlayLayout?
    /// The layout the current move ends at; `nil` when nothing is shown.
    package private(set) var destination: OverlayLayout?
    /// When the current move started.
    package private(set) var start: Double = 0
    /// How the current move is drawn.
    package private(set) var style: Style = .jump
    /// The tooltip's opacity when the current move started (a cross-fade interrupted half-way
    /// continues from where it was).
    package private(set) var startOpacity: Double = 1
    /// The tooltip to announce when the current move ends, until ``takeAnnouncement(at:)`` takes it.
    package private(set) var pendingAnnouncement: TooltipLayout?
    /// How long a slide lasts, in seconds.
    package var slideDuration: Double
    /// How long a cross-fade lasts, in seconds.
    package var crossFadeDuration: Double

    /// Creates a motion with nothing on screen.
    package init(slideDuration: Double = 0.35, crossFadeDuration: Double = 0.25) {
        self.slideDuration = slideDuration.isFinite ? max(0, slideDuration) : 0
        self.crossFadeDuration = crossFadeDuration.isFinite ? max(0, crossFadeDuration) : 0
    }

    /// How long the current move lasts, in seconds.
    package var duration: Double {
        switch style {
        case .slide: slideDuration
        case .crossFade: crossFadeDuration
        case .jump: 0
        }
    }

    /// How far through the current move `time` is, linearly: 0 at the start, 1 at the end and after.
    package func progress(at time: Double) -> Double {
        guard duration > 0, time.isFinite else { return 1 }
        return min(max((time - start) / duration, 0), 1)
    }

    /// Whether a move is still under way at `time` (the adapters draw a frame on every display
    /// frame until it is not).
    package func isMoving(at time: Double) -> Bool {
        destination != nil && progress(at: time) < 1
    }

    /// The seconds left in the current move at `time`; 0 once it is over.
    package func remaining(at time: Double) -> Double {
        isMoving(at: time) ? max(0, start + duration - time) : 0
    }

    /// A slide's eased fraction for linear progress `t`: fast at first, gently settling (cubic ease-out).
    package static func eased(_ t: Double) -> Double {
        let t = t.isFinite ? min(max(t, 0), 1) : 1
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// What to draw at `time`, or `nil` when nothing is shown.
    package func frame(at time: Double) -> Frame? {
        guard let destination else { return nil }
        let p = progress(at: time)
        guard let origin, p < 1 else { return Frame(layout: destination, tooltipOpacity: 1, isFinished: true) }
        switch style {
        case .slide:
            let e = Self.eased(p)
            return Frame(
                layout: origin.interpolated(to: destination, fraction: e),
                tooltipOpacity: startOpacity + (1 - startOpacity) * e, isFinished: false)
        case .crossFade:
            return p < 0.5
                ? Frame(layout: origin, tooltipOpacity: startOpacity * (1 - 2 * p), isFinished: false)
                : Frame(layout: destination, tooltipOpacity: 2 * p - 1, isFinished: false)
        case .jump:
            return Frame(layout: destination, tooltipOpacity: 1, isFinished: true)
        }
    }

    /// Shows `layout` from `time` on (`nil` hides the overlay), moving from what is on screen.
    ///
    /// - Parameters:
    ///   - layout: the new layout, or `nil` for none.
    ///   - time: now, on the motion's clock.
    ///   - reduceMotion: whether the system asks for reduced motion (a cross-fade instead of a slide).
    ///   - animated: `false` shows the layout at once (a move still under way is abandoned).
    package mutating func show(_ layout: OverlayLayout?, at time: Double, reduceMotion: Bool, animated: Bool = true) {
        guard let layout else {
            self = OverlayMotion(slideDuration: slideDuration, crossFadeDuration: crossFadeDuration)
            return
        }
        guard layout != destination else { return }
        let onScreen = frame(at: time)
        let sameContent = destination.map { $0.tooltip.hasSameContent(as: layout.tooltip) } ?? false

        if sameContent {
            // The same step somewhere else (scrolled, rotated, text resized): the move under way, if
            // any, ends at the new place on time; otherwise the layout follows at once.
            destination = layout
            if pendingAnnouncement != nil { pendingAnnouncement = layout.tooltip }
            if !animated || !(onScreen.map { !$0.isFinished } ?? false) { settle(at: time) }
            return
        }

        pendingAnnouncement = layout.tooltip
        destination = layout
        start = time.isFinite ? time : 0
        guard animated, let onScreen else {
            settle(at: time)
            return
        }
        origin = onScreen.layout
        startOpacity = onScreen.tooltipOpacity
        style = reduceMotion ? .crossFade : .slide
    }

    /// What an adapter waits on after a change: when the move under way ends (`nil` when none is)
    /// and whether an announcement is due. It changes when a move starts or a new tooltip needs
    /// announcing, not while a shown hint follows its anchor (scrolling, rotating), so a task keyed
    /// on it is not restarted on every frame.
    package var settling: Settling {
        Settling(end: origin == nil ? nil : start + duration, announces: pendingAnnouncement != nil)
    }

    /// See ``settling``.
    package struct Settling: Hashable, Sendable {
        /// When the move under way ends, on the motion's clock.
        package var end: Double?
        /// Whether a tooltip waits to be announced.
        package var announces: Bool
    }

    /// The tooltip to announce at `time`: the destination's, once, when the move is over; `nil`
    /// before, and after it was taken.
    package mutating func takeAnnouncement(at time: Double) -> TooltipLayout? {
        guard let tooltip = pendingAnnouncement, !isMoving(at: time) else { return nil }
        pendingAnnouncement = nil
        return tooltip
    }

    /// Ends the move: the destination is drawn as it is from now on.
    private mutating func settle(at time: Double) {
        origin = nil
        style = .jump
        startOpacity = 1
        start = time.isFinite ? time : 0
    }
}

extension TooltipLayout {
    /// Whether `other` shows the same text, progress and buttons (the same step), wherever it is.
    func hasSameContent(as other: TooltipLayout) -> Bool {
        accessibilityLabel == other.accessibilityLabel && buttons.map(\.button) == other.buttons.map(\.button)
    }
}
