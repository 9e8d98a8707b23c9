/// The rate limit's bucket name for requests with an SDK key: the key with the client address it is
/// used from, so a client that floods with an app's key does not use up the limit of the app's
/// other users (docs/ARCHITECTURE.md, "Operating the server").
///
/// The key is named by the first 64 bits of its SHA-256, worked out once when its lookup is cached;
/// hashing the name hashes two integers, not a string built for each request.
struct SDKKeyClient: Hashable, Sendable {
    /// The first 16 hex digits of the key's SHA-256, as a number.
    let key: UInt64
    /// Where the request came from.
    let client: ClientAddress.Key

    /// The number that names the key whose SHA-256 is `keyHash` (64 hex digits): its first 16 digits.
    static func key(ofHash keyHash: String) -> UInt64 {
        UInt64(keyHash.prefix(16), radix: 16) ?? 0
    }

    /// The bucket name of the key numbered `key` (``key(ofHash:)``), used from `client`.
    init(key: UInt64, client: ClientAddress.Key) {
        self.key = key
        self.client = client
    }
}
