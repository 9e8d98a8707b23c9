import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// `Server/openapi.json` is the API's contract: served as it is, well formed, and describing exactly
/// the routes the router answers under `/v1` plus `/health`, `/ready`, `/metrics` and `/openapi.json`.
@Suite("OpenAPI description")
struct OpenAPIContractTests {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static var file: URL { TestServer.repositoryRoot.appendingPathComponent("Server/openapi.json") }

    static func description() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any], "Server/openapi.json is not a JSON object")
    }

    /// "METHOD /path" of every operation the description has.
    static func describedRoutes() throws -> Set<String> {
        let paths = try #require(try description()["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in
            item.keys.filter { methods.contains($0) }.map { "\($0.uppercased()) \(path)" }
        })
    }

    /// "METHOD /path" of every route the router answers, parameters written `{name}` as in OpenAPI.
    static func routedRoutes() async throws -> Set<String> {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let router = buildRouter(try TestServer.configuration(), repositories: Repositories(store), metrics: ServerMetrics())
            // Building the responder is what the server does before it listens; routes the router
            // generates then (such as `HEAD` for every `GET`, when enabled) are listed too.
            _ = router.buildResponder()
            let routes = router.routes.map { (method: $0.method.rawValue, path: $0.path.description) }
            try await store.close()
            return Set(routes.filter { route in
                route.path.hasPrefix("/v1/") || ["/health", "/ready", "/metrics", "/openapi.json"].contains(route.path)
            }.map { "\($0.method) \($0.path)" })
        }
    }

    @Test func theDescriptionIsServedByteForByte() async throws {
        let expected = try Data(contentsOf: Self.file)
        #expect(Data(OpenAPIController.document) == expected, "rebuild after editing Server/openapi.json")
        try await TestServer.run { client in
            let response = try await client.send("/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.data == expected)
        }
    }

    @Test func everyRouteIsDescribedAndEveryDescribedRouteIsRouted() async throws {
        let described = try Self.describedRoutes()
        let routed = try await Self.routedRoutes()
        #expect(routed.contains("POST /v1/apps") && routed.contains("GET /openapi.json"), "\(routed.sorted())")
        #expect(routed.subtracting(described).sorted() == [], "routes missing from Server/openapi.json")
        #expect(described.subtracting(routed).sorted() == [], "described routes the router lacks")
    }

    @Test func theDescriptionIsOpenAPI31WithResponsesForEveryOperation() throws {
        let description = try Self.description()
        #expect(description["openapi"] as? String == "3.1.0")
        let paths = try #require(description["paths"] as? [String: [String: Any]])
        #expect(!paths.isEmpty)
        for (path, item) in paths {
            let operations = item.filter { Self.methods.contains($0.key) }
            #expect(!operations.isEmpty, "\(path) has no operation")
            for (method, operation) in operations {
                let responses = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                #expect(!responses.isEmpty, "\(method.uppercased()) \(path) has no responses")
                #expect(responses.keys.allSatisfy { Int($0).map { (100..<600).contains($0) } ?? false }, "\(method.uppercased()) \(path): \(responses.keys.sorted())")
            }
        }
    }

    /// The server answers 400 to a request that is not valid HTTP on any route (the HTTP decoder
    /// cannot read it, so no route sees it), and 408 to a body that does not arrive in time: every
    /// operation lists the 400, with the error's schema except for `HEAD`, which has no body; every
    /// operation that takes a body lists the 408.
    @Test func everyOperationListsTheAnswersToMalformedAndSlowRequests() throws {
        let paths = try #require(try Self.description()["paths"] as? [String: [String: Any]])
        for (path, item) in paths {
            for (method, value) in item where Self.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
                let badRequest = responses["400"]
                #expect(badRequest != nil, "\(method.uppercased()) \(path) does not list 400")
                if method != "head", let badRequest, badRequest["$ref"] == nil {
                    let schema = ((badRequest["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
                    #expect(schema?["$ref"] as? String == "#/components/schemas/Error", "\(method.uppercased()) \(path): 400 without the error's schema")
                }
                if operation["requestBody"] != nil {
                    #expect(responses["408"]?["$ref"] as? String == "#/components/responses/RequestTimeout", "\(method.uppercased()) \(path) does not list 408")
                }
            }
        }
    }

    /// Every `$ref` names something the description defines.
    @Test func everyReferenceResolves() throws {
        let description = try Self.description()
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(description)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            #expect(reference.hasPrefix("#/"), "\(reference)")
            var node: Any? = description
            for key in reference.dropFirst(2).split(separator: "/") {
                node = (node as? [String: Any])?[String(key)]
            }
            #expect(node != nil, "\(reference) names nothing")
        }
    }

    /// The error answers share one envelope, `{"error":{"code","message"}}`, closed.
    @Test func errorsShareOneEnvelope() throws {
        let schemas = try #require((try Self.description()["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let envelope = try #require(schemas["Error"])
        #expect(envelope["required"] as? [String] == ["error"])
        #expect(envelope["additionalProperties"] as? Bool == false)
        let detail = try #require(schemas["ErrorDetail"])
        #expect(Set(detail["required"] as? [String] ?? []) == ["code", "message"])
        #expect(detail["additionalProperties"] as? Bool == false)
    }
}
