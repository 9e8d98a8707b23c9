import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The reports — a flow's funnel, a walkthrough's report — and the JSON Lines export of an app's
/// events, each of one environment (docs/ARCHITECTURE.md, "Reports": scope).
///
/// API routes; who may use each is ``AccessRules``'s.
struct ReportsController: Sendable {
    typealias Context = ServerContext
    let administration: AppAdministration

    let ledger: any ReportLedgerRepository
    let events: any EventRepository

    /// Events per page of the export.
    static var exportPageSize: Int { 2000 }

    /// The query parameters of the funnel; any other is refused with a reason.
    static var funnelParameters: [String] { ["flow", "steps", "window", "by"] + ReportParameters.scopeNames }
    /// The query parameters of the walkthrough report.
    static var walkthroughParameters: [String] { ["by"] + ReportParameters.scopeNames }
    /// The query parameters of the experiment report (its experiment is the path's).
    static var experimentParameters: [String] {
        ["flow", "goal", "control", "sequential", "by"] + ReportParameters.scopeNames.filter { $0 != "experiment" }
    }
    /// The query parameters the export understands.
    static var exportParameters: [String] { ["format", "environment", "revision", "since", "until"] }

    func addRoutes(to group: RouterGroup<Context>) {
        let reports = group.group().add(middleware: ReportConnectionMiddleware<Context>())
        reports.get(":app/funnel", use: funnel)
        reports.get(":app/walkthroughs/:walkthrough/report", use: walkthroughReport)
        reports.get(":app/experiments/:experiment", use: experimentReport)
        group.get(":app/experiments", use: experiments)
        group.get(":app/events", use: export)
    }

    /// `GET /v1/apps/{app}/funnel?flow=ID…`: exactly `waypoint funnel --flow ID --format json` over
    /// the environment's stored events, scoped by its published document (with `revision=N`, by
    /// revision N's: ``ReportDocument``).
    @Sendable func funnel(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let parameters = request.uri.queryParameters
        let shared = try ReportParameters(request, route: "the funnel", accepted: Self.funnelParameters)
        guard let flow = parameters.get("flow"), !flow.isEmpty else {
            throw APIError.badRequest("Name the flow to measure: add ?flow=ID.", code: "bad-query")
        }
        let windowText = parameters.get("window") ?? "14d"
        guard let window = FunnelWindow(windowText) else {
            throw APIError.badRequest("window=\(windowText) is not a duration; write a number and a unit, such as 14d, 36h or 90m.", code: "bad-query")
        }
        var steps: [String]?
        if let text = parameters.get("steps") {
            let list = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !list.isEmpty else {
                throw APIError.badRequest("steps is empty; list the step ids in order, such as steps=splash,login.", code: "bad-query")
            }
            steps = list
        }
        let by = try shared.dimension(choices: steps == nil ? ReportDimension.allCases : [.variation])
        let environment = shared.environment
        // Scoped by a document, as `waypoint funnel --document` scopes it: its steps in its order, its
        // variations, and the rest folded (docs/ARCHITECTURE.md, "Reports"). The asked revision's, else the published one.
        let document = try await ReportDocument.read(from: administration.revisions, appID: appID, environment: environment, revision: shared.scope.revision)
        let query = FunnelQuery(
            flowID: flow, steps: steps, window: window, by: by, document: document, scope: shared.scope)
        let ledger = ledger, events = events
        let bytes = try await answering(appID: appID, environment: environment, document: document) {
            try await ReportWork.run(request, metrics: administration.metrics) {
                try await StoredFunnel.json(ledger: ledger, events: events, appID: appID, environment: environment, query: query)
            }
        }
        return Self.json(bytes)
    }

