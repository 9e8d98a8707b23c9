/// The admin token, kept only as its SHA-256; requests are checked against it in constant time.
public struct AdminToken: Sendable {
    /// The fewest characters a token may have.
    public static let minimumLength = 32

    private let hash: String

    /// Keeps the hash of `token`; throws when it is shorter than ``minimumLength``.
    public init(_ token: String) throws(ConfigurationError) {
        guard token.count >= Self.minimumLength else {
            throw ConfigurationError(
                "WAYPOINT_ADMIN_TOKEN has \(token.count) characters; it needs at least \(Self.minimumLength). "
                    + "Generate one with `openssl rand -hex 32`.")
        }
        hash = SecretHash.sha256Hex(token)
    }

    /// Whether `candidate` is the token.
    public func matches(_ candidate: String) -> Bool {
        SecretHash.constantTimeEquals(SecretHash.sha256Hex(candidate), hash)
    }
}
