import Foundation
import Waypoint

extension LayeringOnboardingExample {
    /// A component of the example app that owns anchors: it registers them with the coordinator when it
    /// appears, unregisters them when it disappears, and shows whatever tooltip it is told to.
    ///
    /// It knows nothing about the order of hints; that is the saga's job.
    @MainActor
    public class HintHostingComponent {
        /// The component's name, for narration.
        public let name: String
        /// The anchors the component owns.
        public let anchors: [String]
        /// The tooltip on screen on this component, by anchor.
        public private(set) var tooltips: [String: HintPresentation] = [:]
        /// Whether the component is on screen.
        public private(set) var isVisible = false
        /// Called with the anchor and the hint whenever the component presents a tooltip.
        public var onPresent: @MainActor (String, HintPresentation) -> Void = { _, _ in }

        init(name: String, anchors: [String]) {
            self.name = name
            self.anchors = anchors
        }

        /// The component appeared: register every anchor.
        public func appear(on hints: HintCoordinator<EditorUser>) {
            isVisible = true
            for anchor in anchors {
                hints.anchorDidAppear(anchor, present: { [weak self] presentation in
                    self?.tooltips[anchor] = presentation
                    self?.onPresent(anchor, presentation)
                }, dismiss: { [weak self] _ in
                    self?.tooltips[anchor] = nil
                })
            }
        }

        /// The component disappeared: unregister every anchor.
        public func disappear(from hints: HintCoordinator<EditorUser>) {
            isVisible = false
            for anchor in anchors { hints.anchorDidDisappear(anchor) }
        }
    }

    /// The editor screen: the layers button and the bottom toolbar.
    @MainActor
    public final class EditorScreen: HintHostingComponent {
        /// The anchor id of the layers button.
        public nonisolated static let layersButton = "editor.layersButton"
        /// The anchor id of the bottom toolbar.
        public nonisolated static let bottomToolbar = "editor.bottomToolbar"

        /// Creates the screen (not yet on screen).
        public init() {
            super.init(name: "editor", anchors: [Self.layersButton, Self.bottomToolbar])
        }
    }

    /// The layers panel: a list of layer cells.
    @MainActor
    public final class LayersPanel: HintHostingComponent {
        /// The anchor id of the first layer cell.
        public nonisolated static let firstCell = "layers.firstCell"

        /// Creates the panel (not yet on screen).
        public init() {
            super.init(name: "layers panel", anchors: [Self.firstCell])
        }
    }
}
