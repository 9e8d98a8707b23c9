import Foundation
import Testing
import TestSupport
@testable import Waypoint
import WaypointTesting

/// Several overlays (windows, scenes, sheets) sharing one coordinator, and overlays going away.
@MainActor
@Suite("Overlays sharing a coordinator")
struct OverlaySharingTests {
    let button = OverlayRect(x: 326, y: 56, width: 44, height: 44)
    let elsewhere = OverlayRect(x: 20, y: 700, width: 44, height: 44)

    func placed(_ id: String, at frame: OverlayRect) -> AnchorFrames {
        AnchorFrames(reports: [id: [frame]], registered: [id])
    }

    func coordinator(_ steps: [WalkthroughStep<Void>] = [layeringIntro], clock: FixedClock = FixedClock()) async -> HintCoordinator<Void> {
        let walkthrough = Walkthrough<Void>(id: "layering", steps: steps)
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: (), store: InMemoryProgressStore(), clock: clock)
        await hints.start()
        return hints
    }

    @Test("An anchor present in two overlays is usable while either places it, and drawn by one")
    func anchorInTwoOverlays() {
        var overlays = OverlayAnchors()
        #expect(overlays.report(placed("a", at: button), from: "left").appeared == ["a"])
        let second = overlays.report(placed("a", at: elsewhere), from: "right")
        #expect(second.isEmpty, "the second window adds nothing: the anchor already appeared")
        #expect(overlays.owner(of: "a") == "left")

        let closed = overlays.remove("left")
        #expect(closed.disappeared.isEmpty, "closing one window leaves the anchor in the other")
        #expect(closed.moved == ["a": .init(from: "left", to: "right")])
        #expect(overlays.owner(of: "a") == "right")
        #expect(overlays.remove("right").disappeared == ["a"])
        #expect(overlays.placedIDs.isEmpty)
    }

    @Test("An anchor moves to the active window when the window drawing it leaves the foreground")
    func ownerFollowsActivity() {
        var overlays = OverlayAnchors()
        _ = overlays.report(placed("a", at: button), from: "left")
        _ = overlays.report(placed("a", at: elsewhere), from: "right")
        _ = overlays.setActive(true, for: "right")
        #expect(overlays.setActive(false, for: "left").moved == ["a": .init(from: "left", to: "right")])
        #expect(overlays.isActive == true)
        _ = overlays.setActive(false, for: "right")
        #expect(overlays.isActive == false)
        #expect(overlays.owner(of: "a") == "right", "with no active window the owner stays")
    }

    @Test("Only the overlay that owns the anchor lays out the hint")
    func onlyOwnerDraws() async {
        let hints = await coordinator()
        let left = placed("editor.layersButton", at: button)
        let right = placed("editor.layersButton", at: elsewhere)
        hints.reportAnchors(left, overlay: "left")
        hints.reportAnchors(right, overlay: "right")
        #expect(hints.presentation?.hint.stepId == "intro")
        #expect(hints.overlayLayout(anchors: left, overlay: "left", screen: phone)?.target == button)
        #expect(hints.overlayLayout(anchors: right, overlay: "right", screen: phone) == nil, "never drawn twice")

        hints.overlayDisappeared("left")
        #expect(hints.presentation?.hint.stepId == "intro", "the hint stays: the other window has the anchor")
        #expect(hints.overlayLayout(anchors: right, overlay: "right", screen: phone)?.target == elsewhere)
    }

    @Test("Present and dismiss reach the overlay that draws the hint, and move with it")
    func closuresFollowOwner() async {
        let hints = await coordinator()
        var log: [String] = []
        for name in ["left", "right"] {
            hints.reportAnchors(placed("editor.layersButton", at: button), overlay: name,
                                present: { log.append("present \($0.hint.stepId) on \(name)") },
                                dismiss: { log.append("dismiss \($0.stepId) on \(name)") })
        }
        hints.overlayDisappeared("left")
        hints.overlayDisappeared("right")
        #expect(log == ["present intro on left", "dismiss intro on left", "present intro on right", "dismiss intro on right"])
    }

    @Test("An overlay that disappears takes its anchors with it: the hint is dismissed and its timer stops")
    func overlayDisappears() async {
        let clock = FixedClock()
        let timed = WalkthroughStep<Void>(
            id: "timed", targetElementId: "sheet.button", tooltipText: "Wait", completionTrigger: .timer(seconds: 4))
        let hints = await coordinator([timed], clock: clock)
        hints.reportAnchors(placed("sheet.button", at: button), overlay: "sheet")
        #expect(hints.presentation?.hint.stepId == "timed")

        hints.overlayDisappeared("sheet")
        #expect(hints.presentation == nil, "no hint is shown with nothing on screen")
        #expect(hints.overlays.placedIDs.isEmpty)
        clock.advance(by: .seconds(10))
        await hints.settle()
        #expect(hints.phase == .pending(HintID(walkthroughId: "layering", stepId: "timed")), "the timer did not complete it")

        hints.reportAnchors(placed("sheet.button", at: button), overlay: "sheet again")
        #expect(hints.presentation?.hint.stepId == "timed", "it shows again when the sheet comes back")
    }

    @Test("A covered overlay places nothing; uncovered, its anchors come back")
    func coveredOverlay() {
        var overlays = OverlayAnchors()
        _ = overlays.report(placed("a", at: button), from: "screen")
        #expect(overlays.setCovered(true, for: "screen").disappeared == ["a"])
        #expect(overlays.placedIDs.isEmpty)
        #expect(overlays.report(placed("a", at: elsewhere), from: "screen").isEmpty, "reports while covered place nothing")
        #expect(overlays.setCovered(true, for: "screen").isEmpty, "covering twice changes nothing")
        #expect(overlays.setCovered(false, for: "screen").appeared == ["a"])
        #expect(overlays.owner(of: "a") == "screen")

        _ = overlays.report(placed("a", at: elsewhere), from: "sheet")
        #expect(overlays.setCovered(true, for: "screen").moved == ["a": .init(from: "screen", to: "sheet")],
                "an anchor in the sheet itself stays usable")
        _ = overlays.setCovered(true, for: "gone")
        _ = overlays.remove("gone")
        #expect(!overlays.covered.contains("gone"))
    }

    @Test("A hint under a sheet is not shown, timed or counted; it comes back when the sheet goes")
    func hintUnderASheet() async {
        let clock = FixedClock()
        let timed = WalkthroughStep<Void>(
            id: "timed", targetElementId: "editor.layersButton", tooltipText: "Wait", completionTrigger: .timer(seconds: 4))
        let hints = await coordinator([timed], clock: clock)
        var shown: [HintAnalyticsEvent] = []
        hints.onAnalytics = { shown.append($0) }
        hints.overlayCovered("screen", true)
        hints.reportAnchors(placed("editor.layersButton", at: button), overlay: "screen")
        #expect(hints.presentation == nil, "the anchor is under the sheet")
        clock.advance(by: .seconds(10))
        await hints.settle()
        #expect(shown.isEmpty, "nothing was presented, so nothing was counted")

        hints.overlayCovered("screen", false)
        #expect(hints.presentation?.hint.stepId == "timed")
        #expect(!shown.isEmpty, "shown (and counted) once the sheet is gone")
        #expect(hints.overlayLayout(anchors: placed("editor.layersButton", at: button), overlay: "screen", screen: phone) != nil)
        hints.overlayCovered("screen", true)
        #expect(hints.presentation == nil, "a sheet presented over a hint dismisses it")
        #expect(hints.phase == .pending(HintID(walkthroughId: "layering", stepId: "timed")))
    }

    @Test("A window going to the background does not dismiss the hint in the window in front")
    func activityPerScene() async {
        let hints = await coordinator()
        hints.reportAnchors(placed("editor.layersButton", at: button), overlay: "front")
        hints.overlaySceneChanged("front", isActive: true)
        hints.overlaySceneChanged("back", isActive: true)
        hints.overlaySceneChanged("back", isActive: false)
        #expect(hints.state.isAppActive)
        #expect(hints.presentation?.hint.stepId == "intro")

        hints.overlaySceneChanged("front", isActive: false)
        #expect(!hints.state.isAppActive, "the last active scene left the foreground")
        #expect(hints.presentation == nil)
        hints.overlaySceneChanged("back", isActive: true)
        #expect(hints.state.isAppActive)
        #expect(hints.presentation?.hint.stepId == "intro")
    }

    @Test("Closing the only active window resigns active; closing a background one changes nothing")
    func closingWindows() async {
        let hints = await coordinator()
        hints.overlaySceneChanged("a", isActive: true)
        hints.overlaySceneChanged("b", isActive: false)
        hints.overlayDisappeared("b")
        #expect(hints.state.isAppActive)
        hints.overlaySceneChanged("b", isActive: false)
        hints.overlayDisappeared("a")
        #expect(!hints.state.isAppActive)
    }

    @Test("Escape skips a step that can be skipped and otherwise closes the walkthrough", arguments: [true, false])
    func escape(canSkip: Bool) async {
        var first = layeringIntro
        first.canSkip = canSkip
        let hints = await coordinator([first, layeringToolbar])
        hints.reportAnchors(AnchorFrames(reports: ["editor.layersButton": [button], "editor.bottomToolbar": [elsewhere]]), overlay: "main")
        #expect(hints.presentation?.escapeSignal == (canSkip ? .skip : .close))
        hints.escape()
        if canSkip {
            #expect(hints.presentation?.hint.stepId == "toolbar", "skipped to the next step")
        } else {
            #expect(hints.presentation == nil)
            #expect(hints.phase == .inactive, "closed: nothing else of it shows")
        }
    }
}

