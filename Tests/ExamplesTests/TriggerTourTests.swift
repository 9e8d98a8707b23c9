import Foundation
import Testing
import Waypoint
import WaypointExamples

@MainActor
@Suite("Data-driven walkthrough")
struct TriggerTourTests {
    typealias Example = TriggerTourExample
    typealias Anchor = Example.Anchor

    @Test("Tap, swipe, timer, event and button each advance the tour; every step is logged with its duration")
    func everyTrigger() async throws {
        let log = try await Example.run { _ in }

        #expect(log.map(\.description) == [
            "Walkthrough Started",
            "Hint Shown open-photo",
            "Hint Completed open-photo (tap, 0 ms)",
            "Hint Shown swipe",
            "Hint Completed swipe (swipe, 1500 ms)",
            "Hint Shown caption",
            "Hint Completed caption (timer, 3000 ms)",
            "Hint Shown share",
            "Hint Completed share (event, 2000 ms)",
            "Target Not Found edit (targetTimeout, 5000 ms)",
            "Hint Shown done",
            "Hint Completed done (button, 0 ms)",
            "Walkthrough Completed (11500 ms)",
        ])
    }

    @Test("Inputs that are not the step's trigger are ignored", arguments: [
        ("swipe", "tap elsewhere"), ("swipe", "swipe right"), ("swipe", "next"), ("share", "next"), ("share", "other event"),
    ])
    func wrongInputsIgnored(step: String, input: String) async {
        let app = Example.PhotoApp()
        await app.start()
        app.tap(Anchor.firstPhoto)
        if step == "share" {
            app.swipe(.left)
            await app.wait(seconds: 3)
        }
        #expect(app.tooltip?.hint.stepId == step)
        switch input {
        case "tap elsewhere": app.tap(Anchor.caption)
        case "swipe right": app.swipe(.right)
        case "next": app.next()
        default: app.hints.event("photoLiked")
        }
        #expect(app.tooltip?.hint.stepId == step)
        #expect(app.hints.diagnostics.last?.kind == .ignoredSignal)
    }

    @Test("The edit step shows to paid users and is skipped as Target Not Found for others", arguments: [true, false])
    func waitForTargetWithTimeout(isPro: Bool) async {
        let app = Example.PhotoApp(viewer: .init(isPro: isPro))
        await app.start()
        app.tap(Anchor.firstPhoto)
        app.swipe(.left)
        await app.wait(seconds: 3)
        app.share()
        if isPro {
            #expect(app.tooltip?.hint.stepId == "edit")
        } else {
            #expect(app.tooltip == nil)
            await app.wait(seconds: 4.9)
            #expect(app.tooltip == nil)
            await app.wait(seconds: 0.1)
            #expect(app.tooltip?.hint.stepId == "done")
            #expect(app.log.contains { $0.event == "Target Not Found" && $0.stepId == "edit" })
        }
    }

    @Test("The tooltip carries the step's data: shape, position, trigger and progress")
    func presentationCarriesTheData() async {
        let app = Example.PhotoApp()
        await app.start()
        app.tap(Anchor.firstPhoto)
        let swipe = app.tooltip
        #expect(swipe?.anchorId == Anchor.photo)
        #expect(swipe?.highlightShape == .rectangle(cornerRadius: 16, padding: 0))
        #expect(swipe?.tooltipPosition == .auto)
        #expect(swipe?.completionTrigger == .swipe(.left))
        #expect(swipe?.progressText == "2 of 6")
        #expect(swipe?.canGoBack == true)
    }

    @Test("Steps are data: shapes, positions and triggers use the document's JSON forms")
    func documentForms() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

        let steps = Example.tour.steps
        #expect(try steps.map { try json($0.completionTrigger) } == [
            #"{"elementId":"gallery.firstPhoto","type":"tap"}"#,
            #"{"direction":"left","type":"swipe"}"#,
            #"{"seconds":3,"type":"timer"}"#,
            #"{"name":"photoShared","type":"event"}"#,
            #"{"type":"button"}"#,
            #"{"type":"button"}"#,
        ])
        #expect(try json(steps[0].highlightShape) == #"{"padding":8,"type":"circle"}"#)
        #expect(try json(steps[1].highlightShape) == #"{"cornerRadius":16,"padding":0,"type":"rectangle"}"#)
        #expect(try json(steps[2].tooltipPosition) == #""above""#)

        let decoded = try JSONDecoder().decode([CompletionTrigger].self, from: Data(
            #"[{"type":"tap","elementId":"x"},{"type":"swipe","direction":"up"},{"type":"timer","seconds":4},{"type":"event","name":"e"},{"type":"button"}]"#.utf8))
        #expect(decoded == [.tap(elementId: "x"), .swipe(.up), .timer(seconds: 4), .event(name: "e"), .button])
        let shape = try JSONDecoder().decode(HighlightShape.self, from: Data(#"{"type":"rectangle"}"#.utf8))
        #expect(shape == .rectangle(cornerRadius: 0, padding: 8))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CompletionTrigger.self, from: Data(#"{"type":"shake"}"#.utf8))
        }
    }
}
