import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request that is not valid HTTP (a header holding a control character, a request line
/// that cannot be read) with 400 and the usual JSON error, then closes the connection
/// (docs/ARCHITECTURE.md, "Operating the server"; every operation of Server/openapi.json lists it).
///
/// The HTTP decoder cannot read such a request, so no route sees it, and Hummingbird would answer
/// 400 with no body. This sits after the decoder and takes the decoder's error when it comes
/// between requests: answered at once when no answer is under way, or after the answer under way
/// ends (a request sent behind another). An error inside a request's body is left to the route
/// reading it, which says what is wrong with the body (``RequestBody/collect(_:limit:)``), and one
/// found after the connection closed has no one to answer.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var answers = ConnectionAnswers()
    /// A malformed request read while an answer was under way, answered once that one ends.
    private var pending: HTTPParserError?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        answers.read(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        answers.wrote(part)
        context.write(data, promise: promise)
        if case .end = part, let error = pending, answers.isIdle {
            pending = nil
            context.answerAndClose(.badRequest(Self.message(error)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError, context.channel.isActive, !answers.isReadingBody, pending == nil else {
            context.fireErrorCaught(error)
            return
        }
        if answers.isIdle {
            context.answerAndClose(.badRequest(Self.message(error)))
        } else {
            pending = error
        }
    }

    /// What is wrong with a request the HTTP decoder refused, and how to send it instead.
    static func message(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidHeaderToken, .invalidCharactersUsed:
            "The request is not valid HTTP: a header holds a character HTTP does not allow (a control character such as NUL or DEL). "
                + "Send header names as tokens and header values as visible characters, spaces and tabs."
        case .headerOverflow:
            "The request's headers are too large; send fewer or shorter headers."
        case .invalidMethod, .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidVersion:
            "The request line is not valid HTTP/1.1; send METHOD /path HTTP/1.1, with the path percent-encoded."
        default:
            "The request is not valid HTTP/1.1 (\(error)); send a well-formed request."
        }
    }
}
