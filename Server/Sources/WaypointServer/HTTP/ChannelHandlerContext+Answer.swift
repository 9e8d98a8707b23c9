import HTTPTypes
import NIOCore
import NIOHTTPTypes

extension ChannelHandlerContext {
    /// Writes `error` as the server's answer, the usual JSON error with `Connection: close`, from a
    /// handler after the HTTP codec (whose outbound parts are ``HTTPResponsePart``), then closes
    /// the connection once the answer is written (closing at once would drop it) or could not be.
    func answerAndClose(_ error: APIError) {
        let body = (try? error.body()) ?? []
        let head = HTTPResponse(status: error.status, headerFields: [
            .contentType: "application/json; charset=utf-8", .contentLength: String(body.count), .connection: "close",
        ])
        write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
        write(NIOAny(HTTPResponsePart.body(ByteBuffer(bytes: body))), promise: nil)
        let written = eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in close(promise: nil) }
        writeAndFlush(NIOAny(HTTPResponsePart.end(nil)), promise: written)
    }
}
