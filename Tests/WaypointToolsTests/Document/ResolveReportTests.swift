import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Which experiment changes apply to a user, and why.
@Suite("Resolve report with changes")
struct ResolveReportTests {
    @Test("A user in a variation with changes gets the changed steps and fields, on the flow, its subflow and the walkthrough")
    func changesApply() throws {
        let user = try #require(try StepChangesFixture.user(in: "annual-first"))
        let report = try ResolveReport(document: try StepChangesFixture.document(), attributes: ["id": .string(user)])
        let onboarding = try #require(report.flows["onboarding"])
        #expect(onboarding.choice.experiment == "paywall-copy")
        #expect(onboarding.choice.variation == "annual-first")
        #expect(onboarding.choice.inExperiment)
        #expect(onboarding.choice.hashValue != nil)
        #expect(onboarding.changes?.applied == [ResolveReport.StepChange(step: "paywall", fields: ["screen", "content"])])
        #expect(onboarding.changes?.changedSteps == ["paywall"])
        #expect(onboarding.changes?.noChangesReason == nil)
        #expect(report.flows["finish"]?.changes?.applied == [ResolveReport.StepChange(step: "notifications", fields: ["skip"])])
        #expect(report.walkthroughs["home-tour"]?.changes?.applied
            == [ResolveReport.StepChange(step: "streaks", fields: ["tooltipText", "tooltipPosition"])])
        let json = try StableJSON.text(report)
        #expect(json.contains(#""onboarding":{"changedSteps":["paywall"],"changes":[{"fields":["screen","content"],"step":"paywall"}],"experiment":"paywall-copy","#))
    }

    @Test("A user in the control sees no changes, and why")
    func controlChangesNothing() throws {
        let user = try #require(try StepChangesFixture.user(in: "control"))
        let report = try ResolveReport(document: try StepChangesFixture.document(), attributes: ["id": .string(user)])
        let onboarding = try #require(report.flows["onboarding"])
        #expect(onboarding.choice.variation == "control")
        #expect(onboarding.changes?.applied == [])
        #expect(onboarding.changes?.noChangesReason == "variation `control` of `paywall-copy` changes nothing, so the user sees the flow as written")
    }

    @Test("A user outside the experiment's coverage or condition sees no changes, and the reason says why")
    func outsideTheExperiment() throws {
        let text = StepChangesFixture.text.replacingOccurrences(
            of: #""hashAttribute": "id","#, with: #""hashAttribute": "id", "condition": {"country": "DE"},"#)
        let document = try WaypointDocument(validating: Data(text.utf8))
        let report = try ResolveReport(document: document, attributes: ["id": "user-1", "country": "US"])
        let onboarding = try #require(report.flows["onboarding"])
        #expect(onboarding.choice.inExperiment == false)
        #expect(onboarding.changes?.applied == [])
        #expect(onboarding.changes?.noChangesReason?.hasPrefix("not in the experiment `paywall-copy` (the experiment's condition is false: ") == true)
        #expect(onboarding.changes?.noChangesReason?.hasSuffix("), so the user sees the flow as written") == true)
    }

    @Test("A user outside the coverage sees no changes, with the hash and the coverage")
    func outsideTheCoverage() throws {
        let text = StepChangesFixture.text.replacingOccurrences(of: #""hashAttribute": "id","#, with: #""hashAttribute": "id", "coverage": 0.01,"#)
        let report = try ResolveReport(document: try WaypointDocument(validating: Data(text.utf8)), attributes: ["id": "user-1"])
        let tour = try #require(report.walkthroughs["home-tour"])
        #expect(tour.choice.experiment == "paywall-copy")
        #expect(tour.choice.inExperiment == false)
        #expect(tour.changes?.applied == [])
        #expect(tour.changes?.noChangesReason
            == "not in the experiment `paywall-copy` (hash 0.5283 is outside the coverage 0.01), so the user sees the walkthrough as written")
    }

    @Test("With a `locale` attribute, the locales texts are looked up in, in order; without one, none")
    func locales() throws {
        let document = try StepChangesFixture.document()
        #expect(try ResolveReport(document: document, attributes: ["id": "u", "locale": "pt-BR"]).locales == ["pt-BR", "pt", "en"])
        #expect(try ResolveReport(document: document, attributes: ["id": "u"]).locales == nil)
        let plain = try WaypointDocument(validating: DocumentFixtures.example("every-feature.json"))
        #expect(try ResolveReport(document: plain, attributes: ["locale": "de"]).locales == nil)
    }

    @Test("A flow no experiment changes keeps the resolution's keys only")
    func unchangedFlow() throws {
        let document = try WaypointDocument(validating: DocumentFixtures.example("every-feature.json"))
        let report = try ResolveReport(document: document, attributes: ["id": "u-1"])
        let core = try document.resolve(attributes: ["id": "u-1"]).report
        #expect(report.flows.mapValues(\.choice) == core.flows)
        #expect(report.walkthroughs.mapValues(\.choice) == core.walkthroughs)
        // Beside the resolution's keys, only what each experiment shown is for (`experiments`).
        var json = try JSONValue(parsing: StableJSON.data(report))
        if case .object(var members) = json {
            #expect(members.removeValue(forKey: "experiments") != nil)
            json = .object(members)
        }
        #expect(json == (try JSONValue(parsing: StableJSON.data(core))))
        #expect(report.experiments?["short-onboarding"] == ResolveReport.ExperimentPurpose(try #require(document.experiment("short-onboarding"))))
        #expect(report.experiments?["short-onboarding"]?.goal == "$complete")
        #expect(report.experiments?["short-onboarding"]?.minimumDetectableEffect == 0.1)
    }
}
