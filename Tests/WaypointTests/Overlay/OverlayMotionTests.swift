import Foundation
import Testing
import TestSupport
@testable import Waypoint

@Suite("Overlay motion: moves, interruptions, Reduce Motion and announcements")
struct OverlayMotionTests {
    let first = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44), screen: phone, safeArea: phoneSafeArea)
    let second = OverlayLayout(step: layeringPanelCell, index: 1, of: 3, target: OverlayRect(x: 16, y: 300, width: 358, height: 56), screen: phone, safeArea: phoneSafeArea)
    let third = OverlayLayout(step: layeringToolbar, index: 2, of: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50), screen: phone, safeArea: phoneSafeArea)

    /// A motion showing `first` since time 0, its announcement taken.
    func settledOnFirst() -> OverlayMotion {
        var motion = OverlayMotion()
        motion.show(first, at: 0, reduceMotion: false)
        _ = motion.takeAnnouncement(at: 0)
        return motion
    }

    @Test("The first layout appears at once and is announced once")
    func firstAppears() {
        var motion = OverlayMotion()
        #expect(motion.frame(at: 0) == nil)
        motion.show(first, at: 3, reduceMotion: false)
        #expect(motion.frame(at: 3) == OverlayMotion.Frame(layout: first, tooltipOpacity: 1, isFinished: true))
        #expect(!motion.isMoving(at: 3))
        #expect(motion.takeAnnouncement(at: 3) == first.tooltip)
        #expect(motion.takeAnnouncement(at: 4) == nil)
    }

    @Test("A new step slides from the layout on screen, eased, and is announced when the move ends", arguments: [0.0, 0.0625, 0.125, 0.25])
    func slides(elapsed: Double) {
        // Times are sums of powers of two, so that they subtract exactly.
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: false)
        let frame = motion.frame(at: 8 + elapsed)
        #expect(frame?.layout == first.interpolated(to: second, fraction: OverlayMotion.eased(elapsed / 0.35)))
        #expect(frame?.tooltipOpacity == 1)
        #expect(frame?.isFinished == false)
        #expect(motion.isMoving(at: 8 + elapsed))
        #expect(motion.takeAnnouncement(at: 8 + elapsed) == nil, "not announced while moving")
        #expect(motion.isMoving(at: 8.34) && !motion.isMoving(at: 8.36), "a slide lasts 0.35 s")
        #expect(motion.frame(at: 8.36) == OverlayMotion.Frame(layout: second, tooltipOpacity: 1, isFinished: true))
        #expect(motion.takeAnnouncement(at: 8.36) == second.tooltip)
        #expect(motion.takeAnnouncement(at: 9) == nil)
    }

    @Test("A move interrupted by another step goes on from where the overlay is, not from the previous target", arguments: [0.0625, 0.125, 0.25, 0.3125])
    func interrupted(elapsed: Double) throws {
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: false)
        let onScreen = try #require(motion.frame(at: 8 + elapsed)).layout
        motion.show(third, at: 8 + elapsed, reduceMotion: false)

        #expect(motion.origin == onScreen)
        #expect(onScreen != first && onScreen != second)
        #expect(motion.frame(at: 8 + elapsed)?.layout == onScreen, "no jump when the target changes")
        let later = try #require(motion.frame(at: 8 + elapsed + 0.125)).layout
        #expect(later == onScreen.interpolated(to: third, fraction: OverlayMotion.eased(0.125 / 0.35)))
        #expect(motion.takeAnnouncement(at: 8.36) == nil, "the move to the third step is still under way")
        #expect(motion.takeAnnouncement(at: 8 + elapsed + 0.36) == third.tooltip, "the second step is never announced")
        #expect(motion.takeAnnouncement(at: 12) == nil)
    }

    @Test("Under Reduce Motion nothing slides: the tooltip fades out, everything switches half-way, the tooltip fades in", arguments: [
        (0.0, 1.0, true), (0.0625, 0.5, true), (0.1171875, 0.0625, true), (0.125, 0.0, false), (0.1875, 0.5, false), (0.25, 1.0, false),
    ])
    func crossFade(elapsed: Double, opacity: Double, showsFirst: Bool) throws {
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: true)
        #expect(motion.style == .crossFade)
        let frame = try #require(motion.frame(at: 8 + elapsed))
        #expect(frame.layout == (showsFirst ? first : second), "the cutout, arrow and tooltip are never between two places")
        #expect(abs(frame.tooltipOpacity - opacity) < 1e-9)
        #expect(frame.isFinished == (elapsed >= 0.25))
    }

    @Test("A cross-fade interrupted half-way fades on from the opacity on screen")
    func crossFadeInterrupted() throws {
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: true)
        motion.show(third, at: 8.0625, reduceMotion: true)
        #expect(motion.origin == first)
        #expect(motion.startOpacity == 0.5)
        let frame = try #require(motion.frame(at: 8.0625))
        #expect(frame.layout == first && frame.tooltipOpacity == 0.5, "no jump in opacity")
        #expect(motion.frame(at: 8.125)?.tooltipOpacity == 0.25)
        #expect(motion.frame(at: 8.25)?.layout == third)
    }

    @Test("The same step at another place follows at once and is not announced again")
    func sameStepFollows() throws {
        var motion = settledOnFirst()
        let scrolled = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: OverlayRect(x: 326, y: 156, width: 44, height: 44), screen: phone, safeArea: phoneSafeArea)
        motion.show(scrolled, at: 5, reduceMotion: false)
        #expect(motion.frame(at: 5) == OverlayMotion.Frame(layout: scrolled, tooltipOpacity: 1, isFinished: true))
        #expect(motion.takeAnnouncement(at: 5) == nil)
    }

    @Test("The same step moving during a move becomes the move's end; the move ends on time")
    func sameStepDuringMove() throws {
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: false)
        let scrolled = OverlayLayout(step: layeringPanelCell, index: 1, of: 3, target: OverlayRect(x: 16, y: 200, width: 358, height: 56), screen: phone, safeArea: phoneSafeArea)
        motion.show(scrolled, at: 8.125, reduceMotion: false)
        #expect(motion.origin == first && motion.start == 8)
        #expect(motion.frame(at: 8.25)?.layout == first.interpolated(to: scrolled, fraction: OverlayMotion.eased(0.25 / 0.35)))
        #expect(abs(motion.remaining(at: 8.125) - 0.225) < 1e-9)
        #expect(motion.takeAnnouncement(at: 8.25) == nil)
        #expect(motion.takeAnnouncement(at: 8.36) == scrolled.tooltip)
    }

    @Test("What an adapter waits on changes when a move starts, not while the hint follows a scroll")
    func settlingIgnoresScrolling() {
        var motion = settledOnFirst()
        let settled = motion.settling
        #expect(settled == .init(end: nil, announces: false))
        for (frame, y) in [56.0, 60, 70, 90, 130].enumerated() {
            let scrolled = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: OverlayRect(x: 326, y: y + 1, width: 44, height: 44), screen: phone, safeArea: phoneSafeArea)
            motion.show(scrolled, at: 5 + Double(frame) / 60, reduceMotion: false)
            #expect(motion.settling == settled, "scroll frame \(frame)")
        }
        motion.show(second, at: 8, reduceMotion: false)
        let moving = motion.settling
        #expect(moving == .init(end: 8.35, announces: true))
        let scrolled = OverlayLayout(step: layeringPanelCell, index: 1, of: 3, target: OverlayRect(x: 16, y: 200, width: 358, height: 56), screen: phone, safeArea: phoneSafeArea)
        motion.show(scrolled, at: 8.1, reduceMotion: false)
        #expect(motion.settling == moving, "following the anchor during the move keeps its end")
        _ = motion.takeAnnouncement(at: 8.4)
        #expect(motion.settling.announces == false)
    }

    @Test("Showing the layout already on its way does not restart the move")
    func sameLayoutAgain() {
        var motion = settledOnFirst()
        motion.show(second, at: 8, reduceMotion: false)
        motion.show(second, at: 8.25, reduceMotion: false)
        #expect(motion.start == 8)
        #expect(!motion.isMoving(at: 8.36))
    }

    @Test("Without animation the new step appears at once; nil hides the overlay and drops the announcement")
    func jumpAndHide() {
        var motion = settledOnFirst()
        motion.show(second, at: 10, reduceMotion: false, animated: false)
        #expect(motion.style == .jump)
        #expect(motion.frame(at: 10) == OverlayMotion.Frame(layout: second, tooltipOpacity: 1, isFinished: true))
        motion.show(third, at: 11, reduceMotion: false)
        motion.show(nil, at: 11.1, reduceMotion: false)
        #expect(motion.frame(at: 11.1) == nil)
        #expect(motion.takeAnnouncement(at: 12) == nil)
    }

    @Test("Easing starts and ends exactly, rises monotonically and is clamped", arguments: [-1.0, 0.0, 0.25, 0.5, 0.75, 1.0, 2.0, Double.nan])
    func easing(t: Double) {
        let e = OverlayMotion.eased(t)
        #expect(e >= 0 && e <= 1)
        if t <= 0 { #expect(e == 0) }
        if t >= 1 || t.isNaN { #expect(e == 1) }
        if t > 0 && t < 1 { #expect(e > t, "ease-out is ahead of linear") ; #expect(OverlayMotion.eased(t + 0.01) > e) }
    }
}
