import Foundation
import Testing
import TestSupport
@testable import Waypoint

@Suite("Overlay layout: placement, arrow and edge cases")
struct OverlayLayoutTests {
    let button = OverlayRect(x: 326, y: 56, width: 44, height: 44)

    func layout(
        target: OverlayRect, shape: HighlightShape = .circle(), position: TooltipPosition = .auto,
        screen: OverlaySize = phone, safeArea: Insets = phoneSafeArea, text: String = "Your layers live here"
    ) -> OverlayLayout {
        OverlayLayout(
            screen: screen, safeArea: safeArea, target: target, shape: shape, position: position,
            content: TooltipContent(text: text, trigger: .button, canSkip: true, canGoBack: false, number: 1, count: 3))
    }

    @Test("The layering introduction: a circle around the button, the tooltip below, the arrow under the button")
    func layeringIntroduction() throws {
        let layout = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: button, screen: phone, safeArea: phoneSafeArea)
        let diagonal: Double = (2 * 44.0 * 44.0).squareRoot()
        let radius: Double = diagonal / 2 + 8
        #expect(layout.cutout.hole == .circle(center: OverlayPoint(x: 348, y: 78), radius: radius))
        #expect(layout.placement == .below)
        let arrow = try #require(layout.arrow)
        #expect(arrow.tip == OverlayPoint(x: 348, y: 78 + radius))
        #expect(layout.tooltip.frame.minY == 78 + radius + 10)
        #expect(layout.tooltip.frame.maxX == 370, "pushed left against the right margin")
        #expect(arrow.baseEnd.x <= 370 - 12)
        #expect(layout.tooltip.textLines.map(\.text) == ["Your layers live here"])
        #expect(layout.tooltip.instructionLines.map(\.text) == ["Tap the highlighted element"])
        #expect(layout.tooltip.progress?.text == "1 of 3")
        #expect(layout.tooltip.buttons.map(\.button) == [.skip])
    }

    @Test("Above and below are kept when they fit and flipped when only the other side fits", arguments: [
        (TooltipPosition.above, 400.0, TooltipPlacement.above),
        (.below, 400.0, .below),
        (.above, 70.0, .below),
        (.below, 740.0, .above),
        (.auto, 200.0, .below),
        (.auto, 650.0, .above),
    ])
    func placement(position: TooltipPosition, y: Double, expected: TooltipPlacement) {
        let result = layout(target: OverlayRect(x: 100, y: y, width: 120, height: 44), shape: .rectangle(cornerRadius: 8), position: position)
        #expect(result.placement == expected)
    }

    @Test("A target filling the screen is too large: the tooltip is centred, the cutout stays, there is no arrow")
    func tooLarge() {
        let result = layout(target: OverlayRect(x: 0, y: 40, width: 390, height: 760), shape: .rectangle())
        #expect(result.placement == .centered(.targetTooLarge))
        #expect(result.arrow == nil)
        #expect(result.cutout.hole != nil)
        #expect(result.tooltip.frame.center == result.tooltipArea.center)
    }

    @Test("A target off the screen gets a centred tooltip and no cutout", arguments: [
        OverlayRect(x: 100, y: 900, width: 44, height: 44), OverlayRect(x: -60, y: 300, width: 44, height: 44),
        OverlayRect(x: 400, y: 300, width: 44, height: 44), OverlayRect(x: 100, y: -44, width: 44, height: 44),
        OverlayRect(x: .nan, y: 300, width: 44, height: 44),
    ])
    func offScreen(target: OverlayRect) {
        let result = layout(target: target)
        #expect(result.placement == .centered(.targetOffScreen))
        #expect(result.cutout.hole == nil)
        #expect(result.arrow == nil)
        #expect(result.cutout.dims(OverlayPoint(x: 195, y: 422)))
    }

    @Test("A target at each edge of the screen: the tooltip stays inside the margins, the arrow points at the target", arguments: [
        ("left", OverlayRect(x: 0, y: 300, width: 44, height: 44)),
        ("right", OverlayRect(x: 346, y: 300, width: 44, height: 44)),
        ("top", OverlayRect(x: 173, y: 0, width: 44, height: 44)),
        ("bottom", OverlayRect(x: 173, y: 800, width: 44, height: 44)),
        ("half off the left", OverlayRect(x: -22, y: 300, width: 44, height: 44)),
    ])
    func edges(edge: String, target: OverlayRect) throws {
        let result = layout(target: target, shape: .rectangle(cornerRadius: 8), position: .auto)
        #expect(result.tooltipArea.contains(result.tooltip.frame), "\(edge)")
        let arrow = try #require(result.arrow, "\(edge)")
        let visible = try #require(target.insetBy(dx: -8, dy: -8).intersection(OverlayRect(size: phone)))
        #expect(arrow.tip.x == visible.midX, "\(edge)")
        #expect(arrow.baseStart.x >= result.tooltip.frame.minX + 12 && arrow.baseEnd.x <= result.tooltip.frame.maxX - 12, "\(edge)")
    }

    @Test("A tooltip's arrow is slanted when the tooltip cannot reach under the target")
    func slantedArrow() throws {
        let result = layout(target: OverlayRect(x: 0, y: 300, width: 16, height: 16), shape: .rectangle(), safeArea: Insets(left: 30))
        let arrow = try #require(result.arrow)
        #expect(arrow.tip.x == 12, "the middle of the visible part of the cutout, 0…24")
        #expect(arrow.baseStart.x > 50, "the tooltip starts at the safe area's margin")
        #expect(arrow.baseStart.x == result.tooltip.frame.minX + 12, "as far left as the rounded corner allows")
    }

    @Test("The arrow's tip follows a rounded corner when the target is partly off the screen")
    func tipOnRoundedCorner() throws {
        let result = layout(target: OverlayRect(x: 350, y: 300, width: 100, height: 40), shape: .rectangle(cornerRadius: 40, padding: 0), position: .below)
        let arrow = try #require(result.arrow)
        guard case .roundedRect(let rect, let radius)? = result.cutout.hole else {
            Issue.record("expected a rounded rectangle")
            return
        }
        #expect(radius == rect.height / 2, "clamped to half the height")
        #expect(rect.minX < 350, "the padding grew to keep the target's corners in the cutout")
        #expect(arrow.tip.x == (rect.minX + 390) / 2)
        #expect(arrow.tip.y < rect.maxY, "on the rounded corner, above the bottom edge")
    }

    @Test("Long text wraps within 350 points; text too long for the screen is cut with an ellipsis")
    func wrappingAndTruncation() {
        let words = Array(repeating: "layers", count: 200).joined(separator: " ")
        let tall = layout(target: OverlayRect(x: 100, y: 400, width: 44, height: 44), screen: OverlaySize(width: 1024, height: 768), safeArea: .zero, text: words)
        #expect(tall.tooltip.frame.width <= 350)
        #expect(tall.placement == .centered(.targetTooLarge))
        #expect(tall.tooltip.isTruncated)
        #expect(tall.tooltip.textLines.last?.text.hasSuffix("…") == true)
        #expect(tall.tooltip.frame.height <= tall.tooltipArea.height)
        #expect(tall.tooltip.accessibilityLabel.hasPrefix(words), "VoiceOver reads the whole text")

        let short = layout(target: OverlayRect(x: 100, y: 400, width: 44, height: 44), text: "Drag to reorder")
        #expect(!short.tooltip.isTruncated)
        #expect(short.tooltip.frame.width < 350, "short text makes a narrow tooltip")
    }

    @Test("Degenerate inputs lay out without crashing", arguments: [
        OverlaySize(width: 0, height: 0), OverlaySize(width: 30, height: 30), OverlaySize(width: .nan, height: 500), OverlaySize(width: -100, height: 800),
    ])
    func degenerate(screen: OverlaySize) {
        let result = layout(target: OverlayRect(x: 5, y: 5, width: 10, height: 10), screen: screen, safeArea: Insets(all: .infinity))
        #expect(result.tooltip.frame.width >= 0 && result.tooltip.frame.height >= 0)
        #expect(result.tooltip.frame.isFinite)
    }

    @Test("A target with no size on the screen still gets a cutout")
    func zeroSizeTarget() {
        let result = layout(target: OverlayRect(x: 200, y: 300, width: 0, height: 0))
        #expect(result.cutout.hole == .circle(center: OverlayPoint(x: 200, y: 300), radius: 8))
        #expect(result.placement.isBesideTarget)
    }

    @Test("A target under the status bar: the tooltip stays in the safe area and the arrow reaches up to the cutout")
    func targetInUnsafeArea() throws {
        let result = layout(target: OverlayRect(x: 20, y: 4, width: 60, height: 30), shape: .rectangle(), position: .below)
        #expect(result.tooltip.frame.minY == 47 + 20)
        let arrow = try #require(result.arrow)
        #expect(arrow.tip.y == 42)
        #expect(arrow.baseStart.y == 67)
    }
}

