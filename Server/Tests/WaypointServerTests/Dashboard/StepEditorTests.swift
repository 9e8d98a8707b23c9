import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The step editor and the hint editor: their forms make the edits the JSON route takes, through the
/// same code, and land as draft revisions; refusals show each problem beside its field.
@Suite("The step and hint editors")
struct StepEditorTests {
    static let paywall = "/apps/fitness/revisions/1/flows/upgrade/steps/paywall"
    static let intro = "/apps/fitness/revisions/1/walkthroughs/layering/steps/intro"

    /// An app `fitness` with the example document as revision 1, published to production.
    static func setUp(_ client: some TestClientProtocol, app: String = "fitness") async throws -> TestApp {
        let created = try await client.createApp(app)
        #expect(try await client.upload(app, try TestServer.example("waypoint.json")).status == .created)
        #expect(try await client.publish(app, revision: 1).status == .ok)
        return created
    }

    /// The fields the page's editor form sends, as a browser sends them: its inputs and each select's
    /// chosen option (the CSRF token included), with `changes` applied.
    static func formFields(of html: String, action: String, changes: [String: String]) throws -> [(String, String)] {
        let start = try #require(html.range(of: "<form method=\"post\" action=\"\(action)\""), "no editor form for \(action)")
        let end = try #require(html.range(of: "</form>", range: start.upperBound..<html.endIndex))
        let form = String(html[start.lowerBound..<end.lowerBound])
        var fields: [(String, String)] = []
        let input = try Regex(#"<input (?:type="hidden" )?(?:id="[^"]*" )?name="([^"]+)" value="([^"]*)""#)
        for match in form.matches(of: input) {
            fields.append((String(match.output[1].substring ?? ""), unescaped(String(match.output[2].substring ?? ""))))
        }
        let select = try Regex(#"<select (?:id="[^"]*" )?name="([^"]+)"[^>]*>(.*?)</select>"#)
        for match in form.matches(of: select) {
            let options = String(match.output[2].substring ?? "")
            let chosen = try Regex(#"<option value="([^"]*)" selected>"#)
            let value = options.firstMatch(of: chosen).map { String($0.output[1].substring ?? "") } ?? ""
            fields.append((String(match.output[1].substring ?? ""), value))
        }
        fields = fields.map { name, value in (name, changes[name] ?? value) }
        for (name, value) in changes where !fields.contains(where: { $0.0 == name }) { fields.append((name, value)) }
        return fields
    }

    /// The name of the input labelled `label`.
    static func inputName(_ label: String, in html: String) throws -> String {
        let pattern = try Regex(#"<input name="([^"]+)" value="[^"]*"[^>]* aria-label="\#(NSRegularExpression.escapedPattern(for: label))""#)
        return try #require(html.firstMatch(of: pattern).map { String($0.output[1].substring ?? "") }, "no input labelled \(label)")
    }

    static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The table row whose header is `header`.
    static func row(_ header: String, in html: String) throws -> String {
        let start = try #require(html.range(of: "<th scope=\"row\">\(header)"), "no row \(header)")
        let end = try #require(html.range(of: "</tr>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.lowerBound])
    }

    static func sha256(_ client: some TestClientProtocol, app: String, revision: Int) async throws -> String? {
        let list = try await client.send("/v1/apps/\(app)/revisions", headers: TestServer.admin)
        let revisions = try #require(try list.object()["revisions"] as? [[String: Any]])
        return revisions.first { $0["revision"] as? Int == revision }?["sha256"] as? String
    }

    @Test func aStepTranslatedIntoSpanishThroughTheFormIsWhatTheJSONRouteMakes() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get(Self.paywall + "?add=es")
            #expect(page.status == .ok)
            let html = page.text
            // The locales side by side, the new one last, every Spanish text missing with its fallback.
            #expect(html.contains("<th scope=\"col\">en (default)</th><th scope=\"col\">de</th><th scope=\"col\">es</th>"))
            let headline = try Self.row("headline", in: html)
            #expect(headline.contains("<strong>missing</strong>: users see “Go premium”"))
            #expect(!html.contains("{\""), "no JSON on the page")
            #expect(try Self.row("trialDays", in: html).contains("value=\"7\""))

            let field = try Self.inputName("headline (es)", in: html)
            let form = try Self.formFields(of: html, action: Self.paywall, changes: [field: "Hazte premium"])
            let saved = try await browser.post(Self.paywall, form: form)
            #expect(saved.status == .seeOther, "\(saved.text)")
            let location = try #require(saved.headers[.location])
            #expect(location == "/apps/fitness/revisions/2/flows/upgrade/steps/paywall?saved=2")
            let after = try await browser.get(location)
            #expect(after.text.contains("Saved as revision 2 (draft)"))
            #expect(after.text.contains("value=\"Hazte premium\""))

            // The same edit through the JSON route on a twin app: the same bytes.
            _ = try await Self.setUp(client, app: "twin")
            let body = #"{"edits": [{"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}]}"#
            let twin = try await client.send("/v1/apps/twin/revisions/1/edits", .post, headers: TestServer.admin, json: body)
            #expect(twin.status == .created, "\(twin.text)")
            let expected = try DocumentEdits.apply(Data(body.utf8), to: try WaypointDocument(validating: TestServer.example("waypoint.json")))
            let formMade = try await Self.sha256(client, app: "fitness", revision: 2)
            #expect(formMade != nil)
            #expect(formMade == (try await Self.sha256(client, app: "twin", revision: 2)))
            #expect(formMade == SecretHash.sha256Hex(Array(expected.text.utf8)))

            // The audit log says what changed, as for the API.
            let edited = try await client.auditLog("?action=revision-uploaded").entries.compactMap { $0["details"] as? [String: Any] }
                .filter { $0["base"] != nil }
            #expect(edited.count == 2, "the form's save and the twin's")
            #expect(edited.allSatisfy { $0["edits"] as? [String] == ["paywall · headline (es): \"Hazte premium\""] })
        }
    }

    @Test func aSaveWithALintErrorShowsItBesideTheFieldAndStoresNothing() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let html = try await browser.get(Self.paywall).text
            let form = try Self.formFields(of: html, action: Self.paywall, changes: ["on.0": "nowhere", try Self.inputName("headline (de)", in: html): "Hol dir Premium"])
            let refused = try await browser.post(Self.paywall, form: form)
            #expect(refused.status == .unprocessableContent)
            let subscribe = try Self.row("subscribe", in: refused.text)
            #expect(subscribe.contains("class=\"notice error\""))
            #expect(subscribe.contains("[unknown-target]"))
            #expect(subscribe.contains("value=\"nowhere\""), "the value sent is shown again")
            #expect(try Self.row("headline", in: refused.text).contains("value=\"Hol dir Premium\""))
            #expect(!(try Self.row("headline", in: refused.text)).contains("notice error"), "the error is beside its own field only")
            #expect(try await Self.sha256(client, app: "fitness", revision: 2) == nil, "nothing was stored")

            // A value that is not a number is refused before anything is sent, beside its field.
            let badNumber = try Self.formFields(of: html, action: Self.paywall, changes: ["value.3": "fourteen"])
            let unread = try await browser.post(Self.paywall, form: badNumber)
            #expect(unread.status == .badRequest)
            #expect(try Self.row("trialDays", in: unread.text).contains("is not a number"))
            #expect(try await Self.sha256(client, app: "fitness", revision: 2) == nil)
        }
    }

