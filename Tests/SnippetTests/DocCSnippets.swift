import Foundation
import Testing
import Waypoint
import WaypointTesting
import WaypointTools

// The Swift snippets of the DocC articles, each between `// snippet:begin` and `// snippet:end` inside the
// code that gives it its context; SnippetSyncTests checks that every snippet of the docs is one of these.

struct Account: Sendable {
    var isInvited = false
    var notificationsAuthorized: Bool?
}

struct User: Hashable, Sendable, Codable {
    var id = "u-123"
    var isNew = true
}

struct Editor: Sendable {}

enum DeclaringFlowsSnippets {
    static func steps() -> FlowDefinition<Account> {
        // snippet:begin
        let signup = Flow<Account>("signup") {
            Step("splash")
                .on("login", to: "login")
                .on("register", to: "registration")
                .on("loggedIn", to: .complete)
            Step("login").on("next", to: .complete)
            Step("registration")
                .on("newUser", to: "personalization")
                .on("existingUser", to: .complete)
            Step("personalization")
        }
        // snippet:end
        return signup
    }

    static func condition() -> FlowDefinition<Account> {
        Flow<Account>("conditional") {
            // snippet:begin
            Step("notifications").when { $0.notificationsAuthorized != true }
            // snippet:end
        }
    }

    static func built() -> FlowDefinition<Account> {
        // snippet:begin
        let team = Flow<Account>("team") { account in
            Step("welcome")
            if account.isInvited { Step("accept-invite") } else { Step("create-team") }
            Step("done")
        }
        // snippet:end
        return team
    }

    static func subflow() -> FlowDefinition<Account> {
        Flow<Account>("with-end") {
            // snippet:begin
            let end = Flow<Account>("end") { Step("e"); Step("f"); Step("g") }
            Step("shared-end", subflow: end)
            // snippet:end
        }
    }
}

enum MeasuringDropOffSnippets {
    @MainActor
    static func queue(
        document: WaypointDocument, attributes: Attributes, store: any ProgressStore, eventsDirectory: URL,
        uploader: any EventSink, user: User
    ) async throws {
        // snippet:begin
        let queue = try DurableEventQueue(directory: eventsDirectory, sink: uploader)
        let resolution = try document.resolve(attributes: attributes)
        guard let signup = resolution.flows["signup"] else { return }
        let navigator = FlowNavigator(signup, context: attributes, store: store)
        let analytics = FlowAnalytics(navigator, userID: user.id, sink: queue)
        try await navigator.start()
        // snippet:end
        // snippet:begin
        Task {
            for await failure in analytics.deliveryFailures() {
                print("Events not delivered yet: \(failure)")
            }
        }
        // snippet:end
    }

    static func funnel(eventsURL: URL, document: WaypointDocument) throws {
        // snippet:begin
        // In a tool that links WaypointTools:
        let query = FunnelQuery(flowID: "signup", groupByVariation: true,
                                declaredSteps: document.reportedStepIDs(ofFlow: "signup"))
        if case .flow(let report) = try Funnel.compute(file: eventsURL, query: query) {
            for step in report.steps { print(step.stepID, step.viewed, step.skipped, step.droppedHere) }
        }
        // snippet:end
    }

    static func scope(eventsURL: URL, document: WaypointDocument) throws {
        // snippet:begin
        let scope = try ReportScope.parse(revision: "3", since: "2026-11-17", until: "2026-11-24")
        let query = FunnelQuery(flowID: "signup", document: document, scope: scope)
        if case .flow(let report) = try Funnel.compute(file: eventsURL, query: query) {
            print(report.overall.started, report.overall.completed, report.overall.inProgress)
            for step in report.steps { print(step.stepID, step.viewed, step.droppedHere, step.dropRate ?? 0) }
        }
        // snippet:end
    }

    @MainActor
    static func appVersion(navigator: FlowNavigator<Attributes>, queue: DurableEventQueue, user: User) {
        // snippet:begin
        let attribution = EventAttribution(userID: user.id, appVersion: "2.4.1")
        let analytics = FlowAnalytics(navigator, attribution: attribution, sink: queue)
        // snippet:end
        _ = analytics
    }

    static func walkthroughReport(eventsURL: URL, document: WaypointDocument) throws {
        // snippet:begin
        let query = WalkthroughQuery(walkthroughID: "layering",
                                     declaredSteps: document.reportedStepIDs(ofWalkthrough: "layering"))
        let report = try WalkthroughReport.compute(file: eventsURL, query: query)
        for step in report.steps {
            print(step.stepID, step.shown, step.completedBy, step.skippedBy, step.targetNotFound, step.droppedHere)
        }
        // snippet:end
    }
}

