import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// JSON bodies as the API writes them: the core's one JSON form (``WaypointTools/WaypointJSON``), byte for
/// byte what the CLI's `--format json` prints.
enum JSONBody {
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        [UInt8](try WaypointJSON.data(value))
    }

    /// A JSON response with `status`.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encode(value))))
    }
}
