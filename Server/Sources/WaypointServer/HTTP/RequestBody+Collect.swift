import Foundation
import Hummingbird

extension RequestBody {
    /// The whole body of `request`, refused with 413 when it is over `limit` bytes.
    static func collect(_ request: Request, limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError.tooLarge("The body has \(length) bytes; send at most \(limit).")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError.tooLarge("The body is over \(limit) bytes; send at most \(limit).")
        }
        return Data(buffer.readableBytesView)
    }
}
