import Foundation
import Testing
import TestSupport
@testable import Waypoint

@Suite("Overlay layouts for right-to-left languages and mirrored coordinates")
struct OverlayMirroringTests {
    let intro = OverlayLayout(step: layeringIntro, index: 1, of: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44), screen: phone, safeArea: phoneSafeArea)

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
    static func close(_ a: OverlayRect, _ b: OverlayRect) -> Bool {
        close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
    }

    @Test("Right-to-left content keeps the geometry and mirrors the tooltip's content inside it")
    func rightToLeftContent() throws {
        let rtl = intro.rightToLeft()
        #expect(rtl.cutout == intro.cutout && rtl.arrow == intro.arrow && rtl.tooltip.frame == intro.tooltip.frame)
        let width = intro.tooltip.frame.width
        for (ltr, mirrored) in zip(intro.tooltip.allLines, rtl.tooltip.allLines) {
            #expect(Self.close(width - mirrored.frame.maxX, ltr.frame.minX), "\(ltr.text) starts at the right edge")
            #expect(mirrored.frame.minY == ltr.frame.minY && mirrored.text == ltr.text)
        }
        let skip = try #require(rtl.tooltip.buttons.first { $0.button.action == .skip })
        let back = try #require(rtl.tooltip.buttons.first { $0.button.action == .back })
        #expect(skip.frame.minX > back.frame.minX, "Skip, Back run from right to left")
        let twice = rtl.rightToLeft().tooltip
        #expect(zip(twice.allLines, intro.tooltip.allLines).allSatisfy { Self.close($0.frame, $1.frame) }, "mirroring twice gives the content back")
    }

    @Test("A paragraph's writing direction comes from its first letter", arguments: [
        ("Tap Layers to see every layer.", TextDirection.leftToRight),
        ("اضغط على الطبقات لرؤية كل طبقة.", .rightToLeft),
        ("«שכבות» — הקישו כאן (iOS 18).", .rightToLeft),
        ("3 × «Layers» ← اضغط", .leftToRight),
        ("123 – 456!", nil),
        ("ﭐﭑ", .rightToLeft),
        ("𞤀𞤁 Adlam", .rightToLeft),
        ("٣ من ٥", .rightToLeft),
    ] as [(String, TextDirection?)])
    func naturalDirection(text: String, expected: TextDirection?) {
        #expect(TextDirection.natural(of: text) == expected)
    }

    @Test("Every line of a right-to-left paragraph reads right to left, in either app direction, and mirroring keeps it")
    func rightToLeftTextInTooltip() {
        let arabic = "اضغط على زر الطبقات (Layers) في الأعلى لترى كل الطبقات التي في مستندك، ثم اختر واحدة لتعديلها."
        let content = TooltipContent(
            text: arabic, trigger: .button, canSkip: true, canGoBack: false, number: 2, count: 5,
            labels: OverlayLabels(locale: Locale(identifier: "en")))
        let layout = OverlayLayout(
            screen: phone, safeArea: phoneSafeArea, target: OverlayRect(x: 20, y: 300, width: 350, height: 80),
            shape: .rectangle(cornerRadius: 12), position: .auto, content: content)
        #expect(layout.tooltip.textLines.count > 1, "the paragraph wraps")
        #expect(layout.tooltip.textLines.allSatisfy { $0.direction == .rightToLeft },
                "a line starting with the Latin run still belongs to the Arabic paragraph")
        #expect(layout.tooltip.progress?.direction == .leftToRight, "\"2 of 5\" in English")
        #expect(layout.tooltip.instructionLines.isEmpty)
        #expect(layout.rightToLeft().tooltip.textLines.map(\.direction) == layout.tooltip.textLines.map(\.direction))
        #expect(layout.mirrored().tooltip.textLines.map(\.direction) == layout.tooltip.textLines.map(\.direction))
    }

    @Test("Mirroring reflects the cutout, the arrow and the tooltip together")
    func mirroredTogether() throws {
        let mirrored = intro.mirrored()
        let width = phone.width
        #expect(mirrored.target == OverlayRect(x: width - 370, y: 56, width: 44, height: 44))
        guard case .circle(let center, let radius)? = mirrored.cutout.hole,
              case .circle(let originalCenter, let originalRadius)? = intro.cutout.hole else {
            Issue.record("expected a circular hole")
            return
        }
        #expect(center == OverlayPoint(x: width - originalCenter.x, y: originalCenter.y) && radius == originalRadius)
        #expect(Self.close(mirrored.tooltip.frame.maxX, width - intro.tooltip.frame.minX))
        let arrow = try #require(mirrored.arrow)
        let original = try #require(intro.arrow)
        #expect(arrow.tip == OverlayPoint(x: width - original.tip.x, y: original.tip.y))
        #expect(arrow.baseStart.x <= arrow.baseEnd.x, "the base still runs left to right")
        #expect(arrow.baseStart.x >= mirrored.tooltip.frame.minX && arrow.baseEnd.x <= mirrored.tooltip.frame.maxX)
        // The tooltip is on the same side of the hole, at the mirrored distance.
        #expect(Self.close(mirrored.tooltip.frame.midX - center.x, -(intro.tooltip.frame.midX - originalCenter.x)))
        for point in [OverlayPoint(x: 340, y: 70), OverlayPoint(x: 20, y: 70), OverlayPoint(x: 300, y: 400), OverlayPoint(x: 360, y: 110)] {
            #expect(mirrored.cutout.dims(OverlayPoint(x: width - point.x, y: point.y)) == intro.cutout.dims(point))
        }
    }

    @Test("Mirroring twice gives every random layout back")
    func involution() {
        for index in 0..<500 {
            var random = OverlayRandom(seed: UInt64(index))
            let layout = OverlayCase.random(&random).layout
            let twice = layout.mirrored().mirrored()
            #expect(Self.close(twice.tooltip.frame, layout.tooltip.frame) && Self.close(twice.target, layout.target),
                    "seed \(index)")
            #expect(zip(twice.tooltip.allLines, layout.tooltip.allLines).allSatisfy { Self.close($0.frame, $1.frame) }, "seed \(index)")
            #expect(twice.placement == layout.placement && (twice.cutout.hole == nil) == (layout.cutout.hole == nil), "seed \(index)")
            if let hole = layout.cutout.hole, let back = twice.cutout.hole {
                #expect(Self.close(hole.boundingBox, back.boundingBox), "seed \(index)")
            }
            if let arrow = layout.arrow, let back = twice.arrow {
                #expect(Self.close(arrow.tip.x, back.tip.x) && Self.close(arrow.baseStart.x, back.baseStart.x), "seed \(index)")
            }
        }
    }
}

