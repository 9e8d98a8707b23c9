import Foundation
import Waypoint
import WaypointTesting

/// The "saga / coordinator for hints" pattern: an editor's layering onboarding.
///
/// Three ordered hints across two components — an introduction on the editor screen, a cell in the
/// layers panel, the bottom toolbar back on the editor — shown at most three times, paused while the
/// app is inactive. The components only register when they appear and unregister when they
/// disappear; the ``HintCoordinator`` alone decides what shows next.
public enum LayeringOnboardingExample {
    /// What the walkthrough's condition reads.
    public struct EditorUser: Sendable {
        /// How many times the app was launched, this launch included.
        public var appLaunches: Int

        /// Creates a user.
        public init(appLaunches: Int) {
            self.appLaunches = appLaunches
        }
    }

    /// How many times the onboarding may be started.
    public static let maxShowings = 3

    /// The layering walkthrough: shown from the second launch, at most ``maxShowings`` times.
    public static let walkthrough = Walkthrough<EditorUser>(
        id: "layering", version: 2, maxDisplayCount: maxShowings,
        condition: { $0.appLaunches >= 2 },
        steps: [
            WalkthroughStep(
                id: "intro", targetElementId: EditorScreen.layersButton, highlightShape: .circle(),
                tooltipText: "Your layers live here", tooltipPosition: .below,
                completionTrigger: .tap(elementId: EditorScreen.layersButton), canSkip: true
            ),
            WalkthroughStep(
                id: "panel-cell", targetElementId: LayersPanel.firstCell, highlightShape: .rectangle(cornerRadius: 8),
                tooltipText: "Drag to reorder", tooltipPosition: .auto,
                completionTrigger: .timer(seconds: 4), canSkip: false
            ),
            WalkthroughStep(
                id: "toolbar", targetElementId: EditorScreen.bottomToolbar, highlightShape: .rectangle(cornerRadius: 12),
                tooltipText: "Blend modes and opacity are down here", tooltipPosition: .above,
                completionTrigger: .button, canSkip: true
            ),
        ]
    )

    /// What a run of the example saw.
    public struct Report: Sendable, Equatable {
        /// Every tooltip the components presented, in order, as `anchor: text`.
        public var presented: [String]
        /// The analytics events, as `Event stepId (trigger)`.
        public var analytics: [String]
        /// The saga's phase at the end.
        public var finalPhase: HintPhase
    }

    /// Runs the onboarding end to end — first launch, second launch with the app going to the
    /// background in the middle, all three hints — narrating each step.
    @MainActor
    public static func run(narrate: @escaping @MainActor (String) -> Void) async throws -> Report {
        let app = EditorApp(narrate: narrate)
        await app.launch()
        narrate("First launch: no hint (the onboarding waits for the second launch).")
        await app.quit()

        await app.launch()
        narrate("Second launch: the editor appears and the saga presents the introduction.")
        app.goToBackground()
        narrate("The app went to the background: the hint is dismissed and the saga pauses.")
        app.returnToForeground()
        narrate("Back in the foreground: the interrupted hint shows again.")
        app.tapLayersButton()
        narrate("Tapping the layers button completes the introduction and opens the panel, where the cell hint shows.")
        await app.wait(seconds: 4)
        narrate("After 4 seconds the cell hint completes; the toolbar hint waits for the editor.")
        app.closeLayersPanel()
        narrate("Back on the editor, the toolbar hint shows.")
        app.tapNext()
        narrate("Next: the walkthrough is complete and will not show again.")
        return app.report
    }
}