enum OverlaysSnippets {
    static func layout(intro: WalkthroughStep<Editor>) {
        // snippet:begin
        let layout = OverlayLayout(
            step: intro, index: 0, of: 3,
            target: OverlayRect(x: 326, y: 56, width: 44, height: 44),
            screen: OverlaySize(width: 390, height: 844), safeArea: Insets(top: 47, bottom: 34))

        layout.cutout.hole          // .circle(center:radius:): the screen minus it is dimmed
        layout.arrow?.tip           // on the circle, under the button
        // snippet:end
    }

    static func labels(intro: WalkthroughStep<Editor>) {
        // snippet:begin
        var style = OverlayStyle()
        style.labels = OverlayLabels(locale: Locale(identifier: "de"), overrides: [.skip: "Später"])
        let layout = OverlayLayout(
            step: intro, index: 0, of: 3,
            target: OverlayRect(x: 326, y: 56, width: 44, height: 44),
            screen: OverlaySize(width: 390, height: 844), style: style)

        // The tooltip counts "1 von 3"; its buttons read "Später" rather than "Überspringen"
        // snippet:end
        _ = layout
    }
}

enum ReadmeSnippets {
    static func preview(intro: WalkthroughStep<Editor>) -> String {
        // snippet:begin
        let svg = OverlaySVG.document(step: intro, index: 0, of: 3,
                                      screen: OverlaySize(width: 390, height: 844), target: OverlayRect(x: 326, y: 56, width: 44, height: 44),
                                      safeArea: Insets(top: 47, bottom: 34))
        // snippet:end
        return svg
    }
}

enum ServingTheDocumentSnippets {
    static func validate(data: Data) {
        // snippet:begin
        let validation = WaypointDocument.validate(data)
        for diagnostic in validation.diagnostics {
            print(diagnostic.formatted(file: "waypoint.json"))
            // waypoint.json:14:30: error: `left` is not a tooltip position; use `above`, `below` or `auto` [bad-value]
        }
        guard let document = validation.document else { return }
        // snippet:end
        _ = document
    }

    @MainActor
    static func resolve(document: WaypointDocument, attributes: Attributes, store: any ProgressStore) throws {
        // snippet:begin
        let resolution = try document.resolve(attributes: ["id": "u-123", "country": "CA"])
        let signup = resolution.flows["signup"]!             // a FlowDefinition<Attributes>
        let navigator = FlowNavigator(signup, context: attributes, store: store)
        // snippet:end
        _ = navigator
    }

    @MainActor
    static func content(document: WaypointDocument, attributes: Attributes, store: any ProgressStore) async throws {
        // snippet:begin
        let resolution = try document.resolve(attributes: ["id": "u-123", "locale": "pt-BR"])
        let navigator = FlowNavigator(resolution.flows["onboarding"]!, context: attributes, store: store)
        try await navigator.start()
        let content = navigator.currentContent                  // the current step's content, in Portuguese
        let headline = content.string("headline") ?? "Go premium"
        let trialDays = content.integer("trialDays") ?? 7
        // snippet:end
        _ = (headline, trialDays)
    }

    @MainActor
    static func experimentContent(document: WaypointDocument, attributes: Attributes, store: any ProgressStore) async throws {
        // snippet:begin
        let resolution = try document.resolve(attributes: ["id": "u-7", "locale": "de-AT"])
        let upgrade = resolution.flows["upgrade"]!
        let variation = upgrade.stepExperiments.first?.assignment.variation   // "control" or "annual-first"
        let navigator = FlowNavigator(upgrade, context: attributes, store: store)
        try await navigator.start()                             // features
        try navigator.next()                                    // paywall: exposed to paywall-copy here
        let content = navigator.currentContent                  // German: de-AT falls back to de
        let headline = content.string("headline") ?? "Go premium"
        let trialDays = content.integer("trialDays") ?? 7
        // snippet:end
        _ = (variation, headline, trialDays)
    }

    static func variation(document: WaypointDocument) throws {
        // snippet:begin
        let annualFirst = try document.applying(variation: "annual-first", of: "paywall-copy")
        let paywall = annualFirst.flows.first { $0.id == "onboarding" }?.steps.first { $0.id == "paywall" }
        print(paywall?.screen ?? "")                            // PaywallAnnual
        // snippet:end
    }
}

enum TypedStateMachinesSnippets {
    enum Outcome: Hashable, Sendable, Codable {
        case wantsToLogIn, wantsToRegister, loggedIn(User), registered(User), personalized(User)
    }

    static func machine() {
        // snippet:begin
        enum SignUp: Hashable, Sendable, Codable {
            case splash, login, registration, personalization(User), complete(User)
        }

        let machine = StateMachine<SignUp, Outcome>("signup", initial: .splash, isFinal: {
            if case .complete = $0 { true } else { false }
        }) { step, outcome in
            switch (step, outcome) {
            case (.splash, .wantsToLogIn): .login
            case (.splash, .wantsToRegister): .registration
            case (.login, .loggedIn(let user)): .complete(user)
            case (.registration, .registered(let user)): user.isNew ? .personalization(user) : .complete(user)
            case (.personalization, .personalized(let user)): .complete(user)
            default: nil
            }
        }
        // snippet:end
        _ = machine
    }
}

