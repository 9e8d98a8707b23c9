import Foundation
import Testing
import TestSupport
@testable import Waypoint
import WaypointTesting

@Suite("Scroll geometry: frames inside scrolled content")
struct OverlayScrollGeometryTests {
    let scroll = ScrolledContent(
        viewport: OverlayRect(x: 0, y: 100, width: 390, height: 600), contentOffset: OverlayPoint(x: 0, y: 1_200),
        contentSize: OverlaySize(width: 390, height: 4_000), contentInsets: Insets(top: 50, bottom: 30))

    @Test("Content frames convert to window frames and back")
    func conversion() {
        let cell = OverlayRect(x: 16, y: 1_500, width: 358, height: 56)
        #expect(scroll.windowFrame(ofContentFrame: cell) == OverlayRect(x: 16, y: 400, width: 358, height: 56))
        #expect(scroll.contentFrame(ofWindowFrame: scroll.windowFrame(ofContentFrame: cell)) == cell)
        #expect(scroll.visibleContentRect == OverlayRect(x: 0, y: 1_250, width: 390, height: 520))
        #expect(scroll.isVisible(cell))
        #expect(!scroll.isVisible(OverlayRect(x: 16, y: 1_230, width: 358, height: 56)), "under the top bar")
    }

    @Test("Revealing scrolls as little as possible, within the scrollable range", arguments: [
        (1_500.0, 1_200.0, "already visible"),
        (2_000.0, 1_506.0, "below: its bottom (2056) plus the margin meets the visible bottom, above the bottom bar"),
        (1_100.0, 1_030.0, "above: its top minus the margin meets the visible top"),
        (10.0, -50.0, "near the start: clamped to the top inset"),
        (3_990.0, 3_430.0, "near the end: clamped to the bottom"),
    ])
    func reveal(y: Double, expected: Double, why: String) {
        let offset = scroll.contentOffset(revealing: OverlayRect(x: 16, y: y, width: 358, height: 56), margin: 20)
        #expect(offset == OverlayPoint(x: 0, y: expected), "\(why)")
    }
}

@MainActor
@Suite("Anchor frames and the coordinator's overlay")
struct OverlayAnchorTests {
    @Test("Frames are kept by anchor id; a change is reported")
    func frames() {
        var anchors = AnchorFrames()
        let first = anchors.update("a", frame: OverlayRect(x: 1, y: 2, width: 3, height: 4))
        let again = anchors.update("a", frame: OverlayRect(x: 1, y: 2, width: 3, height: 4))
        #expect(first && !again)
        #expect(anchors["a"] == OverlayRect(x: 1, y: 2, width: 3, height: 4))
        anchors.remove("a")
        #expect(anchors.frames.isEmpty)
    }

    @Test("An anchor is placed only when exactly one view reports a frame for it", arguments: [
        ([OverlayRect]?.none, false, AnchorFrames.Status.unregistered),
        (nil, true, .waitingForFrame),
        ([OverlayRect(x: 1, y: 2, width: 3, height: 4)], true, .placed(OverlayRect(x: 1, y: 2, width: 3, height: 4))),
        ([OverlayRect(x: 1, y: 2, width: 3, height: 4)], false, .placed(OverlayRect(x: 1, y: 2, width: 3, height: 4))),
        ([OverlayRect(x: 1, y: 2, width: 3, height: 4), OverlayRect(x: 5, y: 6, width: 7, height: 8)], true, .duplicated(count: 2)),
    ])
    func status(reports: [OverlayRect]?, registered: Bool, expected: AnchorFrames.Status) {
        let anchors = AnchorFrames(reports: reports.map { ["a": $0] } ?? [:], registered: registered ? ["a"] : [])
        #expect(anchors.status(of: "a") == expected)
        let isPlaced = if case .placed = expected { true } else { false }
        #expect(anchors.placedIDs == (isPlaced ? ["a"] : []))
        #expect(anchors.unusableIDs == (registered && !isPlaced ? ["a"] : []))
        let presentation = HintPresentation(
            hint: HintID(walkthroughId: "w", stepId: "s"), anchorId: "a", tooltipText: "Hi", tooltipPosition: .below,
            highlightShape: .circle(), completionTrigger: .button, canSkip: false, canGoBack: false, stepNumber: 1, stepCount: 1)
        #expect((anchors.layout(for: presentation, screen: phone) != nil) == isPlaced)
    }

    @Test("Changes list the anchors that became placed and those that stopped being placed")
    func changes() {
        var before = AnchorFrames(reports: ["a": [OverlayRect(x: 0, y: 0, width: 10, height: 10)], "b": [OverlayRect(x: 0, y: 20, width: 10, height: 10)]])
        before.register("c")
        var after = AnchorFrames(reports: [
            "a": [OverlayRect(x: 0, y: 0, width: 10, height: 10), OverlayRect(x: 50, y: 0, width: 10, height: 10)],
            "c": [OverlayRect(x: 0, y: 40, width: 10, height: 10)],
            "d": [OverlayRect(x: 0, y: 60, width: 10, height: 10)],
        ])
        let changes = after.changes(since: before)
        #expect(changes.appeared == ["c", "d"])
        #expect(changes.disappeared == ["a", "b"], "a is now used by two views, b is gone")
        after.update("a", frame: OverlayRect(x: 0, y: 0, width: 10, height: 10))
        #expect(after.status(of: "a") == .placed(OverlayRect(x: 0, y: 0, width: 10, height: 10)), "one report again")
        after.remove("c")
        #expect(after.status(of: "c") == .unregistered)
    }

