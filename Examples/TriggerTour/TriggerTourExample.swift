import Foundation
import Waypoint
import WaypointTesting

/// The "data-driven walkthrough" pattern: a photo tour whose steps are data, advanced by every kind
/// of completion trigger — a tap, a swipe, a timer, a named app event and the tooltip's own button —
/// with a step whose target never appears (skipped after its timeout) and every step logged with its
/// duration for a drop-off funnel.
public enum TriggerTourExample {
    /// The tour's context (no conditions read it).
    public struct Viewer: Sendable {
        /// Whether the user has the paid plan, which shows the edit button.
        public var isPro: Bool

        /// Creates a viewer.
        public init(isPro: Bool) {
            self.isPro = isPro
        }
    }

    /// Anchor ids of the simulated photo app.
    public enum Anchor {
        /// The first photo in the gallery.
        public static let firstPhoto = "gallery.firstPhoto"
        /// The photo in the viewer.
        public static let photo = "viewer.photo"
        /// The caption under the photo.
        public static let caption = "viewer.caption"
        /// The share button.
        public static let shareButton = "viewer.shareButton"
        /// The edit button (paid plan only).
        public static let editButton = "viewer.editButton"
        /// The done button.
        public static let doneButton = "viewer.doneButton"
    }

    /// The tour: one step per trigger, plus the edit button that only paid users have.
    public static let tour = Walkthrough<Viewer>(id: "photo-tour", version: 1, steps: [
        WalkthroughStep(id: "open-photo", targetElementId: Anchor.firstPhoto, highlightShape: .circle(),
                        tooltipText: "Tap a photo to open it", tooltipPosition: .below,
                        completionTrigger: .tap(elementId: Anchor.firstPhoto)),
        WalkthroughStep(id: "swipe", targetElementId: Anchor.photo, highlightShape: .rectangle(cornerRadius: 16, padding: 0),
                        tooltipText: "Swipe left for the next one", completionTrigger: .swipe(.left)),
        WalkthroughStep(id: "caption", targetElementId: Anchor.caption, highlightShape: .rectangle(),
                        tooltipText: "Captions come from the photo's metadata", tooltipPosition: .above,
                        completionTrigger: .timer(seconds: 3)),
        WalkthroughStep(id: "share", targetElementId: Anchor.shareButton, highlightShape: .circle(padding: 4),
                        tooltipText: "Share it with friends", tooltipPosition: .below,
                        completionTrigger: .event(name: "photoShared"), canSkip: false),
        WalkthroughStep(id: "edit", targetElementId: Anchor.editButton, highlightShape: .circle(),
                        tooltipText: "Edit with the paid plan", targetTimeout: .seconds(5)),
        WalkthroughStep(id: "done", targetElementId: Anchor.doneButton, highlightShape: .rectangle(cornerRadius: 8),
                        tooltipText: "That's it!", completionTrigger: .button),
    ])

    /// One logged step, for the funnel.
    public struct LoggedStep: Sendable, Equatable, CustomStringConvertible {
        /// The analytics event's name.
        public var event: String
        /// The step.
        public var stepId: String?
        /// What completed or skipped it.
        public var trigger: String?
        /// How long it took, in milliseconds.
        public var durationMs: Int?

        /// For example `Hint Completed caption (timer, 3000 ms)`.
        public var description: String {
            var text = event + (stepId.map { " \($0)" } ?? "")
            let details = [trigger, durationMs.map { "\($0) ms" }].compactMap(\.self)
            if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
            return text
        }
    }

    /// A simulated photo app running the tour on a fixed clock.
    @MainActor
    public final class PhotoApp {
        /// The saga.
        public let hints: HintCoordinator<Viewer>
        /// The clock; it moves only when the script waits.
        public let clock = FixedClock()
        /// Every logged step so far.
        public private(set) var log: [LoggedStep] = []
        /// The tooltip on screen, if any.
        public var tooltip: HintPresentation? { hints.presentation }
        private let narrate: @MainActor (String) -> Void

        /// Creates the app for `viewer`.
        public init(viewer: Viewer = Viewer(isPro: false), narrate: @escaping @MainActor (String) -> Void = { _ in }) {
            self.narrate = narrate
            hints = HintCoordinator(catalog: WalkthroughCatalog([TriggerTourExample.tour]), context: viewer,
                                    store: InMemoryProgressStore(), clock: clock)
            hints.onAnalytics = { [weak self] event in
                self?.log.append(LoggedStep(event: event.event.rawValue, stepId: event.stepId,
                                            trigger: event.trigger, durationMs: event.durationMs))
            }
        }

        /// Starts the app on the gallery.
        public func start() async {
            await hints.start()
            show([Anchor.firstPhoto])
        }

        /// The user taps `elementId`; tapping the first photo opens the viewer.
        public func tap(_ elementId: String) {
            hints.tap(elementId)
            if elementId == Anchor.firstPhoto {
                hints.anchorDidDisappear(Anchor.firstPhoto)
                var viewer = [Anchor.photo, Anchor.caption, Anchor.shareButton, Anchor.doneButton]
                if hints.context.isPro { viewer.append(Anchor.editButton) }
                show(viewer)
            }
        }

        /// The user swipes.
        public func swipe(_ direction: SwipeDirection) { hints.swipe(direction) }

        /// The user shares the photo; the app reports the `photoShared` event.
        public func share() { hints.event("photoShared") }

        /// The user presses the tooltip's "Next".
        public func next() { hints.next() }

        /// Time passes on the fixed clock.
        public func wait(seconds: Double) async {
            clock.advance(by: .seconds(seconds))
            await hints.settle()
        }

        private func show(_ anchors: [String]) {
            for anchor in anchors {
                hints.anchorDidAppear(anchor, present: { [weak self] hint in
                    self?.narrate("  ▸ \(hint.progressText) on \(anchor): “\(hint.tooltipText)” — waits for \(hint.completionTrigger.analyticsName)")
                })
            }
        }
    }

    /// Runs the tour with a user who does everything right, once with a wrong move first.
    @MainActor
    public static func run(narrate: @escaping @MainActor (String) -> Void) async throws -> [LoggedStep] {
        let app = PhotoApp(narrate: narrate)
        await app.start()
        narrate("The gallery appears; the tour starts on the first photo.")
        app.tap(Anchor.firstPhoto)
        narrate("Tap: the photo opens and the swipe hint shows.")
        app.swipe(.right)
        narrate("A swipe to the right is not the trigger; the hint stays.")
        await app.wait(seconds: 1.5)
        app.swipe(.left)
        narrate("Swipe left: done.")
        await app.wait(seconds: 3)
        narrate("3 seconds later the caption hint completes by itself.")
        await app.wait(seconds: 2)
        app.share()
        narrate("Sharing reports the photoShared event, which completes the share hint.")
        await app.wait(seconds: 5)
        narrate("The edit button never appeared (free plan): after 5 seconds that step is skipped as Target Not Found.")
        app.next()
        narrate("Next on the last hint completes the tour.")
        for step in app.log { narrate("  · \(step)") }
        return app.log
    }
}