@Suite("What assistive technologies reach over the overlay")
struct OverlayAccessibilityTests {
    @Test("The tooltip's text, its buttons in logical order, then the target through the cutout")
    func order() {
        let layout = OverlayLayout(step: layeringToolbar, index: 1, of: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50), screen: phone, safeArea: phoneSafeArea)
        let elements = layout.accessibilityElements
        #expect(elements.first == .tooltip(label: layout.tooltip.accessibilityLabel, frame: layout.tooltip.onScreen(layout.tooltip.textFrame)))
        for element in elements where element != elements.first! {
            if case .button = element {
                #expect(elements.first!.frame.intersection(element.frame).map { $0.width * $0.height } ?? 0 == 0,
                        "the text's element does not cover a button")
            }
        }
        let buttons = elements.compactMap { element -> TooltipButton.Action? in
            if case .button(let button, _) = element { return button.action }
            return nil
        }
        #expect(buttons == [.skip, .back, .next])
        #expect(elements.last == .target(label: OverlayLabels.standard.text(.highlightedElement), frame: OverlayRect(x: 0, y: 760, width: 390, height: 50)))
        for element in elements.dropFirst().dropLast() {
            #expect(layout.tooltip.frame.contains(element.frame), "buttons are placed on the screen, inside the tooltip")
        }
        #expect(layout.rightToLeft().accessibilityElements.map(\.label) == elements.map(\.label), "the reading order does not depend on drawing order")
    }

    @Test("Only the target's part on the screen is reachable; a target off the screen is not", arguments: [
        (OverlayRect(x: 300, y: -20, width: 80, height: 60), OverlayRect(x: 300, y: 0, width: 80, height: 40) as OverlayRect?),
        (OverlayRect(x: 0, y: 2_000, width: 80, height: 60), nil),
    ])
    func target(frame: OverlayRect, expected: OverlayRect?) {
        let layout = OverlayLayout(step: layeringIntro, index: 0, of: 3, target: frame, screen: phone, safeArea: phoneSafeArea)
        let targets = layout.accessibilityElements.filter { if case .target = $0 { true } else { false } }
        #expect(targets.map(\.frame) == (expected.map { [$0] } ?? []))
    }
}
