import Foundation
import Hummingbird

/// The audit log page: the entries of `GET /v1/audit`, filtered by the same rules.
extension DashboardController {
    /// `/audit?app=&action=&actor=&since=&until=&after=`: a page of entries, newest first; a filter
    /// left empty in the form filters nothing. Filters the log refuses show the page again with why.
    @Sendable func auditPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let filters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }.filter { !$0.value.isEmpty }
            let query: AuditQuery
            do throws(APIError) {
                query = try AuditFilter.query(filters)
            } catch {
                let page = AuditPageContext(filters: filters, rows: [], next: nil, message: error.message)
                return renderer.page(page, title: "Audit log", chrome: chrome(request, context), status: error.status)
            }
            let entries = try await administration.auditLog.entries(query)
            let page = AuditPageContext(filters: filters, rows: entries.entries.map(AuditPageContext.Row.init), next: entries.next)
            return renderer.page(page, title: "Audit log", chrome: chrome(request, context))
        }
    }
}