    @Test func theHintFormChangesThePositionAndPreviewsTheOverlayInTheChosenLocale() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let html = try await browser.get(Self.intro + "?add=de").text
            #expect(html.contains("<option value=\"below\" selected>"))
            #expect(html.contains("<svg"), "the preview is drawn")
            let form = try Self.formFields(of: html, action: Self.intro, changes: [
                "position": "above", try Self.inputName("Text (de)", in: html): "Deine <Ebenen> sind hier",
            ])
            let saved = try await browser.post(Self.intro, form: form)
            #expect(saved.status == .seeOther, "\(saved.text)")
            let location = try #require(saved.headers[.location])
            #expect(location.hasPrefix("/apps/fitness/revisions/2/walkthroughs/layering/steps/intro?saved=2"))

            let german = try await browser.get("/apps/fitness/revisions/2/walkthroughs/layering/steps/intro?locale=de").text
            #expect(german.contains("<option value=\"above\" selected>"))
            let svg = try #require(german.range(of: "<svg").map { String(german[$0.lowerBound...]) })
            #expect(svg.contains("Deine &lt;Ebenen&gt; sind hier"), "the text in German, escaped")
            #expect(!german.contains("<Ebenen>"))
            #expect(svg.contains("Überspringen"), "the built-in labels in German")
            #expect(svg.contains("Tippe auf das hervorgehobene Element"))
            let english = try await browser.get("/apps/fitness/revisions/2/walkthroughs/layering/steps/intro?locale=en").text
            #expect(english.contains("Your layers live here"))
            #expect(english.contains(">Skip<"))
            #expect(!english.contains("Überspringen"))

