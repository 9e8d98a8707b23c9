import Foundation
import Hummingbird
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// Every dashboard template against the type of the values it renders.
///
/// A name a template looks up that its context type does not have renders as nothing, so these
/// tests refuse it; and a property the template never shows.
@Suite("Templates and their contexts")
struct TemplateContextTests {
    /// A page context, named by its template in the test list.
    struct Sample: Sendable, CustomTestStringConvertible {
        let context: any PageContext
        var template: String { type(of: context).template }
        var testDescription: String { template }
    }

    /// A context of each page, every optional set and every list filled so every section is checked.
    static let samples: [Sample] = ([
        LayoutContext(title: "Apps", signedIn: true, csrf: "token", may: Permissions(role: .owner), body: "<h1>Apps</h1>"),
        ErrorPageContext(heading: "Not found", message: "There is no app.", back: .init(href: "/apps", label: "Back to the apps")),
        SignInPageContext(csrf: "token", next: "/apps", message: "Enter the token again.", withAccount: true),
        PeoplePageContext(
            csrf: "token",
            accounts: [AccountRecord(
                id: "a1", email: "ada@example.com", name: "Ada", role: .owner, passwordHash: "$2b$04$x", createdAt: Date(timeIntervalSince1970: 0))],
            you: "a1", bootstrap: true, notice: "The account was added.", message: "That password is too short.", formEmail: "bob@example.com",
            formName: "Bob", formRole: .editor),
        TokensPageContext(
            csrf: "token",
            rows: [.init(
                PersonalTokenRecord(
                    tokenHash: "ab", prefix: "wpt_12345678", accountID: "a1", name: "CI", role: .publisher,
                    createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 86_400), revokedAt: nil,
                    lastUsedAt: Date(timeIntervalSince1970: 60)),
                now: Date(timeIntervalSince1970: 3600), csrf: "token")],
            roles: [.init(value: "viewer", selected: true)], created: .init(token: "wpt_123456789", prefix: "wpt_12345678"),
            notice: "The token is revoked.", message: "A token cannot have more rights than its account."),
        AppsPageContext(
            csrf: "token",
            rows: [.init(app: app, summary: EnvironmentSummary(name: "production", publishedRevision: 1, lastEventAt: 1_800_000_000_000, recentEvents: 3), revisions: 1)],
            message: "The app exists.", formID: "fitness", formName: "Fitness", may: Permissions(role: .owner)),
        CreatedAppPageContext(
            AppAdministration.CreatedApp(app: app, keys: [("production", "wps_1"), ("staging", "wps_2")])),
        RotatedKeyPageContext(
            app: app,
            rotated: AppAdministration.RotatedKey(
                environment: "production", key: "wps_new00000", prefix: "wps_new00000",
                keys: [
                    SDKKeySummary(prefix: "wps_old00000", createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 7200)),
                    SDKKeySummary(prefix: "wps_new00000", createdAt: Date(timeIntervalSince1970: 60), expiresAt: nil),
                ],
                at: Date(timeIntervalSince1970: 60))),
        AppPageContext(
            csrf: "token", app: app,
            environments: [
                .init(
                    "production", appID: "fitness", published: published,
                    keys: [
                        SDKKeySummary(prefix: "wps_old00000", createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 7200)),
                        SDKKeySummary(prefix: "wps_new00000", createdAt: Date(timeIntervalSince1970: 60), expiresAt: nil),
                    ],
                    now: Date(timeIntervalSince1970: 3600), csrf: "token",
                    experiments: [
                        .init(
                            key: "short-signup", flowID: "signup", walkthroughID: nil, goal: "$complete", hypothesis: nil,
                            since: Date(timeIntervalSince1970: 0), conclusion: nil),
                        .init(
                            key: "paywall-copy", flowID: nil, walkthroughID: nil, goal: "$complete", hypothesis: nil, since: nil,
                            conclusion: conclusion),
                    ])
            ],
            revisions: [.init(RevisionSummary(revision: 2, sha256: "ab", createdAt: Date(), publishedTo: ["production"], base: 1, edits: #"{"edits": [{"op": "stop-experiment", "key": "short-signup"}]}"#), appID: "fitness")],
            notice: "Revision 2 is published.", message: "The document has 1 error.",
            diagnostics: DiagnosticTable([diagnostic], caption: "Problems"), draft: "{}", may: Permissions(role: .owner)),
        revisionSample(
            csrf: "token", app: app, summary: summary, summaries: [summary, RevisionSummary(revision: 1, sha256: "cd", createdAt: Date(), publishedTo: [])],
            preview: PublishPreview(
                revision: 2, environment: "production", publishedRevision: 3, diagnostics: [diagnostic],
                flows: [
                    FlowPreview(
                        id: "signup", pathCount: .init(published: .counted(5), candidate: .uncountable("a loop")),
                        inFlight: InFlightUsers(
                            users: 4, resumed: [.init(step: "login", users: 1)],
                            truncated: [.init(step: "splash", users: 2, droppedVisits: 2)], discarded: 1))
                ]),
            against: 1, changes: [.init(.added, "paywall · headline (es): 'Hazte premium'")],
            document: try? WaypointDocument(validating: TestServer.example("waypoint.json")),
            message: "Nothing was published.", may: Permissions(role: .owner)),
        StepEditorPageContext(
            csrf: "token", appID: "fitness", appName: "Fitness", revision: 2, flowID: "upgrade", stepID: "paywall",
            variationNote: "What variation annual-first changes.", action: "/apps/fitness/revisions/2/flows/upgrade/steps/paywall",
            revisionHref: "/apps/fitness/revisions/2", notice: "Saved as revision 2 (draft).", message: "Nothing was saved.",
            problems: [.init(message: "A problem.")], mayEdit: true, columns: [.init(locale: "en", isDefault: true)], columnList: "en",
            screen: "Paywall", screenProblems: [.init(message: "No screen.")],
            outcomes: [.init(outcome: "subscribe", name: "on.0", value: "purchase", problems: [.init(message: "No such step.")])], hasOutcomes: true,
            stepChoices: [.init(value: "purchase")],
            texts: [.init(
                key: "headline",
                cells: [.init(name: "text.0.0", locale: "es", value: "", missing: true, fallback: "Go premium", notLocalized: true,
                              problems: [.init(message: "Not a locale.")])],
                problems: [.init(message: "An error.")])],
            hasTexts: true,
            values: [.init(key: "trialDays", name: "value.1", value: "7", isNumber: true, isBool: true, isTrue: true, isReadOnly: true,
                           problems: [.init(message: "Not a number.")])],
            hasValues: true, query: [.init(name: "experiment", value: "paywall-copy")]),
        HintEditorPageContext(
            csrf: "token", appID: "fitness", appName: "Fitness", revision: 2, walkthroughID: "layering", stepID: "intro",
            targetElementId: "editor.layersButton", variationNote: "The hint as variation b shows it.", variationName: "b",
            action: "/apps/fitness/revisions/2/walkthroughs/layering/steps/intro?experiment=tips&variation=b",
            revisionHref: "/apps/fitness/revisions/2", notice: "Saved.", message: "Nothing was saved.", problems: [.init(message: "A problem.")],
            mayEdit: true, columns: [.init(locale: "en", isDefault: true)], columnList: "en",
            cells: [.init(
                name: "text.0", locale: "en", value: "Hi", missing: true, fallback: "Hi", notLocalized: true, changed: true, own: "Hello",
                problems: [.init(message: "Empty.")])],
            textProblems: [.init(message: "Empty.")], textChanged: true, positionChanged: true, shapeChanged: true, triggerChanged: true,
            canSkipChanged: true, positions: [.init(value: "auto", label: "auto", selected: true)],
            positionProblems: [.init(message: "Choose.")], shapes: [.init(value: "circle", label: "circle", selected: true)], cornerRadius: "0",
            padding: "8", shapeProblems: [.init(message: "Not a number.")], triggers: [.init(value: "button", label: "Next", selected: true)],
            triggerElement: "editor.layersButton", directions: [.init(value: "left", label: "left", selected: true)], triggerSeconds: "3",
            triggerEvent: "saved", triggerProblems: [.init(message: "Choose.")], canSkipOptions: [.init(value: "yes", label: "yes", selected: true)],
            canSkipProblems: [.init(message: "Choose.")], previewLocale: "en", previewLocales: [.init(value: "en", label: "en", selected: true)],
            previewSVG: "<svg></svg>", previewProblem: "Cannot draw.", query: [.init(name: "experiment", value: "tips")]),
        FlowPageContext(
            appID: "fitness", appName: "Fitness", flowID: "signup", scope: scopeSample,
            groups: [
                .init(
                    title: "All users", anchor: "all-users", started: 2, completed: 1, abandoned: 1, inProgress: 0, completionRate: "50.0%",
                    medianToComplete: "3 s", bars: "<svg></svg>",
                    steps: [.init(id: "splash", inDocument: false, viewed: 2, skipped: 0, droppedHere: 1, dropRate: "50.0%", median: "1 s", outcomes: "login 1")],
                    hasGraph: true, graphNote: "Drawn against revision 1's document.", graph: "<svg></svg>",
                    edges: [.init(from: "splash", outcome: "login", to: "login", users: 1, untaken: true)], hasUntaken: true,
                    note: ReportText.notExposedMeaning)
            ],
            hasGroups: true, splitTitle: "app version",
            splitLinks: [.init(label: "app version", href: "?environment=production", current: true),
                         .init(label: "locale", href: "?environment=production&by=locale", current: false)],
            splitCaption: "Users who stopped on each step, by the app version of their last event with one",
            hasSplitValues: true, splitValues: ["1.0"], splitRows: [.init(step: "splash", cells: [1])],
            splitNote: "No event of this flow carries a locale.",
            withoutStart: "1 user with events but no Flow Started is left out of every figure.", invalidLines: 3, folded: "3 variations under (other).",
            experiments: [.init(key: "short-signup", href: "/apps/fitness/experiments/short-signup?environment=production")]),
        ExperimentPageContext(
            appID: "fitness", appName: "Fitness", experiment: "short-signup", subject: "flow signup",
            subjectHref: "/apps/fitness/flows/signup?environment=production", scope: scopeSample, goal: "$complete",
            goals: [.init(value: "$complete", label: "$complete: the flow completed", selected: true)],
            goalFields: [.init(name: "environment", value: "production")],
            testNote: ExperimentPage.sequentialNote, otherTestHref: "?environment=production&sequential=false",
            otherTestLabel: "Show the fixed-horizon figures", sampleRatio: "Sample ratio check: p = 0.5; users split as the weights say.",
            srmWarning: "WARNING: sample ratio mismatch.",
            variations: [
                .init(name: "short", isControl: false, users: 10, conversions: 0, rate: "0.0%", uplift: "–", pValue: "–", chanceToWin: "–",
                      risk: "–", note: "No figures: a variation has no users (NO_UNITS_IN_VARIATION)."),
                .init(name: "control", isControl: true, users: 10, conversions: 4, rate: "40.0%", uplift: "", pValue: "", chanceToWin: "",
                      risk: "", note: nil),
            ],
            minimumDetectableEffect: "+10.0%",
            power: [.init(name: "short", text: "10 of 2,387 users: about 9 more days at this traffic")],
            guardrails: [.init(
                goal: "$complete",
                variations: [.init(name: "short", isControl: false, users: 10, conversions: 1, rate: "10.0%", uplift: "-75.0% [< -100%, -2.0%]",
                                   pValue: "0.0400", chanceToWin: "2.0%", risk: "1.0% / 40.0%", note: nil)],
                warnings: ["short is worse than the control on $complete: its whole interval lies below 0."])],
            upliftChart: "<svg></svg>", stepVariations: ["control", "short"],
            steps: [.init(id: "splash", cells: [.init(rate: "90.0%", comparison: "-10.0%, p 0.0400"), .init(rate: "100.0%", comparison: nil)])],
            multipleVariations: 1, undeclaredVariationUsers: 2, invalidLines: 3,
            splitLinks: [.init(label: "no split", href: "?environment=production", current: false),
                         .init(label: "locale", href: "?environment=production&by=locale", current: true)],
            dimensionGroups: [.init(
                title: "Locale de", value: "de",
                variations: [.init(name: "control", isControl: true, users: 5, conversions: 2, rate: "40.0%", uplift: "", pValue: "",
                                   chanceToWin: "", risk: "", note: nil)])],
            dimensionNote: "Each locale is compared on its own, with the same tests.",
            decision: .init(
                csrf: "token", environment: "production", publishedRevision: 1, control: "control",
                shipAction: "/apps/fitness/environments/production/experiments/short-signup/ship",
                stopAction: "/apps/fitness/environments/production/experiments/short-signup/stop", variations: ["short"])),
        ConcludedExperimentPageContext(conclusion, app: app),
        ExperimentFormPageContext(
            csrf: "token", appID: "fitness", appName: "Fitness", revision: 2, isNew: false, heading: "Experiment paywall-copy in revision 2",
            action: "/apps/fitness/revisions/2/experiments/paywall-copy", key: "paywall-copy", keyProblems: [problem],
            subject: "upgrade", subjectLabel: "flow upgrade", subjectChoices: [.init(value: "upgrade", label: "flow upgrade", selected: true)],
            subjectChoosable: true,
            variations: [
                .init(index: 0, name: "control", weight: "50", isControl: true, nameEditable: true, nameProblems: [problem], weightProblems: [problem])
            ],
            variationsProblems: [problem], weightsProblems: [problem], coverage: "100", coverageProblems: [problem],
            conditionRows: [.init(index: 0, attribute: "country", operators: [.init(value: "$in", label: "is one of", selected: true)], value: "US, CA", problems: [problem])],
            conditionWords: "$or: (country: US), (plan: pro)", conditionProblems: [problem],
            goals: [.init(value: "purchase", label: "purchase: the step viewed", selected: true)], goalProblems: [problem],
            guardrails: [.init(id: "guardrail-0", value: "$complete", label: "$complete: the flow completed", checked: true)],
            guardrailsProblems: [problem], minimumDetectableEffect: "5", minimumDetectableEffectProblems: [problem],
            hypothesis: "A bolder headline sells more.", hypothesisProblems: [problem],
            variationChanges: [.init(
                name: "annual-first", isControl: false, changes: ["paywall · screen: \"PaywallAnnual\""], hasChanges: true,
                links: [.init(step: "paywall", href: "/apps/fitness/revisions/2/flows/upgrade/steps/paywall?experiment=paywall-copy&variation=annual-first")])],
            changesProblems: [problem], message: "Nothing was saved.", diagnostics: DiagnosticTable([diagnostic], caption: "Findings that concern no field")),
        WalkthroughPageContext(
            appID: "fitness", appName: "Fitness", walkthroughID: "layering", scope: scopeSample,
            groups: [
                .init(
                    title: "All users", anchor: "all-users", started: 2, completed: 1, completionRate: "50.0%", bars: "<svg></svg>",
                    steps: [
                        .init(
                            id: "pick", inDocument: false, shown: 2, shownRate: "100.0%", completed: 1, completedRate: "50.0%",
                            triggers: "tap 1", skipped: 0, skippedRate: "0.0%", targetNotFound: 1,
                            warnTargetNotFound: true, droppedHere: 1, dropRate: "50.0%")
                    ],
                    note: ReportText.notExposedMeaning)
            ],
            withoutStart: "2 users with events but no Walkthrough Started are left out of every figure.",
            invalidLines: 3, folded: "3 app versions under (other)."),
        AuditPageContext(
            filters: [
                (name: "app", value: "fitness"), (name: "action", value: "key-rotated"), (name: "actor", value: "admin"),
                (name: "since", value: "2026-11-01"), (name: "until", value: "2026-11-30"),
            ],
            rows: [
                .init(AuditEntry(
                    id: 3, at: Date(timeIntervalSince1970: 0), actor: .adminToken, address: "192.0.2.1", action: .keyRotated, appID: "fitness",
                    environment: "production", target: "wps_new00000", details: ["graceHours": 24]))
            ],
            next: 3, message: "action=key-rotate is not an action the audit log records."),
    ] as [any PageContext]).map(Sample.init)

