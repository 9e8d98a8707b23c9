import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// What a report page shows (docs/ARCHITECTURE.md, "The dashboard's report pages"): one environment's events, the runs
/// of one revision or of all, the users who started in a date range, and the document whose steps
/// and graph are drawn; read from the page's query (`?environment=&revision=&since=&until=`).
///
/// Every report page — flow, walkthrough, experiment — defaults to the runs of the revision
/// published to the environment (every revision's when none is), and says so. `revision` takes what
/// the report API takes (``ReportScope/parse(environment:revision:since:until:experiment:spelling:)``):
/// a revision's number, or `all` for every revision's runs. A value the page does not understand,
/// or a parameter it does not take, is a 400 that says why.
struct ReportPageScope: Sendable {
    /// The query parameters a report page takes.
    static let parameters = ["environment", "revision", "since", "until", "experiment"]

    let app: AppRecord
    let environment: EnvironmentName
    /// The revision published to the environment; nil when none is.
    let published: Int?
    /// The scope the report is computed with (its `revision` nil for every revision's runs).
    let report: ReportScope
    /// The revision whose document gives the steps and the graph: the selected one, or the
    /// published one for every revision's runs; nil when there is none.
    let documentRevision: Int?
    /// That revision's document; nil when there is none or it no longer validates.
    let document: WaypointDocument?
    /// Every revision of the app, oldest first.
    let revisions: [Int]
    /// The latest time each revision was published to the environment, when recorded.
    let publishTimes: [Int: Date]
    /// Whether the query named a revision (a number or `all`), so links keep it.
    let revisionGiven: Bool
    /// The query's `since` and `until` as written.
    let since: String?
    let until: String?
    /// When the page was asked for.
    let now: Date
    /// The page's own parameters given in its query (such as an experiment page's goal), which the
    /// scope's links and form keep.
    var pageFields: [ReportScopeContext.Field] = []

    /// Reads the page's scope, the published revision's runs unless the query names a revision
    /// (or `all`); `pageParameters` are the page's own parameters besides the scope's (read by the page).
    static func read(
        _ request: Request, appID: String, administration: AppAdministration, pageParameters: [String] = []
    ) async throws -> ReportPageScope {
        let revisions = administration.revisions
        let app = try await administration.existingApp(appID)
        let query = request.uri.queryParameters
        // Names arrive as written in the URL (values are decoded), so they are decoded here to be read and shown.
        for name in Set(query.map { String($0.key).removingPercentEncoding ?? String($0.key) }) where !parameters.contains(name) && !pageParameters.contains(name) {
            throw APIError.badRequest(
                "This page does not take the parameter \"\(name)\"; it takes environment, revision (a number or all), since, until and "
                    + (pageParameters.isEmpty ? "experiment." : "experiment, and " + pageParameters.joined(separator: ", ") + "."))
        }
        let value = { (name: String) -> String? in query.get(name) }
        let environment = try value("environment").map(AppAdministration.existingEnvironment) ?? .default
        let revisionText = value("revision")
        let scope: ReportScope
        do {
            scope = try ReportScope.parse(
                environment: environment.rawValue, revision: revisionText, since: value("since"), until: value("until"),
                experiment: value("experiment"), spelling: { "\($0)=" })
        } catch {
            throw APIError.badRequest(error.description)
        }
        let numbers = try await revisions.revisions(appID: app.id).map(\.revision)
        if let asked = scope.revision, !numbers.contains(asked) {
            let known = numbers.isEmpty ? "it has none yet" : "it has " + numbers.map(String.init).joined(separator: ", ")
            throw APIError.notFound("The app \"\(app.id)\" has no revision \(asked); \(known). Pick one of them, or revision=all.")
        }
        var publishTimes: [Int: Date] = [:]
        for publication in try await revisions.publications(appID: app.id, environment: environment) where publishTimes[publication.revision] == nil {
            publishTimes[publication.revision] = publication.publishedAt
        }
        let published = try await revisions.publishedRevision(appID: app.id, environment: environment)
        var report = scope
        if revisionText == nil { report.revision = published?.revision }
        let documentRevision = report.revision ?? published?.revision
        let document = try await ReportDocument.read(from: revisions, appID: app.id, revision: report.revision, published: published)
        return ReportPageScope(
            app: app, environment: environment, published: published?.revision, report: report, documentRevision: documentRevision,
            document: document, revisions: numbers, publishTimes: publishTimes, revisionGiven: revisionText != nil,
            since: value("since"), until: value("until"), now: administration.now(),
            pageFields: pageParameters.compactMap { name in value(name).map { ReportScopeContext.Field(name: name, value: $0) } })
    }

    /// Whether the report counts every revision's runs while the graph is drawn for the published revision alone.
    var graphIsPublishedOnly: Bool { report.revision == nil && published != nil }

    // MARK: What the page says