    /// `GET /v1/apps/{app}/walkthroughs/{id}/report`: exactly `waypoint funnel --walkthrough ID
    /// --format json` over the environment's stored events, scoped by its published document (with
    /// `revision=N`, by revision N's: ``ReportDocument``).
    @Sendable func walkthroughReport(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let walkthrough = context.parameters.get("walkthrough") ?? ""
        let shared = try ReportParameters(request, route: "the walkthrough report", accepted: Self.walkthroughParameters)
        _ = try shared.dimension(choices: [.variation])
        let environment = shared.environment
        let document = try await ReportDocument.read(from: administration.revisions, appID: appID, environment: environment, revision: shared.scope.revision)
        let query = WalkthroughQuery(
            walkthroughID: walkthrough, groupByVariation: shared.groupByVariation,
            declaredSteps: document?.reportedStepIDs(ofWalkthrough: walkthrough), scope: shared.scope)
        let ledger = ledger, events = events
        let bytes = try await answering(appID: appID, environment: environment, document: document) {
            try await ReportWork.run(request, metrics: administration.metrics) {
                let report = try await StoredWalkthroughReport.report(ledger: ledger, events: events, appID: appID, environment: environment, query: query)
                return [UInt8](report.jsonData()) + [UInt8(ascii: "\n")]
            }
        }
        return Self.json(bytes)
    }

    /// `GET /v1/apps/{app}/experiments/{key}`: exactly `waypoint experiment --experiment KEY
    /// --format json` over the environment's stored events, with the document published there (with
    /// `revision=N`, revision N's: ``ReportDocument``) as `--document`.
    @Sendable func experimentReport(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let key = context.parameters.get("experiment") ?? ""
        let shared = try ReportParameters(request, route: "the experiment report", accepted: Self.experimentParameters)
        let parameters = request.uri.queryParameters
        let sequential: Bool
        switch parameters.get("sequential") {
        case nil, "false": sequential = false
        case "true": sequential = true
        case let other?:
            throw APIError.badRequest("sequential=\(other) is not a boolean; use sequential=true or sequential=false.", code: "bad-query")
        }
        let by = try shared.dimension(choices: ReportDimension.experimentChoices)
        if let goal = parameters.get("goal"), goal.isEmpty {
            throw APIError.badRequest("goal is empty; use $complete, a step id such as paywall, or STEP:OUTCOME such as paywall:subscribe.", code: "bad-query")
        }
        let environment = shared.environment
        let document = try await ReportDocument.read(from: administration.revisions, appID: appID, environment: environment, revision: shared.scope.revision)
        // An experiment the environment no longer runs but concluded: its record's frozen report.
        if shared.scope.revision == nil, document?.experiments.contains(where: { $0.key == key }) != true,
           let conclusion = try await administration.conclusions.conclusion(appID: appID, environment: environment, experiment: key) {
            let asked = ["flow", "goal", "control", "sequential", "since", "until", "by"].filter { parameters.get($0) != nil }
            guard asked.isEmpty else {
                throw APIError.badRequest(
                    "Experiment \"\(key)\" concluded in \(environment) on \(Timestamp.iso8601(conclusion.concludedAt)): its report is the one "
                        + "frozen then, which takes no \(ReportParameters.list(asked)). Leave \(asked.count == 1 ? "it" : "them") out, or ask for "
                        + "a revision that declared it with revision=N.", code: "bad-query")
            }
            return Self.json(try conclusion.reportAnswer())
        }
        guard let document else {
            throw APIError.notFound(
                "Nothing is published to \(environment), so no document declares experiment \"\(key)\". Publish a document that declares it, "
                    + "or ask for the revision that does with revision=N.", code: "unknown-experiment")
        }
        let query = ExperimentQuery(
            experiment: key, flowID: parameters.get("flow"), goal: parameters.get("goal").map(ExperimentGoal.init),
            control: parameters.get("control"), sequential: sequential, scope: shared.scope, by: by)
        let ledger = ledger, events = events
        let bytes = try await answering(appID: appID, environment: environment, document: document) {
            try await ReportWork.run(request, metrics: administration.metrics) {
                let report = try await StoredExperimentReport.report(
                    ledger: ledger, events: events, appID: appID, environment: environment, query: query, document: document)
                return [UInt8](report.jsonData()) + [UInt8(ascii: "\n")]
            }
        }
        return Self.json(bytes)
    }

