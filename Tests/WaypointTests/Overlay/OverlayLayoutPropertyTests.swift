import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Thousands of random screens, safe areas, targets, shapes, positions and texts: the layout keeps
/// its promises for every one of them.
@Suite("Overlay layout properties over random screens and targets")
struct OverlayLayoutPropertyTests {
    static let epsilon = 1e-6

    /// The safe area less the 20-point margins, computed here independently of the layout.
    static func expectedArea(_ c: OverlayCase) -> OverlayRect {
        OverlayRect(minX: c.safeArea.left + 20, minY: c.safeArea.top + 20,
             maxX: c.screen.width - c.safeArea.right - 20, maxY: c.screen.height - c.safeArea.bottom - 20)
    }

    static func isOffScreen(_ target: OverlayRect, _ screen: OverlaySize) -> Bool {
        func outside(_ low: Double, _ high: Double, _ limit: Double) -> Bool {
            low == high ? (low < 0 || low > limit) : (high <= 0 || low >= limit)
        }
        return outside(target.minX, target.maxX, screen.width) || outside(target.minY, target.maxY, screen.height)
    }

    /// 5,000 random cases with their layouts, computed once for all the tests of the suite.
    static let cases: [(OverlayCase, OverlayLayout, String)] = (0..<5_000).map { index in
        var random = OverlayRandom(seed: UInt64(index))
        let c = OverlayCase.random(&random)
        return (c, c.layout, "seed \(index): \(c)")
    }

    /// Runs `check` on every random case.
    static func forEachCase(_ check: (OverlayCase, OverlayLayout, String) -> Void) {
        for (c, layout, label) in cases { check(c, layout, label) }
    }

    @Test("The tooltip stays inside the safe area less the margins and is at most 350 points wide")
    func tooltipStaysOnScreen() {
        Self.forEachCase { c, layout, label in
            let area = Self.expectedArea(c)
            let frame = layout.tooltip.frame
            #expect(area.insetBy(dx: -Self.epsilon, dy: -Self.epsilon).contains(frame), "\(frame) leaves \(area); \(label)")
            #expect(frame.width <= 350 + Self.epsilon, "\(label)")
            #expect(frame.width > 0 && frame.height > 0, "\(label)")
            let inside = OverlayRect(size: frame.size).insetBy(dx: -Self.epsilon, dy: -Self.epsilon)
            for line in layout.tooltip.allLines {
                #expect(inside.contains(line.frame), "line '\(line.text)' \(line.frame) leaves the tooltip \(frame.size); \(label)")
            }
            for button in layout.tooltip.buttons {
                #expect(inside.contains(button.frame), "button \(button.button.title) leaves the tooltip; \(label)")
            }
        }
    }

