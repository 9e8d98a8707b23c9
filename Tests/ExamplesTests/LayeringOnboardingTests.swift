import Testing
import Waypoint
import WaypointExamples

@MainActor
@Suite("Saga / coordinator for hints")
struct LayeringOnboardingTests {
    typealias Example = LayeringOnboardingExample
    typealias EditorScreen = Example.EditorScreen
    typealias LayersPanel = Example.LayersPanel

    @Test("Three ordered hints across two components: editor, layers panel, back on the editor")
    func threeHintsAcrossTwoComponents() async throws {
        var narration: [String] = []
        let report = try await Example.run { narration.append($0) }

        #expect(report.presented == [
            "editor.layersButton: Your layers live here",
            "editor.layersButton: Your layers live here",
            "layers.firstCell: Drag to reorder",
            "editor.bottomToolbar: Blend modes and opacity are down here",
        ])
        #expect(report.analytics == [
            "Walkthrough Started",
            "Hint Shown intro",
            "Hint Completed intro (tap)",
            "Hint Shown panel-cell",
            "Hint Completed panel-cell (timer)",
            "Hint Shown toolbar",
            "Hint Completed toolbar (button)",
            "Walkthrough Completed",
        ])
        #expect(report.finalPhase == .inactive)
        #expect(narration.first == "First launch: no hint (the onboarding waits for the second launch).")
    }

    @Test("The app going to the background in the middle pauses the saga; the hint shows again on return")
    func backgroundInTheMiddle() async {
        let app = Example.EditorApp()
        await app.launch()
        await app.quit()
        await app.launch()
        app.tapLayersButton()
        #expect(app.visibleTooltip == "Drag to reorder")

        app.goToBackground()
        #expect(app.visibleTooltip == nil)
        await app.wait(seconds: 10)
        #expect(app.hints.phase == .paused(HintID(walkthroughId: "layering", stepId: "panel-cell")),
                "the timer does not run while the app is in the background")

        app.returnToForeground()
        #expect(app.visibleTooltip == "Drag to reorder")
        await app.wait(seconds: 4)
        #expect(app.hints.phase == .pending(HintID(walkthroughId: "layering", stepId: "toolbar")))
    }

    @Test("The toolbar hint waits while the editor is not on screen")
    func hintWaitsForItsComponent() async {
        let app = Example.EditorApp()
        await app.launch()
        await app.quit()
        await app.launch()
        app.tapLayersButton()
        await app.wait(seconds: 4)

        await app.wait(seconds: 600)
        #expect(app.visibleTooltip == nil)
        #expect(app.hints.phase == .pending(HintID(walkthroughId: "layering", stepId: "toolbar")))

        app.closeLayersPanel()
        #expect(app.editor.tooltips[EditorScreen.bottomToolbar]?.tooltipText == "Blend modes and opacity are down here")
        #expect(app.editor.tooltips[EditorScreen.bottomToolbar]?.progressText == "3 of 3")
    }

    @Test("Shown at most N times (here 3) to a user who ignores it")
    func shownAtMostNTimes() async {
        let app = Example.EditorApp()
        var launchesWithTheIntro = 0
        for _ in 1...8 {
            await app.launch()
            if app.visibleTooltip == "Your layers live here" { launchesWithTheIntro += 1 }
            await app.quit()
        }

        #expect(launchesWithTheIntro == Example.maxShowings)
        #expect(app.hints.eligibility(of: "layering") == .ineligible(.invalidated(.displayCountExceeded)))
    }

    @Test("A user who stops half-way resumes at the next hint on a later launch")
    func resumesOnLaterLaunch() async {
        let app = Example.EditorApp()
        await app.launch()
        await app.quit()
        await app.launch()
        app.tapLayersButton()
        await app.quit()

        await app.launch()
        #expect(app.visibleTooltip == nil, "the introduction is done; the next hint is in the panel")
        app.tapLayersButton()
        #expect(app.visibleTooltip == "Drag to reorder")
    }

    @Test("Components only register and unregister; the order comes from the saga")
    func componentsHoldNoSequencing() async {
        let app = Example.EditorApp()
        await app.launch()
        await app.quit()
        await app.launch()
        // The layers panel appears first this time, without the introduction being done:
        // the panel's own anchor is on screen, but its hint is not next.
        app.editor.disappear(from: app.hints)
        app.layersPanel.appear(on: app.hints)
        #expect(app.visibleTooltip == nil)
        app.layersPanel.disappear(from: app.hints)
        app.editor.appear(on: app.hints)
        #expect(app.visibleTooltip == "Your layers live here")
    }
}
