import Waypoint

/// The first step of the layering walkthrough of the example document.
package let layeringIntro = WalkthroughStep<Void>(
    id: "intro", targetElementId: "editor.layersButton", highlightShape: .circle(),
    tooltipText: "Your layers live here", tooltipPosition: .below,
    completionTrigger: .tap(elementId: "editor.layersButton"), canSkip: true)

/// The second step of the layering walkthrough of the example document.
package let layeringPanelCell = WalkthroughStep<Void>(
    id: "panel-cell", targetElementId: "layers.firstCell", highlightShape: .rectangle(cornerRadius: 8),
    tooltipText: "Drag to reorder", tooltipPosition: .auto,
    completionTrigger: .timer(seconds: 4), canSkip: false)

/// The third step: back on the editor, the bottom toolbar.
package let layeringToolbar = WalkthroughStep<Void>(
    id: "toolbar", targetElementId: "editor.bottomToolbar", highlightShape: .rectangle(cornerRadius: 12),
    tooltipText: "Blend modes and opacity are down here. Long-press a layer for more options.",
    tooltipPosition: .above, completionTrigger: .button, canSkip: true)

/// An iPhone-sized screen and its safe area.
package let phone = OverlaySize(width: 390, height: 844)
package let phoneSafeArea = Insets(top: 47, bottom: 34)
