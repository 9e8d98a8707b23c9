import Crypto
import Foundation

/// The admin token, kept only as its SHA-256 and a key derived from it; requests are checked
/// against it in constant time.
public struct AdminToken: Sendable {
    /// The fewest characters a token may have.
    public static let minimumLength = 32

    private let hash: String
    /// The key that signs dashboard sessions and CSRF tokens, derived from the token with HKDF, so
    /// every server process with the same token accepts the same sessions, and a new token ends them all.
    /// (Bytes, not a `SymmetricKey`: that type is not `Sendable`.)
    let signingKey: [UInt8]

    /// Keeps the hash of `token`; throws when it is shorter than ``minimumLength``.
    public init(_ token: String) throws(ConfigurationError) {
        try self.init(token, source: "WAYPOINT_ADMIN_TOKEN")
    }

    /// Keeps the hash of `token`; the error of a short token names `source`, where it came from
    /// (such as "the admin token in /etc/waypoint-server/admin-token").
    public init(_ token: String, source: String) throws(ConfigurationError) {
        guard token.count >= Self.minimumLength else {
            throw ConfigurationError(
                "\(source) has \(token.count) characters; it needs at least \(Self.minimumLength). "
                    + "Generate one with `openssl rand -hex 32`.")
        }
        hash = SecretHash.sha256Hex(token)
        signingKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Array(token.utf8)), salt: Array("waypoint-dashboard".utf8),
            info: Array("session signing".utf8), outputByteCount: 32
        ).withUnsafeBytes { Array($0) }
    }

    /// Whether `candidate` is the token.
    public func matches(_ candidate: String) -> Bool {
        SecretHash.constantTimeEquals(SecretHash.sha256Hex(candidate), hash)
    }
}
