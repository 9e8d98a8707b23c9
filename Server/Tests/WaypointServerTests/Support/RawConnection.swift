import Foundation
import NIOCore
import NIOPosix

/// A plain TCP connection to a server on 127.0.0.1, for tests of what happens below HTTP: silent
/// clients, headers sent a byte at a time, malformed framing.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let received: LockedBox<[UInt8]>
    private let closed = LockedBox<ContinuousClock.Instant?>(nil)
    /// A moment before the connection was established (when its channel was made).
    let openedAt: ContinuousClock.Instant

    /// Connects to 127.0.0.1:`port`, from the loopback address `source` when given (such as
    /// 127.0.0.2: Linux answers every 127.0.0.0/8 address), so a test can be several clients.
    init(port: Int, from source: String? = nil) async throws {
        let received = LockedBox<[UInt8]>([])
        let made = LockedBox<ContinuousClock.Instant>(.now)
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        channel = try await bootstrap
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                made.set(.now)
                return channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        openedAt = made.get()
        self.received = received
        channel.closeFuture.whenComplete { [closed] _ in closed.set(.now) }
    }

    /// How long the connection stayed open; nil while it is.
    var lifetime: Duration? { closed.get().map { $0 - openedAt } }

    /// What the server has sent so far.
    var text: String { String(decoding: received.get(), as: UTF8.self) }

    /// Whether the server has closed the connection (or it was closed here).
    var isClosed: Bool { !channel.isActive }

    /// Sends `text`; throws when the connection is closed.
    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Sends `bytes` as they are (such as a header value that is not UTF-8); throws when the connection is closed.
    func send(bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    /// Waits until the server closes the connection; throws after `timeout`.
    func waitUntilClosed(timeout: Duration) async throws {
        try await Polling.until("the server closes the connection", timeout: timeout, interval: .milliseconds(20)) {
            // Closed, and its close seen through: the channel is inactive a moment before `lifetime` is set.
            isClosed && closed.get() != nil
        }
    }

    /// Waits until the server has sent something that holds `marker`; throws after `timeout`.
    func waitFor(_ marker: String, timeout: Duration) async throws {
        do {
            try await Polling.until("the server sends \"\(marker)\"", timeout: timeout) { text.contains(marker) }
        } catch {
            throw TestFailure("\(error); it sent: \(text.prefix(300))")
        }
    }

    func close() async {
        try? await channel.close()
    }

    /// Appends every byte read to a box.
    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let received: LockedBox<[UInt8]>

        init(_ received: LockedBox<[UInt8]>) { self.received = received }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(unwrapInboundIn(data).readableBytesView)
            received.update { $0.append(contentsOf: bytes) }
        }
    }
}