    static let app = AppRecord(id: "fitness", name: "Fitness", createdAt: Date())
    static let problem = FieldProblem(severity: "error", message: "Not a goal of the flow.", code: "unknown-goal")

    /// A revision page with its experiments and the notice after a form.
    static func revisionSample(
        csrf: String, app: AppRecord, summary: RevisionSummary, summaries: [RevisionSummary], preview: PublishPreview, against: Int?,
        changes: [RevisionChanges.Line], document: WaypointDocument?, message: String?, may: Permissions
    ) -> RevisionPageContext {
        var page = RevisionPageContext(
            csrf: csrf, app: app, summary: summary, summaries: summaries, preview: preview, against: against, changes: changes,
            document: document, message: message, may: may)
        page.notice = "Experiment paywall-copy is saved in revision 2, a draft."
        page.experiments = [.init(key: "paywall-copy", summary: "control 50%, annual-first 50% · goal $complete", editHref: "/apps/fitness/revisions/2/experiments/paywall-copy")]
        page.hasExperiments = true
        page.newExperimentHref = "/apps/fitness/revisions/2/experiments/new"
        return page
    }
    static let scopeSample = ReportScopeContext(
        environment: "production", revision: "Revision 1 (published) · runs of revision 1", range: "All dates",
        environments: [.init(label: "production", href: "?environment=production", current: true), .init(label: "staging", href: "?environment=staging", current: false)],
        revisionOptions: [.init(value: "1", label: "Revision 1 (published)", selected: true), .init(value: "all", label: "All revisions", selected: false)],
        hiddenSince: "2026-11-19", hiddenUntil: "2026-11-26",
        ranges: [.init(label: "Last 7 days", href: "?environment=production&since=2026-11-19", current: true), .init(label: "All dates", href: "?environment=production", current: false)],
        publishNote: "Revision 1 has no recorded publish time in production.",
        experimentNote: "Users are split by the variations of paywall-test; this page's events also carry short-signup.",
        pageFields: [.init(name: "goal", value: "paywall")])
    static let summary = RevisionSummary(revision: 2, sha256: "ab", createdAt: Date(), publishedTo: ["production"])
    static let conclusion = ExperimentConclusion(
        appID: "fitness", environment: "production", experiment: "paywall-copy", revisions: [1, 2],
        firstPublished: Date(timeIntervalSince1970: 0), lastPublished: Date(timeIntervalSince1970: 86_400), goal: "purchase",
        hypothesis: "The annual plan first sells more.", decision: .shipped, variation: "annual-first",
        report: #"{"control":"control","experiment":"paywall-copy","kind":"experiment","sequential":false,"variations":["#
            + #"{"conversions":4,"rate":0.4,"users":10,"variation":"control"},"#
            + #"{"chanceToWin":0.9,"conversions":6,"pValue":0.04,"rate":0.6,"uplift":{"ci":[0.1,0.9],"expected":0.5},"users":10,"variation":"annual-first"}]}"#,
        concludedAt: Date(timeIntervalSince1970: 172_800))
    static let diagnostic = Diagnostic(
        severity: .warning, code: "unreachable-step", path: "flows[0]", line: 3, column: 5, message: "Nobody reaches it.")
    static let published = PublishedDocument(
        revision: 1, sha256: "ab", body: .init(bytes: (try? TestServer.example("waypoint.json")) ?? Data()))

