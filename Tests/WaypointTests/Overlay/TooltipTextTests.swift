import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// A measurer where every character is one point wide and every line ten points tall.
struct UnitMeasurer: TextMeasurer {
    func width(of text: String, role: TextRole) -> Double { Double(text.count) }
    func lineHeight(for role: TextRole) -> Double { 10 }
}

@Suite("Tooltip text: wrapping, measuring and content")
struct TooltipTextTests {
    @Test("Greedy word wrap", arguments: [
        ("aa bb cc", 5.0, ["aa bb", "cc"]),
        ("aa bb cc", 8.0, ["aa bb cc"]),
        ("aa bb cc", 4.0, ["aa", "bb", "cc"]),
        ("abcdefghij", 4.0, ["abcd", "efgh", "ij"]),
        ("ab abcdefghij c", 4.0, ["ab", "abcd", "efgh", "ij c"]),
        ("  spaced   out  ", 20.0, ["spaced out"]),
        ("one\n\ntwo", 10.0, ["one", "", "two"]),
        ("\n\nlead and trail\n\n", 20.0, ["lead and trail"]),
        ("", 10.0, []),
        ("abc", 0.0, ["a", "b", "c"]),
    ])
    func wraps(text: String, width: Double, expected: [String]) {
        let block = UnitMeasurer().wrap(text, role: .body, maxWidth: width)
        #expect(block.lines == expected)
        #expect(block.widths == expected.map { Double($0.count) })
        #expect(block.size == OverlaySize(width: expected.map { Double($0.count) }.max() ?? 0, height: Double(expected.count) * 10))
    }

    @Test("A wrapped line is never wider than the limit unless it is a single character")
    func wrappedLinesFit() {
        var random = OverlayRandom(seed: 7)
        let measurer = ApproximateTextMeasurer()
        for _ in 0..<500 {
            let text = (0..<random.int(1...30)).map { _ in OverlayCase.words[random.int(0...OverlayCase.words.count - 1)] }
                .joined(separator: random.chance(0.1) ? "\n" : " ")
            let limit = random.double(10...400)
            let block = measurer.wrap(text, role: .body, maxWidth: limit)
            for (line, width) in zip(block.lines, block.widths) {
                #expect(width <= limit || line.count == 1, "'\(line)' is \(width) wide, limit \(limit)")
            }
            let words = text.split { $0.isWhitespace }.joined()
            #expect(block.lines.joined().replacingOccurrences(of: " ", with: "") == words, "no character is lost")
        }
    }

    @Test("The approximate measurer counts columns: wide characters twice, combining marks not at all")
    func approximateWidths() {
        let measurer = ApproximateTextMeasurer()
        let column = 0.56 * 16
        #expect(measurer.width(of: "abc", role: .body) == 3 * column)
        #expect(measurer.width(of: "図層", role: .body) == 4 * column)
        #expect(measurer.width(of: "🎨", role: .body) == 2 * column)
        #expect(measurer.width(of: "e\u{301}", role: .body) == column)
        #expect(measurer.width(of: "abc", role: .button) == 3 * 0.56 * 15)
        #expect(measurer.lineHeight(for: .body) == 16 * 1.3)
        #expect(measurer.lineHeight(for: .progress) == 13 * 1.3)
    }

    @Test("Buttons and instruction follow the trigger", arguments: [
        (CompletionTrigger.button, nil as String?, ["Skip", "Back", "Next"]),
        (.tap(elementId: "x"), "Tap the highlighted element", ["Skip", "Back"]),
        (.swipe(.left), "Swipe left", ["Skip", "Back"]),
        (.timer(seconds: 4), "Continues in 4 s", ["Skip", "Back"]),
        (.timer(seconds: 2.5), "Continues in 2.5 s", ["Skip", "Back"]),
        (.event(name: "exported"), "Waiting for “exported”", ["Skip", "Back"]),
    ])
    func contentFollowsTrigger(trigger: CompletionTrigger, instruction: String?, titles: [String]) {
        let content = TooltipContent(text: "Hi", trigger: trigger, canSkip: true, canGoBack: true, number: 2, count: 5)
        #expect(content.instruction == instruction)
        #expect(content.buttons.map(\.title) == titles)
        #expect(content.progress == "2 of 5")
    }

    @Test("Skip only when the step can be skipped, Back after the first step, Done on the last")
    func buttonsFollowStep() {
        let first = TooltipContent(layeringToolbar, index: 0, of: 3)
        #expect(first.buttons.map(\.action) == [.skip, .next])
        let last = TooltipContent(layeringToolbar, index: 2, of: 3)
        #expect(last.buttons == [.skip, .back, .done])
        let cell = TooltipContent(layeringPanelCell, index: 1, of: 3)
        #expect(cell.buttons == [.back])
        #expect(cell.instruction == "Continues in 4 s")
        #expect(TooltipContent(layeringIntro, index: 0, of: 1).progress == nil, "a single step shows no progress")
    }

    @Test("The content of a presentation carries its Back, progress and trigger")
    func contentOfPresentation() {
        let presentation = HintPresentation(
            hint: HintID(walkthroughId: "layering", stepId: "toolbar"), anchorId: "editor.bottomToolbar",
            tooltipText: "Blend modes", tooltipPosition: .above, highlightShape: .rectangle(cornerRadius: 12),
            completionTrigger: .button, canSkip: false, canGoBack: true, stepNumber: 3, stepCount: 3)
        let content = TooltipContent(presentation)
        #expect(content == TooltipContent(text: "Blend modes", instruction: nil, progress: "3 of 3", buttons: [.back, .done]))
        #expect(content.accessibilityLabel == "Blend modes. Step 3 of 3.")
        #expect(TooltipContent(layeringIntro, index: 0, of: 3).accessibilityLabel
                == "Your layers live here. Tap the highlighted element. Step 1 of 3.")
    }

    @Test("Numbers have at most two decimals, a dot, and no minus zero", arguments: [
        (0.0, "0"), (-0.001, "0"), (12.0, "12"), (12.5, "12.5"), (0.333, "0.33"), (0.05, "0.05"),
        (-4.1, "-4.1"), (1.999, "2"), (100.0, "100"), (Double.nan, "0"), (Double.infinity, "0"), (-0.5, "-0.5"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(NumberText.format(value) == expected)
    }
}
