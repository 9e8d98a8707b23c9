import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WaypointServer

extension AuditOrigin {
    /// The admin token from a documentation address, for tests that call the administration directly.
    static let testing = AuditOrigin(actor: .adminToken, address: "192.0.2.1")
}

extension TestClientProtocol {
    /// `GET /v1/audit` with `query` (such as `?action=key-rotated`): the entries, newest first, and `next`.
    func auditLog(_ query: String = "") async throws -> (entries: [[String: Any]], next: Int?) {
        let response = try await send("/v1/audit\(query)", headers: TestServer.admin)
        try #require(response.status == .ok, "GET /v1/audit\(query): \(response.text)")
        let object = try response.object()
        return (try #require(object["entries"] as? [[String: Any]]), object["next"] as? Int)
    }
}
