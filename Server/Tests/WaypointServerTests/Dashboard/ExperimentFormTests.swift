import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The experiment form: the revision it makes is the one the JSON edits route makes from the same
/// edit, and a refused edit shows each finding beside its field with nothing stored.
@Suite("Dashboard experiment form")
struct ExperimentFormTests {
    static let newForm = "/apps/fitness/revisions/1/experiments/new"

    /// The JSON edits route on `base` with one edit.
    static func jsonEdit(_ client: some TestClientProtocol, base: Int, _ edit: String) async throws -> TestResponse {
        try await client.send("/v1/apps/fitness/revisions/\(base)/edits", .post, headers: TestServer.admin, json: #"{"edits": ["# + edit + "]}")
    }

    static func revisionCount(_ client: some TestClientProtocol) async throws -> Int {
        let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
        return (try list.object()["revisions"] as? [Any])?.count ?? -1
    }

    /// A server with the example document as revision 1 and a signed-in owner.
    static func withRevision(_ body: @escaping @Sendable (any TestClientProtocol, inout DashboardBrowser) async throws -> Void) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            try await body(client, &browser)
        }
    }

    @Test func theFormStartsATestThatEqualsTheJSONRoutesAddExperiment() async throws {
        try await Self.withRevision { client, browser in
            let page = try await browser.get(Self.newForm + "?flow=upgrade")
            #expect(page.status == .ok, "\(page.text)")
            // Goals of the chosen flow, in words; no JSON anywhere.
            #expect(page.text.contains(#"<option value="purchase">purchase: the step viewed</option>"#))
            #expect(page.text.contains(#"<option value="paywall:subscribe">paywall:subscribe: paywall completed with subscribe</option>"#))
            #expect(!page.text.contains("{&quot;"), "the page shows JSON")
            var fields = try #require(HTMLForm.fields(in: page.text, action: Self.newForm))
            fields = HTMLForm.changing(fields, [
                "key": "paywall-headline", "variation-1-name": "bold", "condition-0-attribute": "country", "condition-0-operator": "$in",
                "condition-0-value": "US, CA", "goal": "purchase", "minimumDetectableEffect": "5", "hypothesis": "A bolder headline\r\nsells more.",
            ])
            // The second condition row and the guardrail, as a person adds them.
            let more = try await browser.post(Self.newForm, form: fields + [("action", "add-condition")])
            #expect(more.status == .ok)
            var second = try #require(HTMLForm.fields(in: more.text, action: Self.newForm))
            #expect(second.contains { $0.0 == "condition-1-attribute" }, "a second condition row")
            #expect(second.contains { $0 == ("condition-0-value", "US, CA") }, "the rows typed are kept")
            second = HTMLForm.changing(second, ["condition-1-attribute": "appLaunches", "condition-1-operator": "$gte", "condition-1-value": "2"])
            second.append(("guardrail", "$complete"))
            #expect(try await Self.revisionCount(client) == 1, "adding a row stores nothing")

            let saved = try await browser.post(Self.newForm, form: second + [("action", "save")])
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(saved.headers[.location] == "/apps/fitness/revisions/2?experimentSaved=paywall-headline")
            let landed = try await browser.get(saved.headers[.location] ?? "")
            #expect(landed.text.contains("Experiment paywall-headline is saved in revision 2, a draft."))

            // The JSON route, given the same experiment on the same base, finds revision 2: the same bytes.
            let edit = #"{"op": "add-experiment", "experiment": {"key": "paywall-headline", "variations": ["control", "bold"], "weights": [0.5, 0.5], "#
                + #""condition": {"country": {"$in": ["US", "CA"]}, "appLaunches": {"$gte": 2}}, "goal": "purchase", "guardrails": ["$complete"], "#
                + #""minimumDetectableEffect": 0.05, "hypothesis": "A bolder headline\nsells more."}}"#
            let json = try await Self.jsonEdit(client, base: 1, edit)
            #expect(json.status == .ok, "\(json.text)")
            #expect(try json.object()["revision"] as? Int == 2)
            #expect(try json.object()["existing"] as? Bool == true)
            let body: String = #"{"edits": ["# + edit + "]}"
            let local = try DocumentEdits.apply(Data(body.utf8), to: try WaypointDocument(validating: try TestServer.example("waypoint.json")))
            #expect(try json.object()["sha256"] as? String == SecretHash.sha256Hex(Array(local.text.utf8)))
            let experiment = try #require(local.document.experiments.first { $0.key == "paywall-headline" })
            #expect(experiment.minimumDetectableEffect == 0.05 && ResolveReport.ExperimentPurpose(experiment).goal == "purchase"
                && ResolveReport.ExperimentPurpose(experiment).guardrails == ["$complete"])
        }
    }

    @Test func anUpdateChangesTheWeightsAndNothingElse() async throws {
        try await Self.withRevision { client, browser in
            let path = "/apps/fitness/revisions/1/experiments/paywall-copy"
            let page = try await browser.get(path)
            #expect(page.status == .ok, "\(page.text)")
            // The steps the variation changes, in words, and the step editor for each step of the flow.
            #expect(page.text.contains("paywall · screen: &quot;PaywallAnnual&quot;"))
            #expect(page.text.contains("paywall · headline: &quot;Spare 40 % mit einem Jahr&quot; (de), &quot;Save 40% with a year&quot; (en)"))
            #expect(page.text.contains(#"href="/apps/fitness/revisions/1/flows/upgrade/steps/paywall?experiment=paywall-copy&amp;variation=annual-first""#))
            let fields = try #require(HTMLForm.fields(in: page.text, action: path))
            #expect(fields.contains { $0 == ("variation-0-weight", "50") })
            // A whole-flow variation is said to be an entry of its own, not "no change".
            let wholeFlow = try await browser.get("/apps/fitness/revisions/1/experiments/short-signup").text
            #expect(wholeFlow.contains("flow signup: an entry of its own (2 steps)"), "\(wholeFlow)")
            let saved = try await browser.post(path, form: HTMLForm.changing(fields, ["variation-0-weight": "30", "variation-1-weight": "70"]))
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(saved.headers[.location] == "/apps/fitness/revisions/2?experimentSaved=paywall-copy")
            let edit = #"{"op": "update-experiment", "key": "paywall-copy", "set": {"weights": [0.3, 0.7]}}"#
            let json = try await Self.jsonEdit(client, base: 1, edit)
            #expect(json.status == .ok, "\(json.text)")
            #expect(try json.object()["revision"] as? Int == 2)
            // The revision records one edit: the weights.
            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin).object()
            let second = try #require((list["revisions"] as? [[String: Any]])?.first { $0["revision"] as? Int == 2 })
            #expect("\(second["edits"] ?? "")".contains("weights"), "\(second)")
            #expect(!"\(second["edits"] ?? "")".contains("goal"), "\(second)")
        }
    }

    @Test func aGoalNamingNothingIsShownBesideTheGoalAndNothingIsStored() async throws {
        try await Self.withRevision { client, browser in
            let path = "/apps/fitness/revisions/1/experiments/paywall-copy"
            let fields = try #require(HTMLForm.fields(in: try await browser.get(path).text, action: path))
            let refused = try await browser.post(path, form: HTMLForm.changing(fields, ["goal": "paywal:subscribe"]))
            #expect(refused.status == .unprocessableContent, "\(refused.text)")
            let goal = try #require(HTMLForm.section(of: #"data-field="goal""#, in: refused.text))
            #expect(goal.contains("did you mean `paywall:subscribe`?"), "\(goal)")
            #expect(goal.contains("<code>unknown-goal</code>"))
            #expect(goal.contains(#"<option value="paywal:subscribe" selected>"#), "the goal sent is shown")
            #expect(refused.text.contains("Nothing was saved"))
            #expect(try await Self.revisionCount(client) == 1)
        }
    }

    @Test func aBadWeightIsShownBesideItsRowAndNothingIsStored() async throws {
        try await Self.withRevision { client, browser in
            let page = try await browser.get(Self.newForm + "?flow=upgrade")
            let fields = try #require(HTMLForm.fields(in: page.text, action: Self.newForm))
            // Not a number: the format refuses the edit (400).
            let typo = try await browser.post(
                Self.newForm, form: HTMLForm.changing(fields, ["key": "headline", "variation-1-name": "bold", "variation-1-weight": "fifty"]))
            #expect(typo.status == .badRequest, "\(typo.text)")
            let row = try #require(HTMLForm.section(of: #"data-field="variation-1""#, in: typo.text))
            #expect(row.contains("`weight` must be a number"), "\(row)")
            #expect(row.contains(#"value="fifty""#), "the value typed is kept")
            // Weights that do not add up to 100%: lint's error (422), beside the weights.
            let over = try await browser.post(
                Self.newForm, form: HTMLForm.changing(fields, ["key": "headline", "variation-1-name": "bold", "variation-1-weight": "60"]))
            #expect(over.status == .unprocessableContent, "\(over.text)")
            let weights = try #require(HTMLForm.section(of: #"data-field="variation-1""#, in: over.text))
            #expect(weights.contains("add up to 1.1, not 1"), "\(weights)")
            #expect(weights.contains("<code>bad-weights</code>"))
            // A key the document has already: a refused edit, said above the form.
            let taken = try await browser.post(Self.newForm, form: HTMLForm.changing(fields, ["key": "paywall-copy", "variation-1-name": "bold"]))
            #expect(taken.status == .badRequest)
            #expect(taken.text.contains("Nothing was saved: The document already has an experiment `paywall-copy`"), "\(taken.text)")
            // A condition row the builder cannot read.
            let row2 = try await browser.post(Self.newForm, form: HTMLForm.changing(fields, [
                "key": "headline", "variation-1-name": "bold", "condition-0-attribute": "beta", "condition-0-operator": "$exists",
                "condition-0-value": "maybe",
            ]))
            #expect(row2.status == .badRequest)
            #expect(try #require(HTMLForm.section(of: #"data-field="condition-0""#, in: row2.text)).contains("takes true"))
            // Without the page's token: refused, whatever the form says.
            let forged = HTMLForm.changing(fields, ["csrf": "forged", "key": "headline", "variation-1-name": "bold"])
            #expect(try await browser.post(Self.newForm, form: forged).status == .forbidden)
            #expect(try await Self.revisionCount(client) == 1)
        }
    }

    @Test func aConditionTheRowsCannotExpressIsShownInWordsAndKept() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            var text = String(decoding: try TestServer.example("waypoint.json"), as: UTF8.self)
            text = text.replacingOccurrences(
                of: #""key": "paywall-copy","#, with: #""key": "paywall-copy", "condition": {"$or": [{"country": "US"}, {"plan": "pro"}]},"#)
            #expect(try await client.upload("fitness", Data(text.utf8)).status == .created)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let path = "/apps/fitness/revisions/1/experiments/paywall-copy"
            let page = try await browser.get(path)
            #expect(page.text.contains("<strong>$or: (country: US), (plan: pro)</strong>"), "\(page.text)")
            #expect(page.text.contains("cannot be written as rows"))
            let fields = try #require(HTMLForm.fields(in: page.text, action: path))
            #expect(!fields.contains { $0.0.hasPrefix("condition-") })
            let saved = try await browser.post(path, form: HTMLForm.changing(fields, ["minimumDetectableEffect": "20"]))
            #expect(saved.status == .seeOther, "\(saved.text)")
            let json = try await Self.jsonEdit(client, base: 1, #"{"op": "update-experiment", "key": "paywall-copy", "set": {"minimumDetectableEffect": 0.2}}"#)
            #expect(try json.object()["existing"] as? Bool == true, "the condition is kept: \(json.text)")
        }
    }

    @Test func anUpdateSetsOnlyWhatThePersonChanged() throws {
        let document = try WaypointDocument(validating: Data(#"""
            {"schemaVersion": 1, "experiments": [{"key": "paywall-copy", "variations": ["control", "annual-first"],
             "weights": [0.5, 0.5], "condition": {"country": "US"}, "guardrails": ["paywall", "$complete"],
             "minimumDetectableEffect": 0.05, "hypothesis": "Annual first sells more.\n"}]}
            """#.utf8))
        let existing = try #require(document.experiments.first)
        var form = ExperimentForm(experiment: existing, subject: "upgrade")
        #expect(form.conditionRows == [ConditionRow("country", .eq, "US")])
        #expect(form.minimumDetectableEffect == "5")
        // As posted: the checkboxes in the flow's order, the hypothesis trimmed.
        form.guardrails = ["$complete", "paywall"]
        form.hypothesis = "Annual first sells more."
        let unchanged = try form.updateEdit(of: existing)
        #expect(unchanged["set"] == .object([:]), "\(unchanged)")
        form.variations[1].weight = "60"
        form.variations[0].weight = "40"
        form.conditionRows.append(ConditionRow("appLaunches", .gte, "3"))
        form.minimumDetectableEffect = ""
        let changed = try form.updateEdit(of: existing)
        #expect(changed == (try JSONValue(parsing: #"""
            {"op": "update-experiment", "key": "paywall-copy", "set": {"weights": [0.4, 0.6], "minimumDetectableEffect": null,
             "condition": {"country": {"$eq": "US"}, "appLaunches": {"$gte": 3}}}}
            """#)))
    }

    @Test func percentagesBecomeTheSharesAPersonWouldWrite() {
        #expect(ExperimentForm.fraction(percent: "5") == .number(0.05))
        #expect(ExperimentForm.fraction(percent: "33.3 %") == .number(0.333))
        #expect(ExperimentForm.fraction(percent: "") == nil)
        #expect(ExperimentForm.fraction(percent: "ten") == .string("ten"))
        #expect(ExperimentForm.percent(0.05) == "5")
        #expect(ExperimentForm.percent(0.333) == "33.3")
        #expect(ExperimentForm.field(ofPath: "experiments[2].weights[1]", experimentIndex: 2) == "variation-1-weight")
        #expect(ExperimentForm.field(ofPath: "experiments[2].guardrails[0]", experimentIndex: 2) == "guardrails")
        #expect(ExperimentForm.field(ofPath: "experiments[2].condition.country", experimentIndex: 2) == "condition")
        #expect(ExperimentForm.field(ofPath: "experiments[20].goal", experimentIndex: 2) == nil)
        #expect(ExperimentForm.field(ofPath: "flows[0].steps[1]", experimentIndex: 2) == nil)
    }
}
