import Foundation
import Testing
import WaypointTools

extension BrowserTests {
    /// The experiment page in Chromium over the seeded server (80 played users of `signup`, split by
    /// `short-signup`): its figures are the API's (sequential by default), the goal selector is a
    /// GET form, and the fixed-horizon figures are one link away.
    @Test func theExperimentPageShowsTheReportsFiguresInChromium() async throws {
        guard Chromium.executable != nil else {
            Issue.record("chromium is not installed, and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            let server = try await Self.seededServer(data: data)
            let base = "http://127.0.0.1:\(server.port)"
            try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
            let path = "/v1/apps/fitness/experiments/short-signup"
            let sequential = try await HTTP.send(port: server.port, path + "?sequential=true", headers: HTTP.admin).object()
            let fixed = try await HTTP.send(port: server.port, path, headers: HTTP.admin).object()
            let byStep = try await HTTP.send(port: server.port, path + "?sequential=true&goal=shared-end%2Fdone", headers: HTTP.admin).object()

            let seen = try await Self.onThread { () throws -> [String: String] in
                var seen: [String: String] = [:]
                let browser = try ChromiumSession()
                try browser.navigate(base + "/login?next=%2Fapps%2Ffitness")
                try browser.fill("token", with: TestServer.adminToken)
                try browser.pressEnterAndWait()
                seen["app"] = try browser.dom()
                try browser.navigate(base + "/apps/fitness/flows/signup")
                seen["flow"] = try browser.dom()
                try browser.navigate(base + "/apps/fitness/experiments/short-signup")
                func figure(_ variation: String, _ name: String) throws -> String {
                    try browser.evaluate(
                        "document.querySelector('tr[data-variation=\"\(variation)\"] td[data-figure=\"\(name)\"]').textContent") as? String ?? "?"
                }
                for name in ["users", "rate", "uplift", "pValue", "chanceToWin"] { seen["short." + name] = try figure("short", name) }
                seen["control.users"] = try figure("control", "users")
                seen["short.power"] = try browser.evaluate("document.querySelector('li[data-power=\"short\"]').textContent") as? String
                seen["charts"] = String(try browser.evaluate("document.querySelectorAll('main svg.wp-uplift').length") as? Int ?? 0)
                seen["test"] = try browser.evaluate("document.querySelector('[data-figure=\"test\"]').textContent") as? String
                seen["page"] = try browser.dom()
                try Self.keep(try browser.screenshot(), "experiment")
                // The goal selector: choose the last step, submit with Enter on the button.
                try browser.evaluate("document.getElementById('goal').value = 'shared-end/done'")
                try browser.evaluate("document.querySelector('form[aria-label=\"Goal\"] button').focus()")
                try browser.pressEnterAndWait()
                seen["goalQuery"] = try browser.evaluate("location.search") as? String
                seen["goal.pValue"] = try figure("short", "pValue")
                // The scope's links keep the goal: "Last 7 days" still shows it.
                seen["weekHref"] = try browser.evaluate(
                    "Array.from(document.querySelectorAll('section.scope a')).find(a => a.textContent === 'Last 7 days')?.getAttribute('href') ?? 'none'") as? String
                seen["subjectHref"] = try browser.evaluate("document.querySelector('.crumbs a:last-child').getAttribute('href')") as? String
                // The fixed-horizon figures are one link away.
                try browser.navigate(base + "/apps/fitness/experiments/short-signup?sequential=false")
                seen["fixed.pValue"] = try figure("short", "pValue")
                seen["fixed.uplift"] = try figure("short", "uplift")
                return seen
            }
            func variation(_ report: [String: Any], _ name: String) -> [String: Any] {
                (report["variations"] as? [[String: Any]])?.first { $0["variation"] as? String == name } ?? [:]
            }
            func uplift(_ object: [String: Any]) -> String {
                guard let uplift = object["uplift"] as? [String: Any], let expected = uplift["expected"] as? Double,
                      let ci = uplift["ci"] as? [Double] else { return "–" }
                return ReportText.uplift(ExperimentReport.Uplift(expected: expected, ci: ci))
            }
            let short = variation(sequential, "short")
            #expect(seen["short.users"] == String(short["users"] as? Int ?? -1))
            #expect(seen["control.users"] == String(variation(sequential, "control")["users"] as? Int ?? -1))
            #expect(seen["short.rate"] == ReportText.percent(short["rate"] as? Double ?? .nan))
            #expect(seen["short.uplift"] == uplift(short))
            #expect(seen["short.pValue"] == ReportText.pValue(short["pValue"] as? Double))
            #expect(seen["short.chanceToWin"] == ReportText.percent(short["chanceToWin"] as? Double ?? .nan))
            // The days left, in words, from the API's figures.
            let power = short["power"] as? [String: Any]
            let figures = ExperimentPower(usersNeeded: power?["usersNeeded"] as? Int, daysLeft: power?["daysLeft"] as? Int)
            #expect(power != nil)
            #expect(seen["short.power"] == "short: " + ReportText.power(figures, users: short["users"] as? Int ?? -1))
            #expect(seen["charts"] == "1")
            #expect(seen["test"]?.contains("peeking at a fixed-horizon test inflates false positives") == true)
            #expect(seen["goalQuery"]?.contains("goal=shared-end%2Fdone") == true, "\(seen["goalQuery"] ?? "none")")
            let week = SeedData.day(Date().addingTimeInterval(-7 * 86_400))
            #expect(seen["weekHref"] == "?environment=production&since=\(week)&goal=shared-end/done", "\(seen["weekHref"] ?? "none")")
            #expect(seen["subjectHref"] == "/apps/fitness/flows/signup?environment=production", "\(seen["subjectHref"] ?? "none")")
            #expect(seen["goal.pValue"] == ReportText.pValue(variation(byStep, "short")["pValue"] as? Double))
            #expect(seen["fixed.pValue"] == ReportText.pValue(variation(fixed, "short")["pValue"] as? Double))
            #expect(seen["fixed.uplift"] == uplift(variation(fixed, "short")))
            #expect(seen["fixed.pValue"] != seen["short.pValue"])
            #expect(seen["app"]?.contains(#"href="/apps/fitness/experiments/short-signup?environment=production""#) == true)
            #expect(seen["flow"]?.contains(#"href="/apps/fitness/experiments/short-signup?environment=production""#) == true)
            #expect(server.terminate() == 0)
        }
    }
}
