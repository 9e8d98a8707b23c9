import Hummingbird

/// `GET /openapi.json`: the OpenAPI 3.1 description of the API (`Server/openapi.json`), open to anyone.
///
/// The file is compiled into the program (a resource embedded in code), so the server answers it
/// wherever it runs, whatever its working directory, with no file beside the executable.
struct OpenAPIController: Sendable {
    typealias Context = ServerContext
    /// The description's bytes, exactly as `Server/openapi.json` holds them.
    static var document: [UInt8] { PackageResources.openapi_json }

    func addRoutes(to router: Router<Context>) {
        router.get("openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.document)))
        }
    }
}