    @Test("A hint waits while its anchor has no frame or is duplicated, and shows once it is placed")
    func coordinatorWaitsForPlacedAnchor() async throws {
        let walkthrough = Walkthrough<Void>(id: "layering", steps: [layeringIntro])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: (), store: InMemoryProgressStore(), clock: FixedClock())
        await hints.start()
        let button = OverlayRect(x: 326, y: 56, width: 44, height: 44)

        // Registered from inside a sheet: it appeared, but its frame never reaches the overlay.
        var inSheet = AnchorFrames()
        inSheet.register("editor.layersButton")
        hints.reportAnchors(inSheet, previously: AnchorFrames())
        #expect(hints.presentation == nil, "no hint starts on an anchor with nothing to point at")

        let placed = AnchorFrames(reports: ["editor.layersButton": [button]], registered: ["editor.layersButton"])
        hints.reportAnchors(placed, previously: inSheet)
        #expect(hints.presentation?.hint.stepId == "intro")
        #expect(hints.overlayLayout(anchors: placed, screen: phone)?.target == button)

        let duplicated = AnchorFrames(reports: ["editor.layersButton": [button, OverlayRect(x: 10, y: 500, width: 44, height: 44)]])
        hints.reportAnchors(duplicated, previously: placed)
        #expect(hints.presentation == nil, "an ambiguous anchor dismisses the hint, which waits")
        #expect(hints.overlayLayout(anchors: duplicated, screen: phone) == nil)

        hints.reportAnchors(placed, previously: duplicated)
        #expect(hints.presentation?.hint.stepId == "intro")
    }

    @Test("The coordinator's hint is laid out on its anchor's frame once the frame is known; buttons send signals")
    func coordinatorOverlay() async throws {
        let walkthrough = Walkthrough<Void>(id: "layering", steps: [layeringToolbar, layeringIntro])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: (), store: InMemoryProgressStore(), clock: FixedClock())
        await hints.start()
        hints.anchorDidAppear("editor.bottomToolbar", present: { _ in })
        hints.anchorDidAppear("editor.layersButton", present: { _ in })
        var anchors = AnchorFrames()
        #expect(hints.presentation?.hint.stepId == "toolbar")
        #expect(hints.overlayLayout(anchors: anchors, screen: phone) == nil, "no frame yet")

        let toolbar = OverlayRect(x: 0, y: 760, width: 390, height: 50)
        anchors.update("editor.bottomToolbar", frame: toolbar)
        anchors.update("editor.layersButton", frame: OverlayRect(x: 326, y: 56, width: 44, height: 44))
        let layout = try #require(hints.overlayLayout(anchors: anchors, screen: phone, safeArea: phoneSafeArea))
        #expect(layout.target == toolbar)
        #expect(layout.placement == .above)
        #expect(layout.tooltip.buttons.map(\.button) == [.skip, .next])
        #expect(layout.tooltip.progress?.text == "1 of 2")

        hints.press(.next)
        #expect(hints.presentation?.hint.stepId == "intro")
        let next = try #require(hints.overlayLayout(anchors: anchors, screen: phone, safeArea: phoneSafeArea))
        #expect(next.target == OverlayRect(x: 326, y: 56, width: 44, height: 44))
        #expect(next.tooltip.buttons.map(\.button) == [.skip, .back])

        hints.press(.back)
        #expect(hints.presentation?.hint.stepId == "toolbar")
        hints.press(.skip)
        #expect(hints.presentation?.hint.stepId == "intro")
    }
}

@Suite("Safe-area insets from a safe rectangle inside the screen")
struct OverlaySafeAreaTests {
    static let portrait = OverlayRect(x: 0, y: 0, width: 390, height: 844)
    static let landscape = OverlayRect(x: 0, y: 0, width: 844, height: 390)

    @Test("Insets are the distances between the edges; a safe rectangle past the screen gives 0", arguments: [
        (portrait, OverlayRect(x: 0, y: 47, width: 390, height: 763), Insets(top: 47, bottom: 34)),
        (landscape, OverlayRect(x: 59, y: 0, width: 727, height: 369), Insets(left: 59, bottom: 21, right: 58)),
        (portrait, OverlayRect(x: -10, y: -10, width: 410, height: 864), Insets.zero),
        (portrait, OverlayRect(x: .nan, y: 0, width: 390, height: 844), Insets.zero),
    ])
    func insets(screen: OverlayRect, safe: OverlayRect, expected: Insets) {
        #expect(Insets(of: safe, in: screen) == expected)
    }
}

@Suite("Swipes recognised from drag translations")
struct OverlaySwipeTranslationTests {
    @Test("Long, straight drags are swipes; short or diagonal ones are not", arguments: [
        (OverlayPoint(x: -80, y: 10), SwipeDirection.left as SwipeDirection?),
        (OverlayPoint(x: 80, y: -30), .right),
        (OverlayPoint(x: 5, y: -60), .up),
        (OverlayPoint(x: -20, y: 90), .down),
        (OverlayPoint(x: 20, y: 5), nil),
        (OverlayPoint(x: 60, y: 50), nil),
        (OverlayPoint(x: .nan, y: 100), nil),
    ])
    func classify(translation: OverlayPoint, expected: SwipeDirection?) {
        #expect(SwipeDirection(translation: translation) == expected)
    }
}
