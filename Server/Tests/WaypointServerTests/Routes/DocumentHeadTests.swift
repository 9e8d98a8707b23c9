import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// `HEAD /v1/document`: what GET answers — status and headers — without a body.
@Suite("HEAD /v1/document")
struct DocumentHeadTests {
    static func head(_ client: some TestClientProtocol, key: String?, ifNoneMatch: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let key { headers[HTTPField.Name("Waypoint-Key")!] = key }
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await client.send("/v1/document", .head, headers: headers)
    }

    static func get(_ client: some TestClientProtocol, key: String?, ifNoneMatch: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let key { headers[HTTPField.Name("Waypoint-Key")!] = key }
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await client.send("/v1/document", headers: headers)
    }

    /// Asserts that HEAD answered as GET did, with no body.
    static func expectSame(head: TestResponse, get: TestResponse, _ comment: Comment) {
        #expect(head.status == get.status, comment)
        #expect(head.headers == get.headers, comment)
        #expect(head.body.readableBytes == 0, comment)
    }

    @Test func headAnswersAsGetWithoutTheBody() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            // Nothing published yet: 404 alike.
            Self.expectSame(head: try await Self.head(client, key: app.production), get: try await Self.get(client, key: app.production), "404")
            #expect(try await Self.head(client, key: app.production).status == .notFound)

            let document = try TestServer.example("waypoint.json")
            _ = try await client.upload("fitness", document)
            _ = try await client.publish("fitness", revision: 1)
            let get = try await Self.get(client, key: app.production)
            let head = try await Self.head(client, key: app.production)
            Self.expectSame(head: head, get: get, "200")
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == String(document.count))
            #expect(head.headers[HTTPField.Name("Waypoint-Revision")!] == "1")
            let etag = try #require(get.headers[.eTag])
            #expect(head.headers[.eTag] == etag)

            let notModified = try await Self.head(client, key: app.production, ifNoneMatch: etag)
            Self.expectSame(head: notModified, get: try await Self.get(client, key: app.production, ifNoneMatch: etag), "304")
            #expect(notModified.status == .notModified)

            for key in [nil, "wps_unknown", app.production + "x"] as [String?] {
                let unauthorized = try await Self.head(client, key: key)
                Self.expectSame(head: unauthorized, get: try await Self.get(client, key: key), "401 \(key ?? "no key")")
                #expect(unauthorized.status == .unauthorized)
            }
        }
    }

    /// `Waypoint-Revision` names the revision each environment serves, on GET, HEAD and 304 alike,
    /// and follows a publish.
    @Test func theRevisionHeaderNamesTheRevisionTheEnvironmentServes() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let revision = HTTPField.Name("Waypoint-Revision")!
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            #expect(try await client.upload("fitness", try SeedData.withoutRegistration()).status == .created)
            #expect(try await client.publish("fitness", revision: 2).status == .ok)
            #expect(try await client.publish("fitness", revision: 1, to: "staging").status == .ok)
            for (key, expected) in [(app.production, "2"), (app.staging, "1")] {
                let get = try await Self.get(client, key: key)
                #expect(get.status == .ok)
                #expect(get.headers[revision] == expected)
                #expect(try await Self.head(client, key: key).headers[revision] == expected)
                let etag = try #require(get.headers[.eTag])
                let notModified = try await Self.get(client, key: key, ifNoneMatch: etag)
                #expect(notModified.status == .notModified)
                #expect(notModified.headers[revision] == expected)
            }
            // Rolling production back to 1 serves 1.
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            #expect(try await Self.get(client, key: app.production).headers[revision] == "1")
        }
    }
}