@Suite("Overlay focus")
struct OverlayFocusTests {
    static let first = HintID(walkthroughId: "w", stepId: "one")
    static let second = HintID(walkthroughId: "w", stepId: "two")

    @Test("Focus is taken when a hint appears, kept between hints, and returned when the last one goes", arguments: [
        (nil, first, OverlayFocusChange.takeFocus), (first, second, nil), (first, first, nil),
        (first, nil, .returnFocus), (nil, nil, nil),
    ] as [(HintID?, HintID?, OverlayFocusChange?)])
    func focus(old: HintID?, new: HintID?, expected: OverlayFocusChange?) {
        #expect(OverlayFocusChange.between(old, new) == expected)
    }

    @Test("Only a tap needs the content behind the overlay", arguments: [
        (CompletionTrigger.tap(elementId: "a"), true), (.button, false), (.swipe(.left), false),
        (.timer(seconds: 3), false), (.event(name: "e"), false),
    ])
    func needsTarget(trigger: CompletionTrigger, expected: Bool) {
        #expect(trigger.needsTarget == expected)
    }
}

@Suite("Tooltip colours and sizes")
struct OverlayPaletteTests {
    @Test("Text adapts to the appearance exactly when the background does", arguments: [true, false])
    func adaptTogether(hasAdaptiveBackground: Bool) {
        let palette = OverlayPalette.platform(hasAdaptiveBackground: hasAdaptiveBackground)
        #expect(palette.adaptsTogether)
        #expect(palette.background.adaptsToAppearance == hasAdaptiveBackground)
        for role in TextRole.allCases where role != .button {
            #expect(palette.text(for: role).adaptsToAppearance == hasAdaptiveBackground)
        }
        #expect(palette.title(of: .skip) == palette.secondaryText)
    }

