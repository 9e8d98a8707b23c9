import NIOCore
import NIOHTTPTypes

/// Closes a connection that does not send a request's complete headers within `timeout` of opening,
/// or of the end of its previous answer (docs/ARCHITECTURE.md, "Operating the server").
///
/// It sits after the HTTP decoder, so it sees a request's head only once the head is complete: a
/// client that sends its headers a byte at a time is closed as surely as a silent one. While a
/// request is being read or answered the connection is busy and not closed (the idle timeout and
/// the handler's own work bound those).
///
/// The timer is not moved for each request: a request's end only notes the time, and a timer that
/// fires early (the connection answered since it was set) is set again for what is left. A
/// connection that keeps sending requests costs a clock read per request, not a timer.
final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived and whose answer has not ended.
    private var open = 0
    /// When the connection last had no request open: when it opened, or when its last answer ended.
    private var idleSince = NIODeadline.now()

    init(timeout: Duration) {
        self.timeout = TimeAmount(timeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { becameIdle(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancelTimer() }

    func channelActive(context: ChannelHandlerContext) {
        becameIdle(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { open += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            open = max(0, open - 1)
            if open == 0 { becameIdle(context) }
        }
        context.write(data, promise: promise)
    }

    /// Notes that no request is open from now on, and makes sure a timer will look then.
    private func becameIdle(_ context: ChannelHandlerContext) {
        idleSince = .now()
        if timer == nil { schedule(context, at: idleSince + timeout) }
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            // Busy: the end of the answer sets a timer again.
            guard open == 0 else { return }
            let deadline = idleSince + timeout
            if deadline <= .now() {
                context.close(promise: nil)
            } else {
                schedule(context, at: deadline)
            }
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