    @Test("Beside the target the tooltip never covers the cutout, and it is only centred when neither side has room")
    func tooltipDoesNotCoverTarget() {
        var beside = 0
        var centered = 0
        Self.forEachCase { c, layout, label in
            if Self.isOffScreen(c.target, c.screen) {
                #expect(layout.placement == .centered(.targetOffScreen), "\(label)")
                return
            }
            guard let hole = layout.cutout.hole else {
                Issue.record("no cutout for a target on the screen; \(label)")
                return
            }
            let box = hole.boundingBox
            let area = Self.expectedArea(c)
            let height = layout.tooltip.frame.height
            let roomAbove = box.minY - 10 - area.minY
            let roomBelow = area.maxY - box.maxY - 10
            switch layout.placement {
            case .above, .below:
                beside += 1
                #expect(!layout.tooltip.frame.intersects(box), "the tooltip covers the cutout \(box); \(label)")
                #expect(!layout.tooltip.isTruncated, "\(label)")
                if layout.placement == .above {
                    #expect(layout.tooltip.frame.maxY <= box.minY + Self.epsilon, "\(label)")
                    if c.position == .below { #expect(roomBelow < height, "flipped above although below had room; \(label)") }
                } else {
                    #expect(layout.tooltip.frame.minY >= box.maxY - Self.epsilon, "\(label)")
                    if c.position == .above { #expect(roomAbove < height, "flipped below although above had room; \(label)") }
                }
                if c.position == .auto {
                    let chosen = layout.placement == .above ? roomAbove : roomBelow
                    #expect(chosen >= max(roomAbove, roomBelow) - Self.epsilon, "auto took the side with less room; \(label)")
                }
            case .centered(let reason):
                centered += 1
                #expect(reason == .targetTooLarge, "\(label)")
                // A truncated tooltip is taller than the whole area, so it fits on neither side.
                if !layout.tooltip.isTruncated {
                    #expect(roomAbove < height && roomBelow < height, "centred although a side had room; \(label)")
                }
            }
        }
        #expect(beside > 1_500 && centered > 100, "the random cases cover both outcomes (\(beside) beside, \(centered) centred)")
    }

    @Test("The arrow's base lies on the tooltip's edge facing the target and its tip on the cutout's outline")
    func arrowJoinsTooltipAndCutout() {
        Self.forEachCase { c, layout, label in
            guard layout.placement.isBesideTarget else {
                #expect(layout.arrow == nil, "a centred tooltip has no arrow; \(label)")
                return
            }
            guard let arrow = layout.arrow, let hole = layout.cutout.hole else {
                Issue.record("no arrow or no cutout beside the target; \(label)")
                return
            }
            let frame = layout.tooltip.frame
            let edge = layout.placement == .below ? frame.minY : frame.maxY
            #expect(abs(arrow.baseStart.y - edge) < Self.epsilon && abs(arrow.baseEnd.y - edge) < Self.epsilon, "\(label)")
            let corner = layout.tooltip.cornerRadius
            #expect(arrow.baseStart.x >= frame.minX + corner - Self.epsilon, "\(label)")
            #expect(arrow.baseEnd.x <= frame.maxX - corner + Self.epsilon, "\(label)")
            #expect(abs(arrow.baseEnd.x - arrow.baseStart.x - 20) < Self.epsilon, "\(label)")
            #expect(arrow.pointsUp == (layout.placement == .below), "\(label)")

            // The tip is on the outline: in the hole, and just outside it a hair towards the tooltip.
            let center = hole.boundingBox.center
            #expect(Self.distance(from: arrow.tip, toOutlineOf: hole) < 1e-6, "tip \(arrow.tip) is not on the outline; \(label)")
            if layout.placement == .below {
                #expect(arrow.tip.y >= center.y - Self.epsilon, "\(label)")
            } else {
                #expect(arrow.tip.y <= center.y + Self.epsilon, "\(label)")
            }
            // The tip points into the part of the cutout that is on the screen.
            let visible = hole.boundingBox.intersection(OverlayRect(size: c.screen)) ?? hole.boundingBox
            #expect(arrow.tip.x >= visible.minX - Self.epsilon && arrow.tip.x <= visible.maxX + Self.epsilon, "\(label)")
        }
    }

    @Test("The cutout holds the whole target and the overlay dims everything else")
    func cutoutHoldsTarget() {
        Self.forEachCase { c, layout, label in
            #expect(layout.cutout.bounds == OverlayRect(size: c.screen), "\(label)")
            guard let hole = layout.cutout.hole else {
                #expect(Self.isOffScreen(c.target, c.screen), "\(label)")
                #expect(layout.cutout.dims(OverlayPoint(x: c.screen.width / 2, y: c.screen.height / 2)), "\(label)")
                return
            }
            let t = c.target
            for corner in [OverlayPoint(x: t.minX, y: t.minY), OverlayPoint(x: t.maxX, y: t.minY), OverlayPoint(x: t.minX, y: t.maxY), OverlayPoint(x: t.maxX, y: t.maxY)] {
                #expect(hole.contains(corner), "target corner \(corner) outside the cutout; \(label)")
            }
            if OverlayRect(size: c.screen).contains(t.center) {
                #expect(!layout.cutout.dims(t.center), "\(label)")
            }
        }
    }

    @Test("Off-screen and too-large targets get a tooltip centred in the safe area, with no arrow")
    func centredTooltips() {
        Self.forEachCase { c, layout, label in
            guard case .centered(let reason) = layout.placement else { return }
            let area = Self.expectedArea(c)
            #expect(abs(layout.tooltip.frame.midX - area.midX) < Self.epsilon, "\(label)")
            #expect(abs(layout.tooltip.frame.midY - area.midY) < Self.epsilon, "\(label)")
            #expect(layout.arrow == nil, "\(label)")
            #expect((reason == .targetOffScreen) == (layout.cutout.hole == nil), "\(label)")
        }
    }

    @Test("The same inputs give the same layout")
    func deterministic() {
        for (c, layout, label) in Self.cases.prefix(500) {
            #expect(c.layout == layout, "\(label)")
        }
    }

    /// How far `point` is from the hole's outline.
    static func distance(from point: OverlayPoint, toOutlineOf hole: CutoutPath.Hole) -> Double {
        switch hole {
        case .circle(let center, let radius):
            return abs(center.distance(to: point) - radius)
        case .roundedRect(let rect, let cornerRadius):
            let r = min(cornerRadius, rect.width / 2, rect.height / 2)
            let inner = rect.insetBy(dx: r, dy: r)
            let nearest = OverlayPoint(x: min(max(point.x, inner.minX), inner.maxX), y: min(max(point.y, inner.minY), inner.maxY))
            let dx = point.x - nearest.x
            let dy = point.y - nearest.y
            if dx != 0 && dy != 0 { return abs(nearest.distance(to: point) - r) }
            // Along a straight side: the distance to the nearest side.
            return min(abs(point.x - rect.minX), abs(point.x - rect.maxX), abs(point.y - rect.minY), abs(point.y - rect.maxY))
        }
    }
}
