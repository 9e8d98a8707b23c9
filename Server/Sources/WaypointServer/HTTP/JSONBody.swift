import Foundation
import Hummingbird

/// JSON bodies as the API writes them: keys sorted, slashes not escaped, like the CLI's `--format json`.
enum JSONBody {
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }

    /// A JSON response with `status`.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encode(value))))
    }
}
