import NIOCore
import NIOHTTPTypes

/// Closes a connection that does not send a request's complete headers within `timeout` of opening,
/// or of the end of its previous answer (docs/ARCHITECTURE.md, "Operating the server").
///
/// It sits after the HTTP decoder, so it sees a request's head only once the head is complete: a
/// client that sends its headers a byte at a time is closed as surely as a silent one. While a
/// request is being read or answered the timer is off (the idle timeout and the handler's own work
/// bound those).
final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived and whose answer has not ended.
    private var open = 0

    init(timeout: Duration) {
        self.timeout = TimeAmount(timeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startWaiting(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { stopWaiting() }

    func channelActive(context: ChannelHandlerContext) {
        startWaiting(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWaiting()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            open += 1
            stopWaiting()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            open = max(0, open - 1)
            if open == 0 { startWaiting(context) }
        }
        context.write(data, promise: promise)
    }

    private func startWaiting(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            timer = nil
            if open == 0 { context.close(promise: nil) }
        }
    }

    private func stopWaiting() {
        timer?.cancel()
        timer = nil
    }
}
