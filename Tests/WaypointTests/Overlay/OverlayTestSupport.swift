import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// The overlay tests' random source.
typealias OverlayRandom = SplitMix64

/// One random situation for the layout.
struct OverlayCase: Sendable, CustomStringConvertible {
    var screen: OverlaySize
    var safeArea: Insets
    var target: OverlayRect
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
        let screen = OverlaySize(width: random.double(280...1400).rounded(), height: random.double(280...1200).rounded())
        let safeArea = random.chance(0.5)
            ? Insets(top: random.double(0...60), left: random.double(0...50), bottom: random.double(0...40), right: random.double(0...50))
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
        return OverlayCase(screen: screen, safeArea: safeArea, target: OverlayRect(x: x, y: y, width: width, height: height),
                           shape: shape, position: position, content: content)
    }
}
