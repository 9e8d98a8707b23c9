import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

@Suite("GET /v1/document")
struct DocumentRouteTests {
    @Test func servesTheExactBytesWithAStrongETagAndCacheControl() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            // Odd spacing and a trailing newline must survive as they are.
            let document = Data("{ \"schemaVersion\" : 1,\n  \"flows\": [{\"id\":\"a\",\"steps\":[{\"id\":\"s\"}]}] }\n\n".utf8)
            #expect(try await client.upload("fitness", document).status == .created)
            _ = try await client.publish("fitness", revision: 1)
            let response = try await client.document(key: app.production)
            #expect(response.status == .ok)
            #expect(response.data == document)
            let etag = "\"\(SecretHash.sha256Hex([UInt8](document)))\""
            #expect(response.headers[.eTag] == etag)
            #expect(response.headers[.cacheControl] == "max-age=60")

            let cached = try await client.document(key: app.production, ifNoneMatch: etag)
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
            #expect(cached.headers[.eTag] == etag)
            #expect(try await client.document(key: app.production, ifNoneMatch: "\"other\", \(etag)").status == .notModified)
            #expect(try await client.document(key: app.production, ifNoneMatch: "W/\(etag)").status == .notModified)
            #expect(try await client.document(key: app.production, ifNoneMatch: "\"other\"").status == .ok)
        }
    }

    @Test func nothingPublishedIs404() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let response = try await client.document(key: app.production)
            #expect(response.status == .notFound)
            #expect(try response.errorCode() == "not-found")
        }
    }

    @Test func aMissingOrUnknownKeyIs401() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            #expect(try await client.send("/v1/document").status == .unauthorized)
            #expect(try await client.document(key: app.production + "x").status == .unauthorized)
            #expect(try await client.document(key: "wps_' OR '1'='1").status == .unauthorized)
            #expect(try await client.document(key: "../../etc/passwd").status == .unauthorized)
            #expect(try await client.document(key: TestServer.adminToken).status == .unauthorized)
            let viaBearer = try await client.send("/v1/document", headers: [.authorization: "Bearer \(app.production)"])
            #expect(viaBearer.status == .unauthorized)
        }
    }

    @Test func eachKeyGetsItsOwnAppsDocument() async throws {
        try await TestServer.run { client in
            let fitness = try await client.createApp("fitness")
            let notes = try await client.createApp("notes")
            let one = try TestServer.example("waypoint.json")
            let two = try TestServer.example("every-feature.json")
            _ = try await client.upload("fitness", one)
            _ = try await client.upload("notes", two)
            _ = try await client.publish("fitness", revision: 1)
            _ = try await client.publish("notes", revision: 1)
            #expect(try await client.document(key: fitness.production).data == one)
            #expect(try await client.document(key: notes.production).data == two)
            #expect(try await client.document(key: notes.staging).status == .notFound)
        }
    }
}
