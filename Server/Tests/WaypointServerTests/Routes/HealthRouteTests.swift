import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WaypointTools
@testable import WaypointServer

@Suite("Health and metrics")
struct HealthRouteTests {
    @Test func healthIsOK() async throws {
        try await TestServer.run { client in
            let response = try await client.send("/health")
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
        }
    }

    @Test func metricsCountRequestsEventsAndPublishes() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            _ = try await client.document(key: app.production)
            _ = try await client.document(key: "wps_unknown")
            _ = try await client.postEvents(key: app.production, lines: [TestEvents.line("a"), TestEvents.line("a"), "7"])
            let response = try await client.send("/metrics")
            #expect(response.status == .ok)
            let text = response.text
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/document",status="200"} 1"#), "\(text)")
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/document",status="401"} 1"#))
            #expect(text.contains(#"waypoint_http_requests_total{route="/v1/apps",status="201"} 1"#))
            #expect(text.contains("waypoint_events_accepted_total 1"))
            #expect(text.contains("waypoint_events_duplicate_total 1"))
            #expect(text.contains("waypoint_events_rejected_total 1"))
            #expect(text.contains("waypoint_publishes_total 1"))
            #expect(!text.contains(app.production))
        }
    }
}

@Suite("Failures")
struct FailureRouteTests {
    @Test func aFailingStoreIsA500WithTheUsualErrorBody() async throws {
        try await TestServer.run(repositories: { $0.replacing(\.apps, with: Failing()) }) { client in
            let response = try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Fitness"}"#)
            #expect(response.status == .internalServerError)
            #expect(try response.errorCode() == "internal")
            #expect(try await client.document(key: "wps_anything").status == .internalServerError)
            // Errors meant for clients are unchanged.
            #expect(try await client.send("/v1/apps", .post, json: "{}").status == .unauthorized)
        }
    }
}