    @Test("A fixed background has fixed text with a contrast of at least 4.5:1")
    func fixedContrast() throws {
        let palette = OverlayPalette.light
        for role in TextRole.allCases where role != .button {
            let contrast = try #require(palette.contrast(of: palette.text(for: role)))
            #expect(contrast >= 4.5, "\(role): \(contrast)")
        }
        #expect(try #require(palette.contrast(of: palette.title(of: .skip))) >= 4.5)
        let mixed = OverlayPalette(background: .fixed(white: 1), bodyText: .label, secondaryText: .secondaryLabel)
        #expect(!mixed.adaptsTogether, "adaptive text on a fixed white background is what made it invisible")
    }

    @Test("Buttons grow with the text size so titles are not clipped", arguments: [1.0, 1.5, 2.0, 3.1])
    func buttonHeightFollowsText(scale: Double) throws {
        let measurer = ApproximateTextMeasurer(
            bodyFontSize: 16 * scale, instructionFontSize: 14 * scale, progressFontSize: 13 * scale, buttonFontSize: 15 * scale)
        let content = TooltipContent(text: "Your layers live here", trigger: .button, canSkip: true, canGoBack: true, number: 2, count: 5)
        let layout = OverlayLayout(
            screen: OverlaySize(width: 1024, height: 1366), target: OverlayRect(x: 100, y: 100, width: 44, height: 44),
            shape: .circle(), position: .below, content: content, measurer: measurer)
        let style = OverlayStyle.standard
        let titleHeight = measurer.lineHeight(for: .button)
        #expect(!layout.tooltip.buttons.isEmpty)
        for placed in layout.tooltip.buttons {
            #expect(placed.frame.height >= titleHeight + 2 * style.buttonVerticalPadding)
            #expect(placed.frame.height >= style.buttonHeight)
            #expect(placed.frame.maxY <= layout.tooltip.frame.height, "the button stays inside the tooltip")
        }
        if scale == 1 { #expect(layout.tooltip.buttons.allSatisfy { $0.frame.height == style.buttonHeight }) }
    }

    /// The approximate measurer at a style's text scale, as the adapters scale the system font.
    static func measurer(for style: OverlayStyle) -> ApproximateTextMeasurer {
        let scale = style.textScale
        return ApproximateTextMeasurer(
            bodyFontSize: 16 * scale, instructionFontSize: 14 * scale, progressFontSize: 13 * scale, buttonFontSize: 15 * scale)
    }

    static let threeButtons = TooltipContent(
        text: "Your layers live here: tap to see them all", trigger: .button, canSkip: true, canGoBack: true, number: 2, count: 5)

    @Test("On a TV, text is 29 points and buttons 66 points high, inside the safe area")
    func television() {
        let style = OverlayStyle.television
        let measurer = Self.measurer(for: style)
        #expect(measurer.fontSize(for: .body) == 29)
        let layout = OverlayLayout(
            screen: OverlaySize(width: 1920, height: 1080), safeArea: Insets(top: 60, left: 80, bottom: 60, right: 80),
            target: OverlayRect(x: 200, y: 120, width: 300, height: 200), shape: .rectangle(cornerRadius: 12),
            position: .auto, content: Self.threeButtons, style: style, measurer: measurer)
        #expect(layout.tooltip.buttons.count == 3)
        #expect(layout.tooltip.buttons.allSatisfy { $0.frame.height >= 66 })
        #expect(layout.tooltip.frame.minX >= 80 + 40 && layout.tooltip.frame.maxY <= 1080 - 60 - 40)
        #expect(OverlayStyle.television.sanitized == OverlayStyle.television)
    }

    @Test("On a watch, buttons that do not fit side by side stack, full width, their titles unshrunk",
          arguments: [(OverlaySize(width: 136, height: 170), true), (OverlaySize(width: 205, height: 251), false)])
    func watch(screen: OverlaySize, stacks: Bool) throws {
        let style = OverlayStyle.watch
        let measurer = Self.measurer(for: style)
        let layout = OverlayLayout(
            screen: screen, target: OverlayRect(x: 10, y: 10, width: 40, height: 30), shape: .circle(),
            position: .below, content: Self.threeButtons, style: style, measurer: measurer)
        let buttons = layout.tooltip.buttons
        #expect(buttons.map(\.button.action) == [.skip, .back, .next], "logical order kept")
        #expect(buttons.allSatisfy { $0.frame.height >= 44 })
        #expect(layout.tooltip.frame.minX >= style.screenMargin && layout.tooltip.frame.maxX <= screen.width - style.screenMargin)
        #expect(layout.tooltip.frame.width > screen.width * 0.8, "the tooltip may use nearly the whole width")
        for placed in buttons {
            #expect(placed.frame.width >= measurer.width(of: placed.button.title, role: .button), "\(placed.button.title) is not shrunk")
        }
        #expect(Set(buttons.map(\.frame.minY)).count == (stacks ? 3 : 1))
        if stacks {
            let next = try #require(buttons.last), skip = try #require(buttons.first)
            #expect(next.frame.maxY <= skip.frame.minY, "Next on top, Skip at the bottom")
            for placed in buttons {
                #expect(placed.frame.minX == style.contentPadding)
                #expect(abs(placed.frame.maxX - (layout.tooltip.frame.width - style.contentPadding)) < 1e-9)
            }
        }

        // On a phone the same buttons fit on one row.
        let phoneLayout = OverlayLayout(
            screen: phone, target: OverlayRect(x: 10, y: 100, width: 40, height: 30), shape: .circle(), position: .below,
            content: Self.threeButtons)
        #expect(Set(phoneLayout.tooltip.buttons.map(\.frame.minY)).count == 1)
    }

    @Test("The platform's style is the phone's here (Linux)")
    func current() {
        #expect(OverlayStyle.current == .standard)
    }
}

@Suite("Text weights")
struct TextWeightTests {
    @Test("Bold Text makes every role heavier, and buttons stay heavier than text", arguments: TextRole.allCases)
    func boldText(role: TextRole) throws {
        let order = FontWeight.allCases
        let regular = try #require(order.firstIndex(of: role.fontWeight(boldText: false)))
        let bold = try #require(order.firstIndex(of: role.fontWeight(boldText: true)))
        #expect(bold > regular)
        if role == .button {
            #expect(role.fontWeight(boldText: true) == .heavy)
        } else {
            #expect(role.fontWeight(boldText: true) == .bold)
        }
    }
}