    /// The scope in words, for the top of a flow page (`hasGraph`) or a walkthrough page.
    func description(hasGraph: Bool, experimentNote: String? = nil) -> ReportScopeContext {
        var revisionText: String
        if let revision = report.revision {
            let mark = revision == published ? " (published)" : published.map { " (revision \($0) is published)" } ?? " (nothing is published)"
            revisionText = "Revision \(revision)\(mark) · runs of revision \(revision)"
        } else if let published {
            revisionText = hasGraph
                ? "All revisions · runs of every revision; steps and graph from revision \(published) (published), "
                    + "the graph drawn from revision \(published)'s runs only, so it never mixes revisions"
                : "All revisions · runs of every revision; hints in the order of revision \(published) (published)"
        } else {
            revisionText = "All revisions · nothing is published to \(environment), so "
                + (hasGraph ? "steps are listed as events name them and no graph is drawn" : "hints are listed as events name them")
        }
        if !revisionGiven {
            revisionText += published == nil
                ? " (by default a report page shows the published revision's runs; with nothing published, every revision's)"
                : " — the default of the flow, walkthrough and experiment pages; choose All revisions to count every revision's runs"
        }
        return ReportScopeContext(
            environment: environment.rawValue, revision: revisionText, range: rangeText(),
            environments: EnvironmentName.all.map { name in
                ReportScopeContext.Link(
                    label: name.rawValue, href: href(environment: name, revision: revisionGiven ? revisionValue : nil, since: since, until: until),
                    current: name == environment)
            },
            revisionOptions: revisionOptions(),
            hiddenSince: since, hiddenUntil: until, ranges: rangeLinks(), publishNote: publishNote(), experimentNote: experimentNote,
            pageFields: pageFields)
    }

    /// The revision as the query writes it: a number, or `all`.
    private var revisionValue: String { report.revision.map(String.init) ?? "all" }

    private func revisionOptions() -> [ReportScopeContext.Option] {
        var options = revisions.reversed().map { revision in
            ReportScopeContext.Option(
                value: String(revision), label: "Revision \(revision)" + (revision == published ? " (published)" : ""),
                selected: report.revision == revision)
        }
        options.append(ReportScopeContext.Option(value: "all", label: "All revisions", selected: report.revision == nil))
        return options
    }

    /// The range in words.
    private func rangeText() -> String {
        let time = { (milliseconds: Int64) in Self.readable(milliseconds) }
        var text: String
        switch (report.since, report.until) {
        case (nil, nil): text = "All dates: every user, whenever they started"
        case (let start?, nil): text = "Users who started from \(time(start))"
        case (nil, let end?): text = "Users who started before \(time(end))"
        case (let start?, let end?): text = "Users who started from \(time(start)) until \(time(end)) (excluded)"
        }
        if let current = rangeLinks().first(where: \.current), report.since != nil || report.until != nil {
            text += " (\(current.label.prefix(1).lowercased() + current.label.dropFirst()))"
        }
        return text
    }

    /// 7, 30 and 90 days, all dates, and since the shown revision was published to the environment.
    private func rangeLinks() -> [ReportScopeContext.Link] {
        let revision = revisionGiven ? revisionValue : nil
        var links: [ReportScopeContext.Link] = []
        for days in [7, 30, 90] {
            let start = Self.day(now.addingTimeInterval(-Double(days) * 86_400))
            links.append(ReportScopeContext.Link(
                label: "Last \(days) days", href: href(environment: environment, revision: revision, since: start, until: nil),
                current: since == start && until == nil))
        }
        links.append(ReportScopeContext.Link(
            label: "All dates", href: href(environment: environment, revision: revision, since: nil, until: nil),
            current: since == nil && until == nil))
        if let shown = documentRevision, let at = publishTimes[shown] {
            let start = Timestamp.iso8601(at)
            links.append(ReportScopeContext.Link(
                label: "Since revision \(shown) was published (\(Self.readable(Timestamp.milliseconds(at))))",
                href: href(environment: environment, revision: revision, since: start, until: nil),
                current: report.since == Timestamp.milliseconds(at) && until == nil))
        }
        return links
    }

    /// Why there is no "since revision N was published" link, when there is none.
    private func publishNote() -> String? {
        guard let shown = documentRevision, publishTimes[shown] == nil else { return nil }
        return "Revision \(shown) has no recorded publish time in \(environment): it was published there before this server "
            + "recorded publish times, or never. Its upload time is not used, since a revision often goes out days after it is uploaded."
    }

    /// A link to this page with these parameters (those nil left out).
    func href(environment: EnvironmentName, revision: String?, since: String?, until: String?) -> String {
        let pairs = [("environment", environment.rawValue), ("revision", revision), ("since", since), ("until", until)]
            + pageFields.map { ($0.name, Optional($0.value)) }
        return "?" + pairs.compactMap { name, value in value.map { "\(name)=\(FormText.percentEncoded($0))" } }.joined(separator: "&")
    }

    /// A link to this page as it is, with the page parameter `name` set to `value` (left out when nil).
    func href(setting name: String, to value: String?) -> String {
        var page = self
        page.pageFields.removeAll { $0.name == name }
        if let value { page.pageFields.append(ReportScopeContext.Field(name: name, value: value)) }
        return page.href(
            environment: environment, revision: revisionGiven ? (report.revision.map(String.init) ?? "all") : nil, since: since, until: until)
    }

    /// The UTC day of `date`, as `since=` takes it (`2026-11-19`).
    static func day(_ date: Date) -> String {
        String(Timestamp.iso8601(date).prefix(10))
    }

    /// A time as people read it: `2026-11-19 10:00 UTC`, or the day alone at midnight.
    static func readable(_ milliseconds: Int64) -> String {
        let text = WaypointTime.iso8601(milliseconds: milliseconds)
        let day = String(text.prefix(10))
        let time = String(text.dropFirst(11).prefix(5))
        return milliseconds % 86_400_000 == 0 ? day : "\(day) \(time) UTC"
    }
}
