import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The hint editor of a variation (`?experiment=K&variation=V`): it shows the hint as the variation
/// shows it, and saves what differs from the hint as the variation's change, one `update-experiment`
/// edit through the code of the JSON route.
@Suite("The hint editor of a variation")
struct HintVariationEditorTests {
    static let query = "?experiment=tooltip-copy&variation=friendly"
    static let intro = "/apps/fitness/revisions/2/walkthroughs/layering/steps/intro"

    /// The experiment added on revision 1: its variation already changes the walkthrough's other hint.
    static let experiment = #"{"op": "add-experiment", "experiment": {"key": "tooltip-copy", "variations": ["control", "friendly"], "#
        + #""weights": [0.5, 0.5], "hashAttribute": "id", "hashVersion": 2, "#
        + #""changes": {"friendly": [{"walkthrough": "layering", "step": "panel-cell", "set": {"canSkip": true}}]}}}"#

    /// An app with the example document as revision 1, published, and revision 2 adding the experiment.
    static func setUp(_ client: some TestClientProtocol, app: String = "fitness") async throws -> TestApp {
        let created = try await StepEditorTests.setUp(client, app: app)
        let added = try await client.send(
            "/v1/apps/\(app)/revisions/1/edits", .post, headers: TestServer.admin, json: #"{"edits": ["# + experiment + "]}")
        #expect(added.status == .created, "\(added.text)")
        return created
    }

    @Test func aVariationsPositionAndSpanishTextSavedThroughTheFormAreWhatTheJSONRouteMakes() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let uri = Self.intro + Self.query
            let page = try await browser.get(uri + "&add=es")
            #expect(page.status == .ok, "\(page.text)")
            let html = page.text
            #expect(html.contains("The hint as variation friendly of experiment tooltip-copy shows it"))
            #expect(html.contains("<option value=\"below\" selected>"), "the hint's own position, the variation changing none")
            #expect(!html.contains("changed by friendly"), "nothing marked before the variation changes the hint")
            let action = Self.intro + "?experiment=tooltip-copy&amp;variation=friendly"
            let form = try StepEditorTests.formFields(of: html, action: action, changes: [
                "position": "above", try StepEditorTests.inputName("Text (es)", in: html): "Tus capas están aquí",
            ])
            let saved = try await browser.post(uri, form: form)
            #expect(saved.status == .seeOther, "\(saved.text)")
            let location = try #require(saved.headers[.location])
            #expect(location == "/apps/fitness/revisions/3/walkthroughs/layering/steps/intro?saved=3&experiment=tooltip-copy&variation=friendly")

            // The same change through the JSON route on a twin app: the same bytes.
            _ = try await Self.setUp(client, app: "twin")
            let edit = #"{"op": "update-experiment", "key": "tooltip-copy", "set": {"changes": {"friendly": ["#
                + #"{"walkthrough": "layering", "step": "panel-cell", "set": {"canSkip": true}}, "#
                + #"{"walkthrough": "layering", "step": "intro", "set": {"tooltipText": {"$text": {"en": "Your layers live here", "es": "Tus capas están aquí"}}, "#
                + #""tooltipPosition": "above"}}]}}}"#
            let twin = try await client.send("/v1/apps/twin/revisions/2/edits", .post, headers: TestServer.admin, json: #"{"edits": ["# + edit + "]}")
            #expect(twin.status == .created, "\(twin.text)")
            let formMade = try await StepEditorTests.sha256(client, app: "fitness", revision: 3)
            #expect(formMade != nil)
            #expect(formMade == (try await StepEditorTests.sha256(client, app: "twin", revision: 3)))
            let base = try DocumentEdits.apply(
                Data((#"{"edits": ["# + Self.experiment + "]}").utf8),
                to: try WaypointDocument(validating: TestServer.example("waypoint.json")))
            let expected = try DocumentEdits.apply(Data((#"{"edits": ["# + edit + "]}").utf8), to: base.document)
            #expect(formMade == SecretHash.sha256Hex(Array(expected.text.utf8)))

            // The hint itself is unchanged; the variation's change holds only what differs from it.
            let hint = try #require(expected.document.walkthroughs.first { $0.id == "layering" }?.steps.first { $0.id == "intro" })
            #expect(hint.tooltipPosition == .below)
            #expect(hint.tooltipText == .plain("Your layers live here"))
            guard let change = expected.document.experiments.first(where: { $0.key == "tooltip-copy" })?.changes["friendly"]?.last,
                  case .walkthroughStep = change
            else {
                Issue.record("no change of the hint")
                return
            }
            #expect(DocumentEdits.fieldNames(of: change) == ["tooltipText", "tooltipPosition"])

            // The new revision's editor shows the variation's values marked, and its preview in Spanish.
            let spanish = try await browser.get(location + "&locale=es")
            #expect(spanish.text.contains("Saved as revision 3 (draft)"))
            #expect(spanish.text.contains("<option value=\"above\" selected>"))
            #expect(spanish.text.contains("changed by friendly"))
            let svg = try #require(spanish.text.range(of: "<svg").map { String(spanish.text[$0.lowerBound...]) })
            #expect(svg.contains("Tus capas están aquí"), "the preview shows the variation's text")
            // The experiment form says the variation's change in words.
            let words = try await browser.get("/apps/fitness/revisions/3/experiments/tooltip-copy").text
            #expect(words.contains("intro · position: &quot;above&quot;"), "\(words)")
            #expect(words.contains("intro · text: &quot;Your layers live here&quot; (en), &quot;Tus capas están aquí&quot; (es)"))
            // Without the variation, the editor shows the hint as it is.
            let own = try await browser.get("/apps/fitness/revisions/3/walkthroughs/layering/steps/intro?locale=es").text
            #expect(own.contains("<option value=\"below\" selected>"))
            #expect(!own.contains("Tus capas están aquí"))
        }
    }

    @Test func aValueEqualToTheHintsOwnIsNoChange() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let uri = Self.intro + Self.query
            let html = try await browser.get(uri).text
            let action = Self.intro + "?experiment=tooltip-copy&amp;variation=friendly"
            let unchanged = try await browser.post(uri, form: try StepEditorTests.formFields(of: html, action: action, changes: [:]))
            #expect(unchanged.status == .ok)
            #expect(unchanged.text.contains("Nothing changed, so no revision was made."))
            #expect(try await StepEditorTests.sha256(client, app: "fitness", revision: 3) == nil)
        }
    }

    @Test func aViewerSeesTheVariationsHintWithoutAForm() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            try await PeopleFixture.createAccount(client, email: "viewer@example.com", role: .viewer)
            var browser = DashboardBrowser(client)
            #expect(try await browser.signIn(email: "viewer@example.com", password: PeopleFixture.password).status == .seeOther)
            let page = try await browser.get(Self.intro + Self.query)
            #expect(page.status == .ok)
            #expect(!page.text.contains("<form method=\"post\" action=\"\(Self.intro)"), "no form")
            #expect(!page.text.contains("Save as a new revision"))
            #expect(page.text.contains("Editing needs the editor role"))
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            let refused = try await browser.post(Self.intro + Self.query, form: [("csrf", csrf), ("columns", "en"), ("position", "above")])
            #expect(refused.status == .forbidden)
            #expect(try await StepEditorTests.sha256(client, app: "fitness", revision: 3) == nil)
        }
    }

    @Test func theExperimentFormOfAWalkthroughExperimentLinksToTheHintEditor() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/revisions/2/experiments/tooltip-copy")
            #expect(page.status == .ok, "\(page.text)")
            for step in ["intro", "panel-cell"] {
                #expect(page.text.contains(
                    #"href="/apps/fitness/revisions/2/walkthroughs/layering/steps/\#(step)?experiment=tooltip-copy&amp;variation=friendly""#))
            }
            #expect(page.text.contains("panel-cell · can be skipped: true"), "the variation's change in words")
        }
    }
}