enum WalkthroughsSnippets {
    @MainActor
    static func coordinator(editor: Editor, store: any ProgressStore, showTooltip: @escaping @MainActor (HintPresentation) -> Void) async {
        // snippet:begin
        let layering = Walkthrough<Editor>(id: "layering", version: 2, maxDisplayCount: 3, steps: [
            WalkthroughStep(id: "intro", targetElementId: "editor.layersButton",
                            highlightShape: .circle(), tooltipText: "Your layers live here",
                            completionTrigger: .tap(elementId: "editor.layersButton")),
            WalkthroughStep(id: "cell", targetElementId: "layers.firstCell",
                            highlightShape: .rectangle(cornerRadius: 8), tooltipText: "Drag to reorder",
                            completionTrigger: .timer(seconds: 4)),
        ])

        let hints = HintCoordinator(catalog: WalkthroughCatalog([layering]), context: editor, store: store)
        hints.anchorDidAppear("editor.layersButton", present: { presentation in showTooltip(presentation) })
        await hints.start()
        // snippet:end
    }
}

enum RemoteServerSnippets {
    @MainActor
    static func remote(server: URL, caches: URL, bundledData: Data) throws -> Task<Void, Never> {
        // snippet:begin
        let remote = RemoteDocument(
            configuration: .init(server: server, key: "wps_live_key", directory: caches.appendingPathComponent("waypoint")),
            bundled: try WaypointDocument(validating: bundledData))
        let resolution = try remote.current.document.resolve(attributes: ["id": "u-123"])
        let refresher = Task { await remote.run() }
        // snippet:end
        _ = resolution
        return refresher
    }

    static func events(server: URL, caches: URL) throws -> Task<Void, Never> {
        // snippet:begin
        let sink = HTTPEventSink(configuration: .init(server: server, key: "wps_live_key"))
        let queue = try DurableEventQueue(directory: caches.appendingPathComponent("events"), sink: sink)
        let pump = Task { await queue.run() }
        // snippet:end
        return pump
    }
}

enum AddingWaypointToAnAppSnippets {
    static func attributes(user: User, launchCount: Int) -> Attributes {
        // snippet:begin
        let attributes: Attributes = [
            "id": .string(user.id),
            "country": .string(Locale.current.region?.identifier ?? "unknown"),
            "appLaunches": .number(Double(launchCount)),
            "isNew": .bool(user.isNew),
        ]
        // snippet:end
        return attributes
    }

    @MainActor
    static func run(
        server: URL, caches: URL, bundledData: Data, attributes: Attributes, progress: URL
    ) async throws {
        // snippet:begin
        let remote = RemoteDocument(
            configuration: .init(server: server, key: "wps_live_key", directory: caches.appendingPathComponent("waypoint")),
            bundled: try WaypointDocument(validating: bundledData))
        let refresher = Task { await remote.run() }
        let resolution = try remote.current.document.resolve(attributes: attributes)
        guard let onboarding = resolution.flows["onboarding"] else { return }
        let navigator = FlowNavigator(onboarding, context: attributes, store: try FileProgressStore(directory: progress))
        try await navigator.start()
        // snippet:end
        refresher.cancel()
        _ = navigator
    }

    @MainActor
    static func outcomes(navigator: FlowNavigator<Attributes>) throws {
        // snippet:begin
        // The sleep-goal screen's buttons:
        try navigator.next("sleep")     // the user picked "Sleep better"
        try navigator.next()            // "Continue": the outcome `next`
        try navigator.back()
        // snippet:end
    }

    @MainActor
    static func deliver(
        navigator: FlowNavigator<Attributes>, server: URL, caches: URL, user: User, appVersion: String
    ) async throws {
        // snippet:begin
        let sink = HTTPEventSink(configuration: .init(server: server, key: "wps_live_key"))
        let queue = try DurableEventQueue(directory: caches.appendingPathComponent("events"), sink: sink)
        let analytics = FlowAnalytics(navigator, attribution: EventAttribution(userID: user.id, appVersion: appVersion), sink: queue)
        let pump = Task { await queue.run() }
        // snippet:end
        // snippet:begin
        await analytics.waitForDelivery()   // every event so far is in the queue, on disk
        _ = try? await queue.flush()        // and sent now, when the server can be reached
        // snippet:end
        pump.cancel()
    }
}

/// The snippet of the WaypointTesting landing page, run as a test.
@Suite struct WaypointTestingSnippets {
    let signup = DeclaringFlowsSnippets.steps()

    // snippet:begin
    @Test func newUsersArePersonalized() throws {
        var tester = try FlowTester(signup, context: Account())
        try tester.run("register", "newUser")
        #expect(tester.current == "personalization")
        #expect(tester.visited == ["splash", "registration", "personalization"])
    }
    // snippet:end
}
