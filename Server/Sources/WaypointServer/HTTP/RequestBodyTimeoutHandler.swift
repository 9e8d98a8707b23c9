import NIOCore
import NIOHTTPTypes
import Prometheus

/// Answers 408 and closes a connection whose request's body has not all arrived within `timeout`
/// of the request's headers (docs/ARCHITECTURE.md, "Operating the server").
///
/// Hummingbird's idle timeout closes a connection only after a pause, so a body sent a byte at a
/// time, each byte before the pause ends, would hold its connection forever; the header timeout
/// does not run while a request is open. This bounds the whole body.
///
/// It sits after the HTTP decoder. A request whose head and end arrive in one read (a request
/// without a body, most small ones) sets no timer: a timer is set at the end of a read that leaves
/// a body unfinished, when none is set, and one that fires for a request that has ended since looks
/// again at the body being read then, if any. At the deadline the 408 is sent when no answer has
/// begun since the request arrived (an answer begun or sent cannot be followed by another), and the
/// connection is closed either way: the request's handler then sees its body fail, so nothing of a
/// partial body is acted on.
final class RequestBodyTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let metrics: ServerMetrics
    private var timer: Scheduled<Void>?
    /// When the head of the request whose body is being read arrived; nil while no body is read.
    private var bodySince: NIODeadline?
    private var answers = ConnectionAnswers()

    init(timeout: Duration, metrics: ServerMetrics) {
        self.timeout = TimeAmount(timeout)
        self.metrics = metrics
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancelTimer() }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        answers.read(part)
        switch part {
        case .head: bodySince = .now()
        case .body: break
        case .end: bodySince = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let bodySince, timer == nil { schedule(context, at: bodySince + timeout) }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        answers.wrote(unwrapOutboundIn(data))
        context.write(data, promise: promise)
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            // The body ended, and no other is being read: a later read sets a timer again.
            guard let bodySince else { return }
            let deadline = bodySince + timeout
            if deadline <= .now() {
                expire(context)
            } else {
                schedule(context, at: deadline)
            }
        }
    }

    /// Answers 408 when no answer to the request has begun, then closes the connection.
    private func expire(_ context: ChannelHandlerContext) {
        bodySince = nil
        metrics.requestBodyTimeouts.increment()
        if answers.mayAnswerLatest {
            context.answerAndClose(.requestTimeout(Self.message(timeout)))
        } else {
            context.close(promise: nil)
        }
    }

    /// What the 408 says: what went wrong and how to send the request instead.
    static func message(_ timeout: TimeAmount) -> String {
        let seconds = Double(timeout.nanoseconds) / 1_000_000_000
        let shown = seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
        return "The request's body did not arrive within \(shown) second\(seconds == 1 ? "" : "s") of its headers, "
            + "so the connection is closed. Send the whole body at once after the headers, over a faster connection "
            + "or in smaller requests; the server's operator sets this limit with --body-timeout."
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
