import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The funnel report and the JSON Lines export of an app's events.
///
/// Admin routes: they are added to a group behind ``AdminAuthMiddleware``.
struct ReportsController<Context: RequestContext>: Sendable {
    let administration: AppAdministration

    var store: any Store { administration.store }

    /// Events per page of the export.
    static var exportPageSize: Int { 2000 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.group().add(middleware: ReportConnectionMiddleware<Context>()).get(":app/funnel", use: funnel)
        group.get(":app/events", use: export)
    }

    @Sendable func funnel(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let parameters = request.uri.queryParameters
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
        if let by = parameters.get("by"), by != "variation" {
            throw APIError.badRequest("by=\(by) is not a grouping; use by=variation.", code: "bad-query")
        }
        let environment = parameters.get("environment") ?? "production"
        guard AppAdministration.environmentNames.contains(environment) else {
            throw APIError.badRequest("environment=\(environment) does not exist; use production or staging.", code: "bad-query")
        }
        // Scoped by the environment's published document, as `waypoint funnel --document` scopes it:
        // its steps in its order, its variations, and the rest folded (docs/ARCHITECTURE.md, "Reports").
        let document = try await PublishedDocument.read(from: store, appID: appID, environment: environment)?.document()
        let query = FunnelQuery(
            flowID: flow, steps: steps, window: window, groupByVariation: parameters.get("by") == "variation", document: document)
        let bytes: [UInt8]
        do {
            let store = store
            bytes = try await ReportWork.run(request, metrics: administration.metrics) {
                try await StoredFunnel.json(store: store, appID: appID, environment: environment, query: query)
            }
        } catch let error as ReportError {
            throw APIError.badRequest(error.description, code: "bad-query")
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The query parameters the export understands; any other is refused with a reason.
    static var exportParameters: [String] { ["format", "since", "until"] }

    /// `GET /v1/apps/{app}/events?format=jsonl[&since=…][&until=…]`: the app's stored events as JSON
    /// Lines, in storage order, of those whose `timestamp` is in `[since, until)`.
    @Sendable func export(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let parameters = request.uri.queryParameters
        if let unknown = parameters.map({ String($0.key) }).first(where: { !Self.exportParameters.contains($0) }) {
            throw APIError.badRequest(
                "\(unknown) is not a parameter of the export; it takes format=jsonl, since and until "
                    + "(\(EventTimeRange.acceptedForms)).",
                code: "bad-query")
        }
        let format = parameters.get("format") ?? "jsonl"
        guard format == "jsonl" else {
            throw APIError.badRequest("format=\(format) is not supported; use format=jsonl.", code: "bad-query")
        }
        let timestamps = try EventTimeRange.parse(since: parameters.get("since"), until: parameters.get("until"))
        let store = store
        let body = ResponseBody { writer in
            var cursor: Int64?
            repeat {
                let page = try await store.events(appID: appID, environment: nil, timestamps: timestamps, after: cursor, limit: Self.exportPageSize)
                var buffer = ByteBuffer()
                for line in page.lines {
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

    private func existingApp(_ context: Context) async throws -> String {
        try await administration.existingApp(context.parameters.get("app") ?? "").id
    }
}
