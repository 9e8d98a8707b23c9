#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The IP address inside a C socket address, such as the one NIO's `SocketAddress.withSockAddr` lends.
public enum SocketAddressBytes {
    /// Calls `body` with the bytes of the IP address of the socket address at `address` (a
    /// `sockaddr_in` or a `sockaddr_in6`), in network order: 4 for IPv4, 16 for IPv6. Nil, without
    /// calling `body`, for any other family (a Unix socket).
    public static func withIPAddress<T>(
        of address: UnsafeRawPointer, _ body: (UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T? {
        switch Int32(address.loadUnaligned(as: sockaddr.self).sa_family) {
        case AF_INET:
            let socket = address.loadUnaligned(as: sockaddr_in.self)
            return try withUnsafeBytes(of: socket.sin_addr) { try body($0) }
        case AF_INET6:
            let socket = address.loadUnaligned(as: sockaddr_in6.self)
            return try withUnsafeBytes(of: socket.sin6_addr) { try body($0) }
        default:
            return nil
        }
    }
}