    /// `GET /v1/apps/{app}/experiments?environment=E`: the experiments the environment's published
    /// document runs, then those it concluded, newest first (``ExperimentListing``).
    @Sendable func experiments(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let parameters = request.uri.queryParameters
        try ReportParameters.refuseUnknown(parameters.map { String($0.key) }, route: "the list of experiments", accepted: ["environment"])
        let environment = try ReportParameters.environment(parameters.get("environment"))
        let listing = try await ExperimentListing(administration: administration, appID: appID, environment: environment)
        return Self.json(try listing.jsonBytes())
    }

    /// `report`'s bytes; a ``ReportError`` is answered in words for API callers: 404 with a
    /// did-you-mean when the flow or walkthrough has no events (``ReportNotFound``), else 400.
    private func answering(
        appID: AppID, environment: EnvironmentName, document: WaypointDocument?, _ report: () async throws -> [UInt8]
    ) async throws -> [UInt8] {
        do {
            return try await report()
        } catch let error as ReportError {
            let events = events
            if let answer = try await ReportNotFound.answer(to: error, environment: environment, document: document, flowsWithEvents: {
                try await events.flowIDs(appID: appID, environment: environment, limit: ReportNotFound.candidates)
            }) {
                throw answer
            }
            if let missing = error.experimentNotInDocument {
                throw ReportNotFound.answer(experiment: missing.key, known: missing.known, environment: environment)
            }
            throw APIError.badRequest(error.description, code: "bad-query")
        }
    }

    private static func json(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `GET /v1/apps/{app}/events?format=jsonl[&environment=…][&since=…][&until=…][&revision=N]`: one
    /// environment's stored events as JSON Lines, in storage order, of those whose `timestamp` is in
    /// `[since, until)` and, with `revision`, that carry that revision.
    ///
    /// `since`/`until` bound the events' own times here — the export is a file of events — while a
    /// report's choose users by their first start (``ReportParameters``).
    @Sendable func export(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let parameters = request.uri.queryParameters
        if let unknown = parameters.map({ String($0.key) }).first(where: { !Self.exportParameters.contains($0) }) {
            throw APIError.badRequest(
                "\(unknown) is not a parameter of the export; it takes format=jsonl, environment, revision, since and until "
                    + "(\(EventTimeRange.acceptedForms)).",
                code: "bad-query")
        }
        let format = parameters.get("format") ?? "jsonl"
        guard format == "jsonl" else {
            throw APIError.badRequest("format=\(format) is not supported; use format=jsonl.", code: "bad-query")
        }
        let environment = try ReportParameters.environment(parameters.get("environment"))
        let timestamps = try EventTimeRange.parse(since: parameters.get("since"), until: parameters.get("until"))
        let revision: Int?
        do throws(ReportScopeError) {
            revision = try ReportScope.parse(revision: parameters.get("revision"), spelling: { "\($0)=" }).revision
        } catch {
            throw APIError.badRequest(error.description, code: "bad-query")
        }
        let events = events
        let body = ResponseBody { writer in
            var cursor: Int64?
            repeat {
                let page = try await events.events(
                    appID: appID, environment: environment, timestamps: timestamps, after: cursor, limit: Self.exportPageSize)
                var buffer = ByteBuffer()
                for line in page.lines where revision == nil || EventLineRevision.of(line) == revision {
                    buffer.writeString(line)
                    buffer.writeInteger(UInt8(ascii: "\n"))
                }
                if buffer.readableBytes > 0 { try await writer.write(buffer) }
                cursor = page.next
            } while cursor != nil
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: body)
    }

    private func existingApp(_ context: Context) async throws -> AppID {
        try await administration.existingApp(context.parameters.get("app") ?? "").id
    }
}
