import Foundation
import Testing
import TestSupport
@testable import Waypoint

/// Resolution of a document for a user: entries by experiment, eligibility, and the values built.
@Suite("Document resolution")
struct DocumentResolutionTests {
    static func everyFeature() throws -> WaypointDocument {
        try #require(WaypointDocument.validate(try DocumentFixtures.example("every-feature.json")).document)
    }

    /// The assignment the rules engine gives, computed independently of the resolver.
    static func expected(_ document: WaypointDocument, _ key: String, _ attributes: Attributes) throws -> ExperimentResult {
        try #require(document.experiment(key)).experiment.assign(attributes: attributes)
    }

    @Test("A user in the experiment gets the entry of their variation", arguments: ["u-1", "u-2", "u-3", "u-42", "user-1000"])
    func inExperiment(_ id: String) throws {
        let document = try Self.everyFeature()
        let attributes: Attributes = ["id": .string(id), "country": "US"]
        let resolution = try document.resolve(attributes: attributes)
        let result = try Self.expected(document, "short-onboarding", attributes)
        let choice = try #require(resolution.report.flows["onboarding"])
        #expect(choice.experiment == "short-onboarding")
        #expect(choice.variation == result.variationName)
        #expect(choice.inExperiment == result.inExperiment)
        #expect(choice.hashValue == Bucketing.hash(seed: "short-onboarding-2026", value: id, version: 2))
        let steps = try #require(resolution.flows["onboarding"]?.fixedSteps).map(\.id)
        if result.inExperiment && result.variationName == "short" {
            #expect(steps == ["welcome", "shared-end"])
        } else {
            #expect(steps == ["welcome", "role", "join-team", "create-team", "interests", "health", "shared-end"])
        }
    }

    @Test("A user outside the experiment gets the first variation's entry, with their hash")
    func outsideExperiment() throws {
        let document = try Self.everyFeature()
        let resolution = try document.resolve(attributes: ["id": "u-1", "country": "FR"])
        let choice = try #require(resolution.report.flows["onboarding"])
        #expect(choice == ResolutionReport.FlowChoice(
            experiment: "short-onboarding", variation: "control", inExperiment: false,
            hashValue: Bucketing.hash(seed: "short-onboarding-2026", value: "u-1", version: 2),
            exclusionReason: #"the experiment's condition is false: `country` is "FR", which does not match {"$in":["US","CA","GB"]}"#))
        #expect(resolution.flows["onboarding"]?.start == "welcome")
        let anonymous = try document.resolve(attributes: ["country": "US"])
        #expect(anonymous.report.flows["onboarding"] == ResolutionReport.FlowChoice(
            experiment: "short-onboarding", variation: "control", inExperiment: false, hashValue: nil,
            exclusionReason: #"no `id` attribute to hash; give one, such as {"id":"u-123"}"#))
        #expect(anonymous.report.flows["end"] == ResolutionReport.FlowChoice(inExperiment: false))
    }

    @Test("Assignment is sticky: the same attributes, or attributes that no rule reads, give the same answer")
    func sticky() throws {
        let document = try Self.everyFeature()
        var variations: Set<String> = []
        for number in 0..<300 {
            let attributes: Attributes = ["id": .string("user-\(number)"), "country": "CA"]
            let first = try document.resolve(attributes: attributes).report
            #expect(try document.resolve(attributes: attributes).report == first)
            var changed = attributes
            changed["appLaunches"] = .number(Double(number))
            #expect(try document.resolve(attributes: changed).report.flows == first.flows)
            if let variation = first.flows["onboarding"]?.variation, first.flows["onboarding"]?.inExperiment == true {
                variations.insert(variation)
            }
        }
        // Different ids land in both variations: the answer depends on the hash attribute.
        #expect(variations == ["control", "short"])
    }

    @Test("Walkthrough eligibility follows `when`, and entries follow their experiment")
    func walkthroughs() throws {
        let document = try Self.everyFeature()
        let early = try document.resolve(attributes: ["id": "u-1", "appLaunches": 1, "plan": "pro"])
        #expect(early.report.walkthroughs["editor-tour"] == ResolutionReport.WalkthroughChoice(
            eligible: false, ineligibilityReason: #"its condition is false: `appLaunches` is 1, which does not match {"$gte":2}"#))
        let later = try document.resolve(attributes: ["id": "u-1", "appLaunches": 2, "plan": "pro"])
        #expect(later.report.walkthroughs["editor-tour"]?.eligible == true)

        let attributes: Attributes = ["id": "u-7"]
        let share = try #require(later.report.walkthroughs["share-hint"])
        let result = try Self.expected(document, "share-copy", ["id": "u-1"])
        #expect(share.experiment == "share-copy" && share.variation == result.variationName && share.inExperiment == result.inExperiment)
        let other = try document.resolve(attributes: attributes)
        let otherResult = try Self.expected(document, "share-copy", attributes)
        let text = other.walkthroughs["share-hint"]?.steps.first?.tooltipText
        #expect(text == (otherResult.variationName == "playful" ? "Show it off!" : "Share your work"))
    }

