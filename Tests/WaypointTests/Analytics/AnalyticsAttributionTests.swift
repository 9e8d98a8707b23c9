import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

@MainActor
@Suite("Analytics attribution from a resolved document")
struct AnalyticsAttributionTests {
    static func everyFeature() throws -> WaypointDocument {
        try #require(WaypointDocument.validate(try DocumentFixtures.example("every-feature.json")).document)
    }

    /// The first user id whose resolution puts them in `variation` of the flow's experiment.
    static func user(in variation: String, of flow: String, _ document: WaypointDocument) throws -> (String, Resolution) {
        for number in 0..<500 {
            let id = "user-\(number)"
            let resolution = try document.resolve(attributes: ["id": .string(id), "country": "US"])
            if let choice = resolution.report.flows[flow], choice.inExperiment, choice.variation == variation {
                return (id, resolution)
            }
        }
        Issue.record("no user among 500 lands in \(variation)")
        throw CancellationError()
    }

    /// Runs `definition` to its end (or as far as `next` goes), then abandons it.
    static func run(_ definition: FlowDefinition<Attributes>, context: Attributes, analytics: (FlowNavigator<Attributes>) -> FlowAnalytics)
        async throws -> [OnboardingEvent]
    {
        let navigator = FlowNavigator(definition, context: context)
        let adapter = analytics(navigator)
        var seen: [OnboardingEvent] = []
        adapter.onEvent = { seen.append($0) }
        try await navigator.start()
        for _ in 0..<20 where !navigator.isCompleted {
            guard (try? navigator.next()) != nil else { break }
        }
        adapter.abandon()
        await adapter.waitForDelivery()
        return seen
    }

    @Test("Every event of a resolved flow carries the user's experiment and variation", arguments: ["control", "short"])
    func resolvedFlowCarriesItsVariation(variation: String) async throws {
        let document = try Self.everyFeature()
        let (id, resolution) = try Self.user(in: variation, of: "onboarding", document)
        let definition = try #require(resolution.flows["onboarding"])
        #expect(definition.experiment == ExperimentAssignment(experiment: "short-onboarding", variation: variation))
        let sink = InMemoryEventSink()
        let navigator = FlowNavigator(definition, context: ["id": .string(id), "country": "US"])
        let analytics = FlowAnalytics(navigator, userID: id, sink: sink)

        try await navigator.start()
        for _ in 0..<20 where !navigator.isCompleted {
            guard (try? navigator.next()) != nil else { break }
        }
        analytics.abandon()
        await analytics.waitForDelivery()

        let events = await sink.events
        #expect(events.count >= 3)
        #expect(events.allSatisfy { $0.experiment == "short-onboarding" && $0.variation == variation && $0.userID == id })
    }

