import Foundation
import NIOHTTP1
import Testing
import Waypoint
import WaypointTools

/// A product person's whole loop in Chromium, without JSON: sign in, translate the paywall into
/// Spanish, start a two-variation test on its headline with the goal `purchase`, publish through the
/// preview, read the result once users came, ship the winner and publish again. What the app is
/// served equals what the JSON edits route makes from the same edits, and the concluded experiment
/// keeps its figures. Part of the serialized browser suite; the pages' screenshots are kept for docs/.
extension BrowserTests {
    struct JourneySeen: Sendable {
        var afterSignIn: String?
        var stepEditor = "", afterTranslation: String?
        var experimentForm = "", afterExperiment: String?
        var variationEditor = "", afterVariation: String?
        var revision = "", afterPublish: String?
        var experiment = "", power: String?, decideButtons: [String] = []
        var shipPreview = "", afterShip: String?, afterShipPublish: String?
        var app = ""
    }

    static let journeyPassword = "a product person's long password"
    static let journeyExperiment = "paywall-headline"

    /// The example document without its `paywall-copy` experiment: the paywall is free to test.
    static func journeyBase() throws -> Data {
        Data(try DocumentEdits.apply(Data(#"{"edits": [{"op": "stop-experiment", "key": "paywall-copy"}]}"#.utf8),
                                     to: WaypointDocument(validating: TestServer.example("waypoint.json"))).text.utf8)
    }

    /// The events of `users` who reach the paywall of `upgrade` under `document` (revision
    /// `revision`), each in the variation the document assigns them; `converts` says who subscribes.
    static func journeyEvents(
        _ document: WaypointDocument, revision: Int, users: Range<Int>, converts: (_ variation: String, _ user: Int) -> Bool
    ) throws -> [String] {
        var lines: [String] = []
        let start = Date().addingTimeInterval(-3 * 86_400)
        for user in users {
            let id = "learner-\(user)"
            let resolution = try document.resolve(attributes: ["id": .string(id)])
            let variation = try #require(resolution.flows["upgrade"]?.stepExperiments.first?.assignment.variation)
            let at = start.addingTimeInterval(Double(user) * 600)
            func event(_ name: String, _ second: Int, step: String? = nil, outcome: String? = nil, exposed: Bool) -> String {
                var object: [String: Any] = [
                    "messageId": UUID().uuidString.lowercased(), "userId": id, "event": name, "flowId": "upgrade", "flowVersion": 1,
                    "revision": revision,
                    "timestamp": ISO8601DateFormatter().string(from: at.addingTimeInterval(Double(second))),
                ]
                if let step { object["stepId"] = step }
                if let outcome { object["outcome"] = outcome }
                if exposed {
                    object["experiment"] = journeyExperiment
                    object["variation"] = variation
                }
                let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
                return String(decoding: data, as: UTF8.self)
            }
            lines.append(event("Flow Started", 0, exposed: false))
            lines.append(event("Step Viewed", 1, step: "features", exposed: false))
            lines.append(event("Step Completed", 4, step: "features", outcome: "next", exposed: false))
            lines.append(event("Step Viewed", 5, step: "paywall", exposed: true))
            if converts(variation, user) {
                lines.append(event("Step Completed", 9, step: "paywall", outcome: "subscribe", exposed: true))
                lines.append(event("Step Viewed", 10, step: "purchase", exposed: true))
            } else {
                lines.append(event("Step Completed", 9, step: "paywall", outcome: "notNow", exposed: true))
            }
            lines.append(event("Flow Completed", 12, exposed: true))
        }
        return lines
    }

    @Test func aProductPersonTranslatesTestsAndShipsWithoutJSON() async throws {
        guard Chromium.executable != nil else {
            Issue.record("chromium is not installed, and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            let server = try await ServerProcess(["--data", data.path])
            let port = server.port
            let base = "http://127.0.0.1:\(port)"
            func admin(_ path: String, _ method: HTTPMethod = .GET, _ body: String? = nil) async throws -> HTTP.Answer {
                try await HTTP.send(port: port, path, method: method, headers: HTTP.admin, body: body.map { Data($0.utf8) })
            }
            // The app, its first revision published, the owner and the product person (a publisher).
            let app = try await HTTP.createApp(port: port, "lingo")
            let twinApp = try await HTTP.createApp(port: port, "twin")
            let baseDocument = try Self.journeyBase()
            for id in ["lingo", "twin"] {
                let upload = try await HTTP.send(port: port, "/v1/apps/\(id)/revisions", method: .POST, headers: HTTP.admin, body: baseDocument)
                #expect(upload.status == 201, "\(upload.text)")
            }
            #expect(try await admin("/v1/apps/lingo/environments/production/publish", .POST, #"{"revision":1}"#).status == 200)
            for (email, role) in [("olive@example.com", "owner"), ("pat@example.com", "publisher")] {
                let person = #"{"email":"\#(email)","name":"\#(email)","role":"\#(role)","password":"\#(Self.journeyPassword)"}"#
                let added = try await admin("/v1/people", .POST, person)
                #expect(added.status == 201, "\(added.text)")
            }

            // Sign in, translate the paywall, start the test and publish it.
            let experiment = Self.journeyExperiment
            let first = try await Self.onThread { () throws -> JourneySeen in
                var seen = JourneySeen()
                let browser = try Self.signedInAsPat(base, screenshot: true)
                seen.afterSignIn = try browser.evaluate("location.pathname") as? String

                func fill(label: String, with text: String) throws {
                    let found = try browser.evaluate("""
                        (() => { const e = document.querySelector('input[aria-label="\(label)"]'); if (!e) return false; e.value = ''; e.focus(); return true })()
                        """) as? Bool
                    guard found == true else { throw TestFailure("no field labelled \(label) on \(try browser.location())") }
                    try browser.type(text)
                }
                func submit(_ selector: String) throws {
                    let found = try browser.evaluate("(() => { const b = document.querySelector('\(selector)'); if (!b) return false; b.focus(); return true })()") as? Bool
                    guard found == true else { throw TestFailure("no \(selector) on \(try browser.location())") }
                    try browser.pressEnterAndWait()
                }

                // The paywall's texts side by side, with a Spanish column added.
                try browser.navigate(base + "/apps/lingo/revisions/1/flows/upgrade/steps/paywall?add=es")
                try fill(label: "headline (es)", with: "Hazte premium")
                try fill(label: "body (es)", with: "Proyectos y capas sin límite.")
                try fill(label: "button (es)", with: "Prueba gratis")
                seen.stepEditor = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-step-editor")
                try submit("form.stack button[type=submit]")
                seen.afterTranslation = try browser.location()

                // The test: two variations, the goal `purchase`, finishing the flow as a guardrail.
                try browser.navigate(base + "/apps/lingo/revisions/2/experiments/new?flow=upgrade")
                try browser.fill("key", with: experiment)
                try browser.fill("variation-1-name", with: "bold")
                try browser.evaluate("document.getElementById('goal').value = 'purchase'")
                try browser.evaluate("document.querySelector('input[name=guardrail][value=\"$complete\"]').checked = true")
                try browser.fill("minimumDetectableEffect", with: "20")
                try browser.fill("hypothesis", with: "A bolder headline sells more.")
                seen.experimentForm = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-experiment-form")
                try submit("button[name=action][value=save]:not(.default-action)")
                seen.afterExperiment = try browser.location()

                // What `bold` changes: the headline, in both locales, through the same step editor.
                try browser.navigate(base + "/apps/lingo/revisions/3/flows/upgrade/steps/paywall?experiment=\(experiment)&variation=bold")
                try fill(label: "headline (en)", with: "Unlock every lesson")
                try fill(label: "headline (es)", with: "Desbloquea todas las lecciones")
                seen.variationEditor = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-variation-editor")
                try submit("form.stack button[type=submit]")
                seen.afterVariation = try browser.location()

                // The draft's changes in words and its publish preview; publish.
                try browser.navigate(base + "/apps/lingo/revisions/4?environment=production")
                seen.revision = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-revision")
                try browser.evaluate("document.querySelectorAll('form[action$=\"/publish\"] input[name=confirm]').forEach(c => c.checked = true)")
                try submit("form[action$=\"/publish\"] button[type=submit]")
                seen.afterPublish = try browser.location()
                return seen
            }
            #expect(first.afterSignIn == "/apps/lingo")
            #expect(first.stepEditor.contains("<strong>missing</strong>"), "the empty Spanish cells are marked")
            #expect(first.afterTranslation?.contains("/apps/lingo/revisions/2/flows/upgrade/steps/paywall?saved=2") == true, "\(first.afterTranslation ?? "")")
            #expect(first.afterExperiment?.contains("/apps/lingo/revisions/3") == true, "\(first.afterExperiment ?? "")")
            #expect(first.afterVariation?.contains("/apps/lingo/revisions/4/") == true, "\(first.afterVariation ?? "")")
            #expect(first.revision.contains("Hazte premium"), "the revision page says what changed, in words")
            #expect(first.revision.contains("experiment \(experiment) added (2 variations, goal purchase)"))
            #expect(first.revision.contains("experiment \(experiment) · bold · paywall · headline (en): 'Unlock every lesson'"), "what bold changes, in words")
            #expect(!first.revision.contains("\"$text\""), "no JSON on the revision page")

            // The served document is the JSON route's result of the same edits, made on the twin app.
            let served = try await HTTP.send(port: port, "/v1/document", headers: [("Waypoint-Key", app.production)])
            #expect(served.status == 200)
            let made = try await admin("/v1/apps/lingo/revisions")
            let revisions = try made.object()["revisions"] as? [[String: Any]] ?? []
            let edits = revisions.compactMap { $0["edits"] as? [String] }
            #expect(edits.count == 3, "revisions 2, 3 and 4 were made by edits: \(revisions)")
            let sameEdits = #"""
                {"edits": [
                  {"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"},
                  {"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "body", "locale": "es", "text": "Proyectos y capas sin límite."},
                  {"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "button", "locale": "es", "text": "Prueba gratis"},
                  {"op": "add-experiment", "experiment": {"key": "paywall-headline", "variations": ["control", "bold"], "weights": [0.5, 0.5],
                    "goal": "purchase", "guardrails": ["$complete"], "minimumDetectableEffect": 0.2, "hypothesis": "A bolder headline sells more."}},
                  {"op": "update-experiment", "key": "paywall-headline", "set": {"changes": {"bold": [{"flow": "upgrade", "step": "paywall",
                    "set": {"content": {"headline": {"$text": {"en": "Unlock every lesson", "de": "Premium holen", "es": "Desbloquea todas las lecciones"}}}}}]}}}
                ]}
                """#
            let twin = try await admin("/v1/apps/twin/revisions/1/edits", .POST, sameEdits)
            #expect(twin.status == 201, "\(twin.text)")
            let twinRevision = try twin.object()["revision"] as? Int ?? -1
            let twinServed = try await Self.publishedDocument(port: port, app: twinApp, revision: twinRevision)
            #expect(served.text == twinServed.text, "served:\n\(served.text)\nJSON route:\n\(twinServed.text)")

            // Learners arrive: bold converts far more often than the control.
            let published = try WaypointDocument(validating: served.body)
            let lines = try Self.journeyEvents(published, revision: 4, users: 0..<400) { variation, user in
                variation == "bold" ? user % 10 < 5 : user % 10 < 2
            }
            for start in stride(from: 0, to: lines.count, by: 500) {
                let answer = try await HTTP.postEvents(port: port, key: app.production, lines: Array(lines[start..<min(start + 500, lines.count)]))
                #expect(answer.status == 200, "\(answer.text)")
            }
            let report = try await admin("/v1/apps/lingo/experiments/\(experiment)?environment=production&sequential=true").object()

            // Read the result with its power, ship the winner, publish.
            let second = try await Self.onThread { () throws -> JourneySeen in
                var seen = JourneySeen()
                let browser = try Self.signedInAsPat(base)
                try browser.navigate(base + "/apps/lingo/experiments/\(experiment)?environment=production")
                seen.experiment = try browser.dom()
                seen.power = try browser.evaluate("document.querySelector('li[data-power=\"bold\"]')?.textContent ?? 'none'") as? String
                seen.decideButtons = try browser.evaluate(
                    "Array.from(document.querySelectorAll('section.decide button')).map(b => b.textContent)") as? [String] ?? []
                try Self.keep(try browser.screenshot(), "console-experiment")
                try browser.evaluate("document.querySelector('form[action$=\"/ship\"] button').focus()")
                try browser.pressEnterAndWait()
                seen.afterShip = try browser.location()
                seen.shipPreview = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-ship-preview")
                try browser.evaluate("document.querySelectorAll('form[action$=\"/publish\"] input[name=confirm]').forEach(c => c.checked = true)")
                try browser.evaluate("document.querySelector('form[action$=\"/publish\"] button[type=submit]').focus()")
                try browser.pressEnterAndWait()
                seen.afterShipPublish = try browser.location()
                try browser.navigate(base + "/apps/lingo")
                seen.app = try browser.dom()
                try Self.keep(try browser.screenshot(), "console-app")
                return seen
            }
            let bold = (report["variations"] as? [[String: Any]])?.first { $0["variation"] as? String == "bold" } ?? [:]
            let power = bold["power"] as? [String: Any]
            let figures = ExperimentPower(usersNeeded: power?["usersNeeded"] as? Int, daysLeft: power?["daysLeft"] as? Int)
            #expect(power?["usersNeeded"] is Int, "\(report)")
            #expect(second.power == "bold: " + ReportText.power(figures, users: bold["users"] as? Int ?? -1), "\(second.power ?? "none")")
            #expect(report["goal"] as? String == "purchase", "the declared goal is the report's default")
            #expect(second.decideButtons == ["Ship bold", "Stop"], "\(second.decideButtons)")
            #expect(second.afterShip?.contains("/apps/lingo/revisions/5?environment=production") == true, "\(second.afterShip ?? "")")
            #expect(second.shipPreview.contains("\(experiment) removed") || second.shipPreview.contains(experiment), "the preview says the experiment ends")

            // Shipped: the served document is the JSON route's ship-variation of revision 4.
            let shipped = try await HTTP.send(port: port, "/v1/document", headers: [("Waypoint-Key", app.production)])
            let twinShip = try await admin(
                "/v1/apps/twin/revisions/\(twinRevision)/edits", .POST,
                #"{"edits": [{"op": "ship-variation", "experiment": "paywall-headline", "variation": "bold"}]}"#)
            #expect(twinShip.status == 201, "\(twinShip.text)")
            let twinShipped = try await Self.publishedDocument(port: port, app: twinApp, revision: try twinShip.object()["revision"] as? Int ?? -1)
            #expect(shipped.text == twinShipped.text, "served:\n\(shipped.text)\nJSON route:\n\(twinShipped.text)")
            let everyone = try WaypointDocument(validating: shipped.body)
            #expect(everyone.experiments.map(\.key) == ["short-signup"], "paywall-headline ended")
            let paywall = everyone.flows.first { $0.id == "upgrade" }?.steps.first { $0.id == "paywall" }
            #expect(paywall?.content?["headline"] == .text(.translations(["en": "Unlock every lesson", "de": "Premium holen", "es": "Desbloquea todas las lecciones"])),
                    "everyone gets bold's headline: \(String(describing: paywall?.content?["headline"]))")

            // The concluded experiment is listed with its frozen figures, on the API and the app page.
            let list = try await admin("/v1/apps/lingo/experiments?environment=production").object()["experiments"] as? [[String: Any]] ?? []
            let record = list.first { $0["key"] as? String == experiment }
            #expect(record?["status"] as? String == "concluded", "\(list)")
            #expect(record?["decision"] as? String == "shipped")
            #expect(record?["variation"] as? String == "bold")
            let frozen = try await admin("/v1/apps/lingo/experiments/\(experiment)?environment=production").object()
            let fixed = report["variations"] as? [[String: Any]] ?? []
            #expect((frozen["variations"] as? [[String: Any]])?.map { $0["users"] as? Int } == fixed.map { $0["users"] as? Int })
            #expect((frozen["variations"] as? [[String: Any]])?.map { $0["conversions"] as? Int } == fixed.map { $0["conversions"] as? Int })
            #expect((frozen["concluded"] as? [String: Any])?["decision"] as? String == "shipped")
            #expect(second.app.contains(experiment) && second.app.contains("shipped"), "the app page lists the concluded experiment")
            // And says how each revision was made, in words.
            #expect(second.app.contains("edits of revision 4<ul class=\"edits\"><li>paywall-headline: bold shipped to everyone</li></ul>"), "\(second.app)")
            #expect(second.app.contains(#"<li>paywall · headline (es): &quot;Hazte premium&quot;</li>"#) || second.app.contains(#"<li>paywall · headline (es): "Hazte premium"</li>"#))

            // The audit log says who did what, in words.
            let audit = try await admin("/v1/audit?app=lingo").object()["entries"] as? [[String: Any]] ?? []
            let byPat = audit.filter { entry in
                let actor = entry["actor"] as? [String: Any]
                return (actor?["name"] as? String ?? actor?["id"] as? String ?? "").contains("pat@example.com")
            }
            let actions = byPat.compactMap { $0["action"] as? String }
            #expect(actions.filter { $0 == "revision-uploaded" }.count == 4, "3 edits and the ship: \(actions)")
            #expect(actions.filter { $0 == "revision-published" }.count == 2, "\(actions)")
            let text = String(decoding: try JSONSerialization.data(withJSONObject: byPat), as: UTF8.self)
            #expect(text.contains("Hazte premium"), "the edits in words")
            #expect(text.contains("concludes \(experiment): shipped bold"), "\(text.prefix(2000))")
            #expect(server.terminate() == 0)
        }
    }

    /// A browser in which the product person signed in with the form, on the app's page.
    static func signedInAsPat(_ base: String, screenshot: Bool = false) throws -> ChromiumSession {
        let browser = try ChromiumSession()
        try browser.navigate(base + "/login?next=%2Fapps%2Flingo")
        try browser.fill("email", with: "pat@example.com")
        try browser.fill("password", with: journeyPassword)
        if screenshot { try keep(try browser.screenshot(), "console-sign-in") }
        try browser.pressEnterAndWait()
        return browser
    }

    /// `revision` of `app` published to production, and the document its SDK key is then served.
    static func publishedDocument(port: Int, app: TestApp, revision: Int) async throws -> HTTP.Answer {
        let published = try await HTTP.send(
            port: port, "/v1/apps/\(app.id)/environments/production/publish", method: .POST, headers: HTTP.admin,
            body: Data(#"{"revision":\#(revision)}"#.utf8))
        guard published.status == 200 else { throw TestFailure("publish \(app.id) \(revision): \(published.status) \(published.text)") }
        return try await HTTP.send(port: port, "/v1/document", headers: [("Waypoint-Key", app.production)])
    }
}
