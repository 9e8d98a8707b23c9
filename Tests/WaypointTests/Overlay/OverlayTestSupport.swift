import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// The overlay tests' random source.
typealias OverlayRandom = SplitMix64

/// One random situation for the layout.
struct OverlayCase: Sendable, CustomStringConvertible {
    var screen: Size
    var safeArea: EdgeInsets
    var target: Rect
    var shape: HighlightShape
    var position: TooltipPosition
    var content: TooltipContent

    var layout: OverlayLayout {
        OverlayLayout(screen: screen, safeArea: safeArea, target: target, shape: shape, position: position, content: content)
    }

    var description: String {
        "screen \(screen), safe area \(safeArea), target \(target), shape \(shape.kind) padding \(shape.padding), \(position), text \(content.text.count) chars"
    }

    static let words = ["Your", "layers", "live", "here", "drag", "to", "reorder", "blend", "modes", "and",
                        "opacity", "are", "down", "there", "tap", "supercalifragilisticexpialidocious", "🎨", "図層"]

    /// Phones, tablets and desktop windows in both orientations; targets anywhere from buttons to
    /// full-screen panels, partly or wholly off the screen.
    static func random(_ random: inout OverlayRandom) -> OverlayCase {
        let screen = Size(width: random.double(280...1400).rounded(), height: random.double(280...1200).rounded())
        let safeArea = random.chance(0.5)
            ? EdgeInsets(top: random.double(0...60), left: random.double(0...50), bottom: random.double(0...40), right: random.double(0...50))
            : .zero
        let width: Double
        let height: Double
        switch random.int(0...9) {
        case 0: (width, height) = (random.double(0...2), random.double(0...2))
        case 1: (width, height) = (screen.width * random.double(0.6...1.1), screen.height * random.double(0.5...1.1))
        case 2: (width, height) = (screen.width, random.double(30...90))
        default: (width, height) = (random.double(20...260), random.double(20...160))
        }
        let x = random.double(-width - 20...screen.width + 20)
        let y = random.double(-height - 20...screen.height + 20)
        let shape: HighlightShape = random.chance(0.5)
            ? .circle(padding: random.double(0...16))
            : .rectangle(cornerRadius: random.double(0...30), padding: random.double(0...16))
        let position = TooltipPosition.allCases[random.int(0...2)]
        let text = (0..<random.int(0...40)).map { _ in words[random.int(0...words.count - 1)] }.joined(separator: " ")
        let trigger: CompletionTrigger = [.button, .tap(elementId: "t"), .timer(seconds: 3), .swipe(.left), .event(name: "e")][random.int(0...4)]
        let count = random.int(1...8)
        let content = TooltipContent(
            text: text, trigger: trigger, canSkip: random.chance(0.5), canGoBack: random.chance(0.5),
            number: random.int(1...count), count: count)
        return OverlayCase(screen: screen, safeArea: safeArea, target: Rect(x: x, y: y, width: width, height: height),
                           shape: shape, position: position, content: content)
    }
}

/// The first step of the layering walkthrough of the example document.
let layeringIntro = WalkthroughStep<Void>(
    id: "intro", targetElementId: "editor.layersButton", highlightShape: .circle(),
    tooltipText: "Your layers live here", tooltipPosition: .below,
    completionTrigger: .tap(elementId: "editor.layersButton"), canSkip: true)

/// The second step of the layering walkthrough of the example document.
let layeringPanelCell = WalkthroughStep<Void>(
    id: "panel-cell", targetElementId: "layers.firstCell", highlightShape: .rectangle(cornerRadius: 8),
    tooltipText: "Drag to reorder", tooltipPosition: .auto,
    completionTrigger: .timer(seconds: 4), canSkip: false)

/// The third step: back on the editor, the bottom toolbar.
let layeringToolbar = WalkthroughStep<Void>(
    id: "toolbar", targetElementId: "editor.bottomToolbar", highlightShape: .rectangle(cornerRadius: 12),
    tooltipText: "Blend modes and opacity are down here. Long-press a layer for more options.",
    tooltipPosition: .above, completionTrigger: .button, canSkip: true)

/// An iPhone-sized screen and its safe area.
let phone = Size(width: 390, height: 844)
let phoneSafeArea = EdgeInsets(top: 47, bottom: 34)

/// The repository's root folder.
func repositoryRoot(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Compares `actual` with `Snapshots/<name>` beside this file, or with `file` when given;
/// `WAYPOINT_RECORD_SNAPSHOTS=1` writes it instead.
func assertOverlaySnapshot(
    _ actual: String, named name: String, file: URL? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = file ?? URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["WAYPOINT_RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("No snapshot at \(url.path); run `WAYPOINT_RECORD_SNAPSHOTS=1 swift test --filter Overlay` to record it.",
                     sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    Issue.record(
        """
        \(name) differs at line \(index + 1):
          expected: \(index < expectedLines.count ? expectedLines[index] : "<end>")
          actual:   \(index < actualLines.count ? actualLines[index] : "<end>")
        Re-record with `WAYPOINT_RECORD_SNAPSHOTS=1 swift test --filter Overlay` if the change is intended.
        """,
        sourceLocation: sourceLocation)
}