    @Test("A user outside the experiment is attributed to none")
    func outsideTheExperiment() async throws {
        let document = try Self.everyFeature()
        let resolution = try document.resolve(attributes: ["id": "u-1", "country": "FR"])
        let definition = try #require(resolution.flows["onboarding"])
        #expect(definition.experiment == nil)
        let events = try await Self.run(definition, context: ["id": "u-1", "country": "FR"]) {
            FlowAnalytics($0, userID: "u-1")
        }
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.experiment == nil && $0.variation == nil })
    }

    @Test("An attribution the app gives wins over the flow's own")
    func explicitAttributionWins() async throws {
        let definition = Flow<Attributes>("signup") { Step("welcome") }
        var attributed = definition
        attributed.experiment = ExperimentAssignment(experiment: "document-test", variation: "b")
        let events = try await Self.run(attributed, context: [:]) {
            FlowAnalytics($0, attribution: EventAttribution(userID: "u", experiment: "app-test", variation: "a"))
        }
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.experiment == "app-test" && $0.variation == "a" })
    }

    @Test("A resolved walkthrough's events carry its experiment and variation")
    func resolvedWalkthroughCarriesItsVariation() async throws {
        let document = try Self.everyFeature()
        var found: (Resolution, String)?
        for number in 0..<500 where found == nil {
            let resolution = try document.resolve(attributes: ["id": .string("user-\(number)")])
            if let choice = resolution.report.walkthroughs["share-hint"], choice.inExperiment == true {
                found = (resolution, try #require(choice.variation))
            }
        }
        let (resolution, variation) = try #require(found)
        let walkthrough = try #require(resolution.walkthroughs["share-hint"])
        #expect(walkthrough.experiment == ExperimentAssignment(experiment: "share-copy", variation: variation))
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: Attributes(), store: InMemoryProgressStore())
        let analytics = WalkthroughAnalytics(hints, userID: "u")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        hints.anchorDidAppear("toolbar.share", present: { _ in })

        await hints.start()
        hints.next()

        #expect(seen.map(\.event.rawValue).prefix(3) == ["Experiment Viewed", "Walkthrough Started", "Hint Shown"])
        #expect(seen.allSatisfy { $0.experiment == "share-copy" && $0.variation == variation })
        withExtendedLifetime(analytics) {}
    }

    @Test("The app's version, set once in the attribution, is on every event of a flow, with the resolved variation")
    func flowEventsCarryTheAppVersion() async throws {
        let document = try Self.everyFeature()
        let (id, resolution) = try Self.user(in: "short", of: "onboarding", document)
        let definition = try #require(resolution.flows["onboarding"])
        let events = try await Self.run(definition, context: ["id": .string(id), "country": "US"]) {
            FlowAnalytics($0, attribution: EventAttribution(userID: id, appVersion: "2.4.1"))
        }
        #expect(events.count >= 3)
        #expect(events.allSatisfy {
            $0.appVersion == "2.4.1" && $0.experiment == "short-onboarding" && $0.variation == "short" && $0.userID == id
        })
        #expect(events.allSatisfy { $0.jsonLine.hasSuffix(#","appVersion":"2.4.1"}"#) })
        // Without one, no event has the field.
        let plain = try await Self.run(definition, context: ["id": .string(id), "country": "US"]) { FlowAnalytics($0, userID: id) }
        #expect(!plain.isEmpty)
        #expect(plain.allSatisfy { $0.appVersion == nil && !$0.jsonLine.contains("appVersion") })
    }

    @Test("Filling in a definition's experiment keeps the app's version; an app's own experiment is kept too")
    func fillingKeepsTheAppVersion() {
        let assignment = ExperimentAssignment(experiment: "short-signup", variation: "short")
        let filled = EventAttribution(userID: "u", appVersion: "3.0").filling(assignment)
        #expect(filled == EventAttribution(userID: "u", experiment: "short-signup", variation: "short", appVersion: "3.0"))
        let own = EventAttribution(userID: "u", experiment: "mine", variation: "a", appVersion: "3.0")
        #expect(own.filling(assignment) == own)
        #expect(EventAttribution(userID: "u", appVersion: "3.0").filling(nil).appVersion == "3.0")
    }

    @Test("A walkthrough's events carry the app's version with the walkthrough's experiment")
    func walkthroughEventsCarryTheAppVersion() async throws {
        let document = try Self.everyFeature()
        var found: Resolution?
        for number in 0..<500 where found == nil {
            let resolution = try document.resolve(attributes: ["id": .string("user-\(number)")])
            if resolution.report.walkthroughs["share-hint"]?.inExperiment == true { found = resolution }
        }
        let walkthrough = try #require(found?.walkthroughs["share-hint"])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: Attributes(), store: InMemoryProgressStore())
        let analytics = WalkthroughAnalytics(hints, attribution: EventAttribution(userID: "u", appVersion: "2.5.0-beta.1"))
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        hints.anchorDidAppear("toolbar.share", present: { _ in })

        await hints.start()
        hints.next()

        #expect(seen.map(\.event.rawValue).prefix(3) == ["Experiment Viewed", "Walkthrough Started", "Hint Shown"])
        #expect(seen.allSatisfy { $0.appVersion == "2.5.0-beta.1" && $0.experiment == "share-copy" && $0.variation != nil })
        withExtendedLifetime(analytics) {}
    }

    @Test("Events carry the locale the document's text was shown in, and the platform the attribution names")
    func eventsCarryTheLocaleAndThePlatform() async throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
        // The attribute `locale` falls back by truncation; a locale the document lacks gets its default.
        for (asked, shown) in [("de-AT", "de"), ("fr", "en"), ("EN", "en")] {
            let context: Attributes = ["id": "u-1", "locale": .string(asked)]
            let resolution = try document.resolve(attributes: context, preferredLanguages: [])
            let definition = try #require(resolution.flows["upgrade"])
            #expect(definition.locale == shown)
            #expect(resolution.walkthroughs["layering"]?.locale == shown)
            let events = try await Self.run(definition, context: context) {
                FlowAnalytics($0, attribution: EventAttribution(userID: "u-1", platform: "iPadOS"))
            }
            #expect(!events.isEmpty)
            #expect(events.allSatisfy { $0.locale == shown && $0.platform == "iPadOS" }, "\(asked)")
            #expect(events.allSatisfy { $0.jsonLine.hasSuffix(#","locale":"\#(shown)","platform":"iPadOS"}"#) })
            // A locale the app names wins over the document's choice.
            let own = try await Self.run(definition, context: context) {
                FlowAnalytics($0, attribution: EventAttribution(userID: "u-1", locale: "es-MX", platform: nil))
            }
            #expect(own.allSatisfy { $0.locale == "es-MX" && $0.platform == nil })
        }
        // A document without localized text leaves the locale out; the platform defaults to this build's.
        let plain = try #require(try Self.everyFeature().resolve(attributes: ["id": "u-1", "locale": "de"]).flows["onboarding"])
        #expect(plain.locale == nil)
        #expect(EventAttribution(userID: "u").platform == EventAttribution.currentPlatform)
        #if os(Linux)
        #expect(EventAttribution.currentPlatform == nil)
        #elseif os(macOS)
        #expect(EventAttribution.currentPlatform == "macOS")
        #endif
    }
}