    @Test(arguments: samples)
    func everyNameTheTemplateLooksUpIsInItsContext(_ sample: Sample) throws {
        let text = try #require(Templates.all.first { $0.name == sample.template }?.text, "no template \(sample.template)")
        let keys = try TemplateKeys(partials: Templates.all)
        let findings = keys.check(try TemplateKeys.parse(text), sample: sample.context)
        #expect(findings.missing.isEmpty, "\(sample.template) names what \(type(of: sample.context)) does not have: \(findings.missing)")
        #expect(findings.unchecked.isEmpty, "the sample leaves these sections of \(sample.template) empty: \(findings.unchecked)")
        let unused = TemplateKeys.storedProperties(of: sample.context).subtracting(findings.used)
        #expect(unused.isEmpty, "\(sample.template) shows none of \(unused.sorted())")
    }

    @Test(arguments: samples)
    func theTemplateRendersItsContext(_ sample: Sample) throws {
        let html = try PageRenderer().html(sample.context, title: "Sample", chrome: .init(csrf: "token"))
        #expect(html.contains("<main id=\"main\" tabindex=\"-1\">"))
        let body = try #require(html.components(separatedBy: "<main id=\"main\" tabindex=\"-1\">").last)
        #expect(body.count > "\n\n</main>\n</body>\n</html>\n".count, "\(sample.template) rendered nothing")
        #expect(!html.contains("{{"))
    }

