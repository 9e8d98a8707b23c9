import Foundation
import Waypoint
import WaypointTesting

extension LayeringOnboardingExample {
    /// A simulated editor app: two components, a store that survives launches, and a clock that moves
    /// only when told to. Each ``launch()`` is a new process with a new coordinator.
    @MainActor
    public final class EditorApp {
        /// The saga of the current launch.
        public private(set) var hints: HintCoordinator<EditorUser>
        /// The editor screen.
        public let editor = EditorScreen()
        /// The layers panel.
        public let layersPanel = LayersPanel()
        /// The store that keeps progress between launches.
        public let store = InMemoryProgressStore()
        /// The clock of every launch.
        public let clock = FixedClock()
        /// What the components presented and the analytics events, so far.
        public private(set) var report = Report(presented: [], analytics: [], finalPhase: .inactive)
        private var launches = 0
        private let narrate: @MainActor (String) -> Void

        /// Creates the app; nothing runs until ``launch()``.
        public init(narrate: @escaping @MainActor (String) -> Void = { _ in }) {
            self.narrate = narrate
            hints = HintCoordinator(
                catalog: WalkthroughCatalog([LayeringOnboardingExample.walkthrough]),
                context: EditorUser(appLaunches: 0), store: store, clock: clock
            )
            editor.onPresent = { [weak self] anchor, hint in self?.presented(anchor, hint) }
            layersPanel.onPresent = { [weak self] anchor, hint in self?.presented(anchor, hint) }
        }

        /// Starts a new launch: a fresh coordinator over the same store, then the editor appears.
        public func launch() async {
            launches += 1
            hints = HintCoordinator(
                catalog: WalkthroughCatalog([LayeringOnboardingExample.walkthrough]),
                context: EditorUser(appLaunches: launches), store: store, clock: clock
            )
            hints.onAnalytics = { [weak self] event in
                var line = event.event.rawValue
                if let step = event.stepId { line += " \(step)" }
                if let trigger = event.trigger { line += " (\(trigger))" }
                self?.report.analytics.append(line)
            }
            await hints.start()
            editor.appear(on: hints)
            report.finalPhase = hints.phase
        }

        /// The user leaves the app: the screens go away and the process ends once saves have reached the store.
        public func quit() async {
            if layersPanel.isVisible { layersPanel.disappear(from: hints) }
            if editor.isVisible { editor.disappear(from: hints) }
            await hints.settle()
            report.finalPhase = hints.phase
        }

        /// The user taps the layers button: the saga hears the tap, the editor gives way to the layers panel.
        public func tapLayersButton() {
            hints.tap(EditorScreen.layersButton)
            editor.disappear(from: hints)
            layersPanel.appear(on: hints)
            report.finalPhase = hints.phase
        }

        /// The user closes the layers panel and is back on the editor.
        public func closeLayersPanel() {
            layersPanel.disappear(from: hints)
            editor.appear(on: hints)
            report.finalPhase = hints.phase
        }

        /// The user presses the tooltip's "Next".
        public func tapNext() {
            hints.next()
            report.finalPhase = hints.phase
        }

        /// The app goes to the background.
        public func goToBackground() {
            hints.appResignedActive()
            report.finalPhase = hints.phase
        }

        /// The app comes back to the foreground.
        public func returnToForeground() {
            hints.appBecameActive()
            report.finalPhase = hints.phase
        }

        /// Time passes (timers fire; nothing sleeps for real).
        public func wait(seconds: Double) async {
            clock.advance(by: .seconds(seconds))
            await hints.settle()
            report.finalPhase = hints.phase
        }

        /// The tooltip text on screen now, on any component.
        public var visibleTooltip: String? {
            (editor.tooltips.values.first ?? layersPanel.tooltips.values.first)?.tooltipText
        }

        private func presented(_ anchor: String, _ hint: HintPresentation) {
            report.presented.append("\(anchor): \(hint.tooltipText)")
            narrate("  ▸ \(anchor) shows “\(hint.tooltipText)” (\(hint.progressText))")
        }
    }
}