@Suite("Overlay layout interpolation")
struct OverlayInterpolationTests {
    let first = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44), screen: phone, safeArea: phoneSafeArea)
    let second = OverlayLayout(step: layeringPanelCell, index: 1, of: 3, target: OverlayRect(x: 16, y: 300, width: 358, height: 56), screen: phone, safeArea: phoneSafeArea)
    let third = OverlayLayout(step: layeringToolbar, index: 2, of: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50), screen: phone, safeArea: phoneSafeArea)

    @Test("Fraction 0 is the start, 1 the end, and fractions outside 0…1 are clamped", arguments: [0.0, -1.0, 1.0, 2.0, Double.nan])
    func endpoints(fraction: Double) {
        let result = first.interpolated(to: second, fraction: fraction)
        #expect(result == (fraction > 0.5 || fraction.isNaN ? second : first))
    }

    @Test("Half-way, frames are averaged; a circle becomes a rounded rectangle; the content switches")
    func halfway() throws {
        let middle = first.interpolated(to: second, fraction: 0.5)
        let a = first.tooltip.frame
        let b = second.tooltip.frame
        #expect(middle.tooltip.frame == OverlayRect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2, width: (a.width + b.width) / 2, height: (a.height + b.height) / 2))
        let from = try #require(first.cutout.hole?.asRoundedRect)
        let to = try #require(second.cutout.hole?.asRoundedRect)
        #expect(middle.cutout.hole == .roundedRect(
            OverlayRect(x: (from.rect.minX + to.rect.minX) / 2, y: (from.rect.minY + to.rect.minY) / 2,
                 width: (from.rect.width + to.rect.width) / 2, height: (from.rect.height + to.rect.height) / 2),
            cornerRadius: (from.cornerRadius + to.cornerRadius) / 2))
        #expect(middle.tooltip.textLines == second.tooltip.textLines)
        #expect(first.interpolated(to: second, fraction: 0.4).tooltip.textLines == first.tooltip.textLines)
    }

    @Test("Arrows on the same side move; an arrow changing sides switches half-way")
    func arrows() throws {
        #expect(first.placement == .below && third.placement == .above)
        #expect(first.interpolated(to: third, fraction: 0.3).arrow == first.arrow)
        #expect(first.interpolated(to: third, fraction: 0.7).arrow == third.arrow)
        let moved = first.interpolated(to: second, fraction: 0.25)
        let start = try #require(first.arrow)
        let end = try #require(second.arrow)
        #expect(second.placement == .below)
        #expect(moved.arrow?.tip == OverlayPoint(x: start.tip.x + (end.tip.x - start.tip.x) * 0.25, y: start.tip.y + (end.tip.y - start.tip.y) * 0.25))
    }

    @Test("A hole shrinks to its centre when the next target is off the screen")
    func holeDisappears() throws {
        let gone = OverlayLayout(step: layeringPanelCell, index: 1, of: 3, target: OverlayRect(x: 0, y: 2_000, width: 10, height: 10), screen: phone)
        let center = try #require(first.cutout.hole?.boundingBox.center)
        let start = try #require(first.cutout.hole?.asRoundedRect)
        guard case .roundedRect(let rect, _)? = first.interpolated(to: gone, fraction: 0.5).cutout.hole else {
            Issue.record("expected a shrinking hole")
            return
        }
        #expect(rect.center == center)
        #expect(abs(rect.width - start.rect.width / 2) < 1e-9)
        #expect(first.interpolated(to: gone, fraction: 1).cutout.hole == nil)
    }
}
