import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// "Ship VARIATION" and "Stop" on the experiment page, and who is offered the experiment form.
@Suite("Dashboard Ship and Stop")
struct ExperimentDecisionTests {
    static let page = "/apps/fitness/experiments/paywall-copy?environment=production"
    static let ship = "/apps/fitness/environments/production/experiments/paywall-copy/ship"
    static let stop = "/apps/fitness/environments/production/experiments/paywall-copy/stop"

    /// Revision 1 (the example) published to production, and revision 2 (a draft with a changed
    /// experiment) so the published one is not merely the latest.
    static func published(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            let draft = try await ExperimentFormTests.jsonEdit(
                client, base: 1, #"{"op": "update-experiment", "key": "paywall-copy", "set": {"coverage": 0.5}}"#)
            #expect(draft.status == .created)
            try await body(client)
        }
    }

    @Test func shipMakesTheJSONRoutesShipVariationFromThePublishedRevisionAndOpensItsPreview() async throws {
        try await Self.published { client in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get(Self.page)
            #expect(page.status == .ok, "\(page.text)")
            #expect(page.text.contains(#"action="\#(Self.ship)""#))
            #expect(page.text.contains("Ship annual-first"))
            #expect(!page.text.contains(#"<input type="hidden" name="variation" value="control">"#), "no Ship button for the control")
            let csrf = try #require(DashboardBrowser.csrf(in: page.text))

            let shipped = try await browser.post(Self.ship, form: [("csrf", csrf), ("variation", "annual-first")])
            #expect(shipped.status == .seeOther, "\(shipped.text)")
            let location = try #require(shipped.headers[.location])
            #expect(location == "/apps/fitness/revisions/3?environment=production&shipped=paywall-copy&variation=annual-first#publish")
            // The JSON route, from the published revision 1 (not the latest, 2), makes the same revision.
            let json = try await ExperimentFormTests.jsonEdit(
                client, base: 1, #"{"op": "ship-variation", "experiment": "paywall-copy", "variation": "annual-first"}"#)
            #expect(json.status == .ok, "\(json.text)")
            #expect(try json.object()["revision"] as? Int == 3)
            #expect(try json.object()["existing"] as? Bool == true)

            // The publish preview for production, where a publisher confirms.
            let preview = try await browser.get(String(location.prefix { $0 != "#" }))
            #expect(preview.status == .ok)
            #expect(preview.text.contains("Experiment paywall-copy ends with annual-first for everyone in revision 3, a draft."))
            #expect(preview.text.contains(#"<form method="post" action="/apps/fitness/environments/production/publish" class="stack">"#))
            #expect(preview.text.contains(#"<input type="hidden" name="revision" value="3">"#))
            // Publishing it serves the shipped document.
            let published = try await browser.post(
                "/apps/fitness/environments/production/publish", form: [("csrf", csrf), ("revision", "3"), ("confirm", "yes")])
            #expect(published.status == .seeOther, "\(published.text)")

            // Shipping again from what is now published: the experiment is gone, so nothing is offered.
            let after = try await browser.get(Self.page)
            #expect(!after.text.contains(Self.ship))
        }
    }

    @Test func stopMakesTheJSONRoutesStopExperimentAndTheSameResultAgainIsTheExistingRevision() async throws {
        try await Self.published { client in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get(Self.page).text))
            let stopped = try await browser.post(Self.stop, form: [("csrf", csrf)])
            #expect(stopped.status == .seeOther, "\(stopped.text)")
            #expect(stopped.headers[.location] == "/apps/fitness/revisions/3?environment=production&stopped=paywall-copy#publish")
            let json = try await ExperimentFormTests.jsonEdit(client, base: 1, #"{"op": "stop-experiment", "key": "paywall-copy"}"#)
            #expect(try json.object()["revision"] as? Int == 3)
            #expect(try json.object()["existing"] as? Bool == true)
            // Shipping the control equals stopping: the same revision, which existed already.
            let again = try await browser.post(Self.ship, form: [("csrf", csrf), ("variation", "control")])
            #expect(again.headers[.location] == "/apps/fitness/revisions/3?environment=production&shipped=paywall-copy&variation=control&existing=true#publish")
            let preview = try await browser.get("/apps/fitness/revisions/3?environment=production&shipped=paywall-copy&variation=control&existing=true")
            #expect(preview.text.contains("which existed already"))
            #expect(try await ExperimentFormTests.revisionCount(client) == 3)
            // A variation the experiment does not have: refused, with a did-you-mean, nothing stored.
            let typo = try await browser.post(Self.ship, form: [("csrf", csrf), ("variation", "anual-first")])
            #expect(typo.status == .badRequest)
            #expect(typo.text.contains("did you mean `annual-first`?"))
            // Without the form's token: refused.
            #expect(try await browser.post(Self.stop, form: [("csrf", "forged")]).status == .forbidden)
            #expect(try await ExperimentFormTests.revisionCount(client) == 3)
        }
    }

    @Test(arguments: Role.allCases)
    func eachRoleIsOfferedTheFormsOnlyWhenItMayEdit(role: Role) async throws {
        try await Self.published { client in
            let email = "\(role.rawValue)@example.com"
            try await PeopleFixture.createAccount(client, email: email, role: role)
            var browser = DashboardBrowser(client)
            #expect(try await browser.signIn(email: email, password: PeopleFixture.password).status == .seeOther)
            let mayEdit = role >= .editor
            guard case .role(let needed)? = AccessRules.table["POST /v1/apps/{app}/revisions/{revision}/edits"] else {
                Issue.record("the edits route has no role")
                return
            }
            #expect(mayEdit == (role >= needed), "the forms need the edits route's role")

            let experiment = try await browser.get(Self.page)
            #expect(experiment.status == .ok)
            #expect(experiment.text.contains(Self.ship) == mayEdit)
            #expect(experiment.text.contains(Self.stop) == mayEdit)
            let revision = try await browser.get("/apps/fitness/revisions/1")
            #expect(revision.text.contains(#"<li data-experiment="paywall-copy">"#), "everyone reads the experiments")
            #expect(revision.text.contains(#"href="/apps/fitness/revisions/1/experiments/new""#) == mayEdit)
            #expect(revision.text.contains(#"href="/apps/fitness/revisions/1/experiments/paywall-copy""#) == mayEdit)

            let form = try await browser.get(ExperimentFormTests.newForm)
            #expect(form.status == (mayEdit ? .ok : .forbidden))
            let csrf = try #require(DashboardBrowser.csrf(in: revision.text))
            let posts: [(String, [(String, String)])] = [
                (Self.ship, [("csrf", csrf), ("variation", "annual-first")]), (Self.stop, [("csrf", csrf)]),
                (ExperimentFormTests.newForm, [("csrf", csrf), ("key", "x"), ("variation-0-name", "a"), ("variation-1-name", "b")]),
                ("/apps/fitness/revisions/1/experiments/paywall-copy", [("csrf", csrf), ("variation-0-weight", "40"), ("variation-1-weight", "60")]),
            ]
            for (path, fields) in posts where !mayEdit {
                let refused = try await browser.post(path, form: fields)
                #expect(refused.status == .forbidden, "\(role) POST \(path): \(refused.status)")
            }
            #expect(try await ExperimentFormTests.revisionCount(client) == 2, "nothing stored for a role that may not edit")
        }
    }
}
