import Foundation
import Testing
import TestSupport
@testable import Waypoint

@Suite("Cutout path: the dimmed screen with a hole")
struct CutoutPathTests {
    let screen = OverlayRect(size: OverlaySize(width: 390, height: 844))

    @Test("Circle, rounded rectangle, square and no hole as SVG path data")
    func svgPathData() {
        #expect(CutoutPath(bounds: screen, hole: nil).svgPathData == "M0 0H390V844H0Z")
        #expect(CutoutPath(bounds: screen, hole: .circle(center: OverlayPoint(x: 100, y: 50), radius: 20.125)).svgPathData
                == "M0 0H390V844H0ZM79.88 50A20.13 20.13 0 1 0 120.13 50A20.13 20.13 0 1 0 79.88 50Z")
        #expect(CutoutPath(bounds: screen, hole: .roundedRect(OverlayRect(x: 10, y: 20, width: 100, height: 40), cornerRadius: 8)).svgPathData
                == "M0 0H390V844H0ZM18 20H102A8 8 0 0 1 110 28V52A8 8 0 0 1 102 60H18A8 8 0 0 1 10 52V28A8 8 0 0 1 18 20Z")
        #expect(CutoutPath(bounds: screen, hole: .roundedRect(OverlayRect(x: 10, y: 20, width: 100, height: 40), cornerRadius: 0)).svgPathData
                == "M0 0H390V844H0ZM10 20H110V60H10Z")
        #expect(CutoutPath(bounds: screen, hole: nil).fillRule.rawValue == "evenodd")
    }

    @Test("Points in the hole are not dimmed; points in a rounded corner outside the arc are")
    func dims() {
        let path = CutoutPath(bounds: screen, hole: .roundedRect(OverlayRect(x: 10, y: 20, width: 100, height: 40), cornerRadius: 10))
        #expect(!path.dims(OverlayPoint(x: 60, y: 40)))
        #expect(!path.dims(OverlayPoint(x: 10, y: 40)), "the outline belongs to the hole")
        #expect(path.dims(OverlayPoint(x: 11, y: 21)), "outside the rounded corner")
        #expect(!path.dims(OverlayPoint(x: 14, y: 24)), "inside the rounded corner")
        #expect(path.dims(OverlayPoint(x: 200, y: 400)))
        #expect(!path.dims(OverlayPoint(x: 500, y: 400)), "off the screen nothing is dimmed")
        let circle = CutoutPath(bounds: screen, hole: .circle(center: OverlayPoint(x: 100, y: 100), radius: 10))
        #expect(!circle.dims(OverlayPoint(x: 107, y: 107)))
        #expect(circle.dims(OverlayPoint(x: 108, y: 108)))
    }

    @Test("A circle is a rounded square whose corner radius is half its side")
    func circleAsRoundedRect() {
        let hole = CutoutPath.Hole.circle(center: OverlayPoint(x: 50, y: 60), radius: 10)
        #expect(hole.asRoundedRect.rect == OverlayRect(x: 40, y: 50, width: 20, height: 20))
        #expect(hole.asRoundedRect.cornerRadius == 10)
        #expect(hole.boundingBox == OverlayRect(x: 40, y: 50, width: 20, height: 20))
    }
}
