import Logging
import NIOCore
import NIOHTTPTypes
import Prometheus

/// Closes a connection as soon as it is accepted when its peer address has as many connections
/// open as ``ConnectionsPerAddress/limit`` allows, and otherwise counts it until it closes
/// (docs/ARCHITECTURE.md, "Operating the server").
///
/// Closed at once, before anything is read: answering would mean keeping the connection until its
/// request arrived, which is what a flood of connections from one address counts on.
final class ConnectionsPerAddressHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart

    private let table: ConnectionsPerAddress
    private let metrics: ServerMetrics
    private let logger: Logger
    /// Whether the connection was looked at, and the key it is counted under if it is.
    private var admitted = false
    private var key: ConnectionsPerAddress.Key?

    init(table: ConnectionsPerAddress, metrics: ServerMetrics, logger: Logger) {
        self.table = table
        self.metrics = metrics
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        let peer = context.channel.remoteAddress
        switch table.admit(peer) {
        case .counted(let key):
            self.key = key
        case .uncounted:
            break
        case .refused(let firstSinceIdle):
            metrics.connectionsRefused.increment()
            if firstSinceIdle {
                logger.warning(
                    "\(peer?.ipAddress ?? "a peer") has \(table.limit) connections open, the most one address may; closing its new connections until some close. Raise --max-connections-per-address if many clients share that address, or name a proxy with --trusted-proxy.")
            }
            context.close(promise: nil)
        }
    }

    private func release() {
        if let key { table.close(key) }
        key = nil
    }
}