    @Test func everyTemplateIsAPageOrAPartialOfOne() throws {
        let pages = Set(Self.samples.map(\.template))
        var partials: Set<String> = []
        for (_, text) in Templates.all {
            for case .partial(let name) in Self.flattened(try TemplateKeys.parse(text)) { partials.insert(name) }
        }
        #expect(Set(Templates.all.map(\.name)) == pages.union(partials))
        #expect(pages.isDisjoint(with: partials))
    }

    @Test func aNameTheContextDoesNotHaveIsFound() throws {
        let keys = try TemplateKeys(partials: Templates.all)
        let sample = SignInPageContext(csrf: "token", next: "/apps", message: "Try again.", withAccount: true)
        let misspelt = try TemplateKeys.parse(Templates.signIn.replacingOccurrences(of: "{{next}}", with: "{{nxet}}"))
        // The sign-in page has two forms (email and password; the admin token before an owner exists).
        #expect(keys.check(misspelt, sample: sample).missing == ["`nxet` (in #withAccount)", "`nxet` (in ^withAccount)"])
        let inSection = try TemplateKeys.parse("{{#message}}<p>{{mesage}}</p>{{/message}}")
        #expect(keys.check(inSection, sample: sample).missing == ["`mesage` (in #message)"])
        let empty = SignInPageContext(csrf: "token", next: "/apps", message: nil, withAccount: false)
        #expect(keys.check(inSection, sample: empty).unchecked == ["#message"])
    }

    private static func flattened(_ tags: [TemplateKeys.Tag]) -> [TemplateKeys.Tag] {
        tags.flatMap { tag -> [TemplateKeys.Tag] in
            if case .section(_, _, let inner) = tag { return [tag] + flattened(inner) }
            return [tag]
        }
    }
}
