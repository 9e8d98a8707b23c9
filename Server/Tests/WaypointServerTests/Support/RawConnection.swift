import Foundation
import NIOCore
import NIOPosix

/// A plain TCP connection to a server on 127.0.0.1, for tests of what happens below HTTP: silent
/// clients, headers sent a byte at a time, malformed framing.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let received: LockedBox<[UInt8]>

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) async throws {
        let received = LockedBox<[UInt8]>([])
        channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        self.received = received
    }

    /// What the server has sent so far.
    var text: String { String(decoding: received.get(), as: UTF8.self) }

    /// Whether the server has closed the connection (or it was closed here).
    var isClosed: Bool { !channel.isActive }

    /// Sends `text`; throws when the connection is closed.
    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Waits until the server closes the connection; throws after `timeout`.
    func waitUntilClosed(timeout: Duration) async throws {
        try await Polling.until("the server closes the connection", timeout: timeout, interval: .milliseconds(20)) { isClosed }
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
