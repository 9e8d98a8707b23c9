import Testing
@testable import Waypoint

/// Typed reading of a step's content, texts in the user's locale.
@Suite("Step content")
struct StepContentTests {
    static let content: [String: ContentValue] = [
        "headline": .text(.translations(["en": "Go premium", "de": "Premium holen"])),
        "plans": .array([.text("monthly"), .text(.translations(["en": "annual", "de": "jährlich"]))]),
        "trialDays": .number(7),
        "price": .number(4.99),
        "showsClose": .bool(true),
        "badge": .object(["text": .text(.translations(["en": "Best value", "de": "Bester Preis"])), "color": .text("gold")]),
        "mixed": .array([.text("a"), .number(1)]),
        "offers": .array([.object(["id": .text("a")]), .object(["id": .text("b")])]),
    ]

    @Test("Typed accessors read texts in the user's locale", arguments: [("de", "Premium holen", "jährlich", "Bester Preis"),
                                                                       ("en", "Go premium", "annual", "Best value"),
                                                                       ("fr", "Go premium", "annual", "Best value")])
    func accessors(_ locale: String, _ headline: String, _ plan: String, _ badge: String) {
        let content = StepContent(Self.content, localization: TextLocalization(preferredLocales: [locale], defaultLocale: "en"))
        #expect(content.string("headline") == headline)
        #expect(content.strings("plans") == ["monthly", plan])
        #expect(content.object("badge")?.string("text") == badge)
        #expect(content.object("badge")?.string("color") == "gold")
        #expect(content.integer("trialDays") == 7)
        #expect(content.number("price") == 4.99)
        #expect(content.bool("showsClose") == true)
        #expect(content.objects("offers")?.compactMap { $0.string("id") } == ["a", "b"])
        #expect(content["badge"] == .object(["text": .string(badge), "color": .string("gold")]))
    }

    @Test("An accessor of the wrong type or a missing key gives nil")
    func wrongTypes() {
        let content = StepContent(Self.content, localization: TextLocalization(preferredLocales: [], defaultLocale: "en"))
        #expect(content.string("trialDays") == nil)
        #expect(content.integer("price") == nil)
        #expect(content.bool("headline") == nil)
        #expect(content.strings("mixed") == nil)
        #expect(content.objects("plans") == nil)
        #expect(content.object("plans") == nil)
        #expect(content.array("mixed")?.count == 2)
        #expect(content.string("nothing") == nil)
        #expect(StepContent.empty.isEmpty)
        #expect(content.keys == ["badge", "headline", "mixed", "offers", "plans", "price", "showsClose", "trialDays"])
    }

    @MainActor
    @Test("The navigator gives the current step's content, and none for a step without it, before the start or after the end")
    func navigatorContent() async throws {
        let flow = Flow<Void>("paywall") {
            Step("offer").content(StepContent(["headline": "Go premium", "trialDays": 7]))
            Step("done")
        }
        let navigator = FlowNavigator(flow, context: ())
        #expect(navigator.currentContent.isEmpty)
        try await navigator.start()
        #expect(navigator.currentContent.string("headline") == "Go premium")
        #expect(navigator.currentContent.integer("trialDays") == 7)
        try navigator.next()
        #expect(navigator.currentScreen == "done")
        #expect(navigator.currentContent == .empty)
        try navigator.next()
        #expect(navigator.isCompleted && navigator.currentContent.isEmpty)
    }
}