            // The revision page lists the change in words.
            let revision = Self.unescaped(try await browser.get("/apps/fitness/revisions/2").text)
            #expect(revision.contains("hint 'intro' · position: below → above"))
            #expect(revision.contains("hint 'intro' · text (de): 'Deine <Ebenen> sind hier'"))
            #expect(!(try await browser.get("/apps/fitness/revisions/2").text.contains("<Ebenen>")), "texts are escaped on the page")
        }
    }

    @Test func aVariationsChangesAreEditedAndMergedByKey() async throws {
        try await TestServer.run { client in
            let app = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let uri = Self.paywall + "?experiment=paywall-copy&variation=annual-first"
            let html = try await browser.get(uri).text
            // The variation's values: its headline and trial, the step's own fields where it changes nothing.
            #expect(html.contains("value=\"Save 40% with a year\""))
            #expect(try Self.row("trialDays", in: html).contains("value=\"14\""))
            #expect(html.contains("value=\"PaywallAnnual\""))
            let form = try Self.formFields(of: html, action: Self.paywall + "?experiment=paywall-copy&amp;variation=annual-first", changes: [
                "value.3": "30", try Self.inputName("headline (en)", in: html): "Save 50% with a year",
            ])
            let saved = try await browser.post(uri, form: form)
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(saved.headers[.location] == "/apps/fitness/revisions/2/flows/upgrade/steps/paywall?saved=2&experiment=paywall-copy&variation=annual-first")

            // Served from staging: the variation's changes hold the new values, the others kept; the step itself unchanged.
            #expect(try await client.publish("fitness", revision: 2, to: "staging").status == .ok)
            let served = try await client.document(key: app.staging)
            let document = try WaypointDocument(validating: served.data)
            let experiment = try #require(document.experiments.first { $0.key == "paywall-copy" })
            guard case .flowStep(_, _, let set)? = experiment.changes["annual-first"]?.first else {
                Issue.record("no change of the paywall")
                return
            }
            #expect(set.screen == "PaywallAnnual")
            #expect(set.content?.values["trialDays"] == .number(30))
            #expect(set.content?.values["headline"] == .text(.translations(["en": "Save 50% with a year", "de": "Spare 40 % mit einem Jahr"])))
            #expect(set.content?.values["button"] != nil, "the keys not edited stay")
            let step = document.flows.first { $0.id == "upgrade" }?.steps.first { $0.id == "paywall" }
            #expect(step?.content?["trialDays"] == .number(7))
        }
    }

    @Test func aViewerSeesTheStepReadOnlyAndCannotSave() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            try await PeopleFixture.createAccount(client, email: "viewer@example.com", role: .viewer)
            var browser = DashboardBrowser(client)
            #expect(try await browser.signIn(email: "viewer@example.com", password: PeopleFixture.password).status == .seeOther)
            for uri in [Self.paywall, Self.intro] {
                let page = try await browser.get(uri)
                #expect(page.status == .ok)
                #expect(!page.text.contains("action=\"\(uri)\""), "no form on \(uri)")
                #expect(!page.text.contains("Save as a new revision"))
                #expect(page.text.contains("Editing needs the editor role"))
            }
            #expect(try await browser.get(Self.paywall).text.contains("Go premium"))
            let revision = try await browser.get("/apps/fitness/revisions/1").text
            #expect(revision.contains(">View paywall</a>"))
            #expect(!revision.contains(">Edit paywall</a>"))

            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            let refused = try await browser.post(Self.paywall, form: [("csrf", csrf), ("columns", "en"), ("screen", "Other")])
            #expect(refused.status == .forbidden)
            let hint = try await browser.post(Self.intro, form: [("csrf", csrf), ("position", "above")])
            #expect(hint.status == .forbidden)
            #expect(try await Self.sha256(client, app: "fitness", revision: 2) == nil)
        }
    }

    @Test func aFormWithoutTheSessionsTokenIsRefused() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let refused = try await browser.post(Self.paywall, form: [("csrf", "forged"), ("screen", "Other")])
            #expect(refused.status == .forbidden)
            #expect(try await Self.sha256(client, app: "fitness", revision: 2) == nil)
        }
    }

    @Test func theDraftsRevisionPageSaysWhatChangedInWords() async throws {
        try await TestServer.run { client in
            _ = try await Self.setUp(client)
            let body = #"""
                {"edits": [
                  {"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"},
                  {"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "en", "text": "Go Premium"},
                  {"op": "set-content", "flow": "upgrade", "step": "paywall", "field": "trialDays", "value": 14},
                  {"op": "stop-experiment", "key": "paywall-copy"}]}
                """#
            #expect(try await client.send("/v1/apps/fitness/revisions/1/edits", .post, headers: TestServer.admin, json: body).status == .created)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/revisions/2")
            let text = Self.unescaped(page.text)
            #expect(text.contains("Changes since revision 1"))
            for line in [
                "<li class=\"changed\">paywall · headline (en): 'Go premium' → 'Go Premium'</li>",
                "<li class=\"added\">paywall · headline (es): 'Hazte premium'</li>",
                "<li class=\"changed\">paywall · trialDays: 7 → 14</li>",
                "<li class=\"removed\">experiment paywall-copy removed</li>",
            ] {
                #expect(text.contains(line), "\(line)")
            }
            let list = try #require(text.range(of: "<ul class=\"changes\">").flatMap { start in
                text.range(of: "</ul>", range: start.upperBound..<text.endIndex).map { String(text[start.upperBound..<$0.lowerBound]) }
            })
            #expect(list.components(separatedBy: "<li").count == 5, "one line per change: \(list)")
            #expect(!list.contains("flows["), "no JSON path")
            #expect(text.contains(">Edit paywall</a>"))
            #expect(text.contains(">Edit hint intro</a>"))
        }
    }
}