    @Test("The built walkthrough carries every field and evaluates its conditions")
    func builtWalkthrough() throws {
        let resolution = try Self.everyFeature().resolve(attributes: ["id": "u-1"])
        let tour = try #require(resolution.walkthroughs["editor-tour"])
        #expect(tour.version == 2 && tour.maxDisplayCount == 3)
        #expect(tour.steps.map(\.id) == ["layers", "reorder", "autosave", "export", "thanks"])
        #expect(tour.condition?(["appLaunches": 5, "plan": "free"]) == true)
        #expect(tour.condition?(["appLaunches": 5, "plan": "team"]) == false)
        let reorder = tour.steps[1]
        #expect(reorder.highlightShape == .rectangle(cornerRadius: 8, padding: 6))
        #expect(reorder.completionTrigger == .swipe(.up) && reorder.tooltipPosition == .above && !reorder.canSkip)
        #expect(reorder.targetTimeout == .seconds(10))
        #expect(tour.steps[3].condition?(["plan": "pro"]) == true)
        #expect(tour.steps[3].condition?(["plan": "free"]) == false)
        #expect(tour.steps[0].condition == nil && tour.steps[0].targetTimeout == nil)
    }

    @Test("The built flow has the entry's steps, outcomes, conditions and subflows")
    func builtFlow() throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
        let resolution = try document.resolve(attributes: ["id": "u-1"])
        let signup = try #require(resolution.flows["signup"])
        #expect(signup.id == "signup" && signup.version == 1 && signup.start == "splash")
        let steps = try #require(signup.fixedSteps)
        #expect(steps.map(\.id) == ["splash", "login", "registration", "personalization", "shared-end"])
        #expect(steps[0].acceptedOutcomes == ["login", "register", "loggedIn"])
        #expect(steps[0].declaredDestination(for: "loggedIn") == .complete)
        #expect(steps[0].screen == "Splash")
        #expect(steps[3].condition?.evaluate(["country": "CA"]) == true)
        #expect(steps[3].condition?.evaluate(["country": "FR"]) == false)
        #expect(steps[3].condition?.label == #"{"country":{"$in":["US","CA"]}}"#)
        #expect(steps[4].subflow?.id == "end-flow")
        #expect(steps[4].subflow?.fixedSteps?.map(\.id) == ["notifications", "done"])
    }

    @Test("The report encodes to the exact JSON shape of `waypoint resolve`")
    func jsonShape() throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(try document.resolve(attributes: ["appLaunches": 1])), as: UTF8.self)
        #expect(json == #"{"flows":{"end-flow":{"inExperiment":false},"signup":{"exclusionReason":"no `id` attribute to hash; give one, such as {\"id\":\"u-123\"}","experiment":"short-signup","inExperiment":false,"variation":"control"},"upgrade":{"exclusionReason":"no `id` attribute to hash; give one, such as {\"id\":\"u-123\"}","experiment":"paywall-copy","inExperiment":false,"variation":"control"}},"walkthroughs":{"layering":{"eligible":false,"ineligibilityReason":"its condition is false: `appLaunches` is 1, which does not match {\"$gte\":2}"}}}"#)
        let report = ResolutionReport(
            flows: ["signup": .init(experiment: "short-signup", variation: "short", inExperiment: true, hashValue: 0.1234)],
            walkthroughs: ["layering": .init(eligible: true)])
        let encoded = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(encoded == #"{"flows":{"signup":{"experiment":"short-signup","hashValue":0.1234,"inExperiment":true,"variation":"short"}},"walkthroughs":{"layering":{"eligible":true}}}"#)
        #expect(try JSONDecoder().decode(ResolutionReport.self, from: Data(encoded.utf8)) == report)
    }

    @Test("Documents whose subflows cannot be built are refused with a reason")
    func refusals() throws {
        let signup = try #require(WaypointDocument.validate(DocumentFixtures.signupDocument).document)
        #expect(throws: DocumentError.self) { try signup.resolve(attributes: [:]) }
        do {
            _ = try signup.resolve(attributes: [:])
        } catch {
            #expect(error.description == "Step `shared-end` of flow `signup` runs the subflow `end-flow`, but the document has no flow with that id; add it or fix the id.")
        }
        let circular = try #require(WaypointDocument.validate(DocumentFixtures.flowDocument(
            [#"{"id": "a", "subflow": "g"}"#], extra: #", {"id": "g", "steps": [{"id": "b", "subflow": "f"}]}"#)).document)
        do {
            _ = try circular.resolve(attributes: [:])
            Issue.record("a subflow cycle was resolved")
        } catch {
            #expect(error.description.hasPrefix("Flows run each other as subflows in a circle (f → g → f)"))
        }
    }

    /// A flow or walkthrough that varies only by `changes` is reported with that experiment, as `waypoint resolve`
    /// reports it, while its runs stay unexposed until the changed step (no experiment on the definition).
    @Test(arguments: ["control", "annual-first"])
    func aChangeExperimentIsReportedButExposesAtItsStep(variation: String) throws {
        let user = try #require(try StepChangesFixture.user(in: variation))
        let resolution = try StepChangesFixture.document().resolve(attributes: ["id": .string(user)], preferredLanguages: [])
        let flow = try #require(resolution.report.flows["onboarding"])
        #expect(flow.experiment == "paywall-copy" && flow.variation == variation && flow.inExperiment)
        #expect(resolution.flows["onboarding"]?.experiment == nil)
        #expect(resolution.flows["onboarding"]?.stepExperiments.first?.assignment.variation == variation)
        let walkthrough = try #require(resolution.report.walkthroughs["home-tour"])
        #expect(walkthrough.experiment == "paywall-copy" && walkthrough.variation == variation && walkthrough.inExperiment == true)
        #expect(resolution.walkthroughs["home-tour"]?.experiment == nil)
    }
}
