import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The ceiling of document serving: the least a Hummingbird 2 application can do to answer
/// `GET /v1/document` as waypoint-server does.
///
/// The same bytes with the same `ETag`, `Cache-Control`, `Waypoint-Revision` and `Content-Type`, and
/// 304 when `If-None-Match` names the ETag; no SDK key, rate limit, log line or metric. The server
/// benchmark starts it as a process of its own, beside waypoint-server and nginx, and measures the
/// three in one run (Benchmarks/README.md, "Server").
///
/// `waypoint-document-ceiling PORT FILE ETAG REVISION`, listening on 127.0.0.1.
@main
struct DocumentCeiling {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let port = Int(arguments[1]), let revision = Int(arguments[4]) else {
            FileHandle.standardError.write(Data("usage: waypoint-document-ceiling PORT FILE ETAG REVISION\n".utf8))
            exit(2)
        }
        let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: arguments[2])))
        let etag = arguments[3]
        let revisionHeader = HTTPField.Name("Waypoint-Revision")!
        let router = Router()
        router.get("v1/document") { request, _ -> Response in
            var headers: HTTPFields = [.eTag: etag, .cacheControl: "max-age=60", revisionHeader: String(revision)]
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        var logger = Logger(label: "waypoint-document-ceiling")
        logger.logLevel = .warning
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "waypoint-document-ceiling"),
            logger: logger)
        try await application.runService()
    }
}
