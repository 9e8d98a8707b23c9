import Foundation
import Hummingbird
import NIOHTTP1

extension RequestBody {
    /// The whole body of `request`, refused with 413 when it is over `limit` bytes, and with 400
    /// when its framing is malformed (a chunk size that is not hexadecimal, say).
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
        } catch let error as HTTPParserError {
            throw APIError.badRequest(Self.malformed(error))
        }
        return Data(buffer.readableBytesView)
    }

    /// What is wrong with a body the HTTP parser refused, and how to send it instead.
    static func malformed(_ error: HTTPParserError) -> String {
        if case .invalidChunkSize = error {
            return "The body's chunked encoding is malformed: a chunk size is not hexadecimal. "
                + "Each chunk starts with its size in hexadecimal and CRLF; or send the body with Content-Length."
        }
        return "The body's framing is malformed HTTP; send it with Content-Length, or as valid chunks."
    }
}
