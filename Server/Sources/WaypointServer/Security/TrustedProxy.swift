import NIOCore
import SystemCalls

/// An address, or a range of addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`), whose
/// `X-Forwarded-For` header the server believes (docs/ARCHITECTURE.md, "Operating the server").
public struct TrustedProxy: Sendable, Equatable, CustomStringConvertible {
    /// The network's bytes: 4 for IPv4, 16 for IPv6.
    private let network: [UInt8]
    private let prefixLength: Int
    public let description: String

    /// Parses `127.0.0.1`, `::1`, `10.0.0.0/8` or `fd00::/8`.
    public init(_ text: String) throws(ConfigurationError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let invalid = ConfigurationError(
            "--trusted-proxy \(text) is not an IP address or a CIDR range; pass one such as 127.0.0.1, ::1 or 10.0.0.0/8.")
        guard parts.count <= 2, let bytes = IPAddressBytes.parse(String(parts[0])) else { throw invalid }
        let bits = bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...bits).contains(parsed) else { throw invalid }
            length = parsed
        }
        network = IPAddressBytes.masked(bytes, prefixLength: length)
        prefixLength = length
        description = text
    }

    /// Whether `address` (such as `127.0.0.1` or `::ffff:127.0.0.1`) is in this range.
    public func contains(_ address: String) -> Bool {
        guard let bytes = IPAddressBytes.parse(address), bytes.count == network.count else { return false }
        return IPAddressBytes.masked(bytes, prefixLength: prefixLength) == network
    }
}

/// The bytes of textual IP addresses.
enum IPAddressBytes {
    /// The 4 bytes of an IPv4 address (also of one mapped into IPv6, `::ffff:a.b.c.d`) or the 16 of
    /// an IPv6 address; nil for anything else.
    static func parse(_ text: String) -> [UInt8]? {
        // NIO also reads an IPv6 address with a zone (`fe80::1%eth0`), which is not an address here.
        guard !text.contains("%"), let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        return withBytes(of: address) { bytes -> [UInt8] in
            if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return Array(bytes[12...])
            }
            return Array(bytes)
        }
    }

    /// Calls `body` with the bytes of `address`'s IP address, read from the socket address without
    /// formatting it: 4 for IPv4, 16 for IPv6, in network order. Nil for a Unix socket.
    static func withBytes<T>(of address: SocketAddress, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        address.withSockAddr { socketAddress, _ in SocketAddressBytes.withIPAddress(of: socketAddress, body) }
    }

    /// `bytes` with every bit after the first `prefixLength` cleared.
    static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefixLength - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
        }
    }
}
