#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return Array(bytes[12...])
        }
        return bytes
    }

    /// `bytes` with every bit after the first `prefixLength` cleared.
    static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefixLength - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
        }
    }
}
