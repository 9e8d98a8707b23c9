import Foundation

/// A ``ProgressStore`` that keeps each key's bytes as `Data` in `UserDefaults`, under a key prefix.
///
/// The simplest set-up for an app: progress lives next to the app's other preferences, and the
/// prefix (by default `"waypoint."`) keeps Waypoint's keys apart from the app's own. The key
/// `"walkthrough.layering"` is stored under the defaults key `"waypoint.walkthrough.layering"`.
/// Empty keys are rejected with a ``ProgressStoreError``, as in ``FileProgressStore``.
///
/// The store keeps only the suite name and opens `UserDefaults(suiteName:)` (or
/// `UserDefaults.standard`) on each call, because `UserDefaults` is not `Sendable` in
/// swift-corelibs-foundation (its conformance is explicitly unavailable), so a `Sendable` store
/// cannot hold one. Instances for the same suite share the same underlying preferences, so this
/// costs a lookup, not consistency. `UserDefaults` does not promise that a write reaches disk
/// before a crash; use ``FileProgressStore`` when that matters.
public struct UserDefaultsProgressStore: ProgressStore {
    /// The UserDefaults suite, or `nil` for `UserDefaults.standard`.
    package let suiteName: String?
    /// The text put before every key to make its defaults key.
    package let keyPrefix: String
    private let clock: any WaypointClock

    /// Creates a store over `UserDefaults(suiteName: suiteName)`, or `UserDefaults.standard` when
    /// `suiteName` is `nil`.
    ///
    /// - Parameters:
    ///   - keyPrefix: put before every key to make its defaults key.
    ///   - clock: the time used to name quarantined values.
    public init(suiteName: String? = nil, keyPrefix: String = "waypoint.", clock: any WaypointClock = SystemClock()) {
        self.suiteName = suiteName
        self.keyPrefix = keyPrefix
        self.clock = clock
    }

    /// The defaults key under which `key` is stored, e.g. `"waypoint.walkthrough.layering"`.
    package func defaultsKey(forKey key: String) -> String {
        keyPrefix + key
    }

    /// Returns the `Data` stored for `key`, or `nil` when nothing is stored.
    ///
    /// - Throws: ``ProgressStoreError`` when the defaults key holds something other than `Data`, the
    ///   suite cannot be opened, or the key is empty.
    public func data(forKey key: String) async throws -> Data? {
        let defaultsKey = try checkedDefaultsKey(key)
        guard let object = try defaults().object(forKey: defaultsKey) else { return nil }
        guard let data = object as? Data else {
            throw ProgressStoreError.unreadable(
                key: key, location: location(defaultsKey),
                problem: "it holds \(Self.kind(of: object)), not Data"
            )
        }
        return data
    }

    /// Stores `data` for `key`, replacing what was there.
    public func setData(_ data: Data, forKey key: String) async throws {
        let defaultsKey = try checkedDefaultsKey(key)
        try defaults().set(data, forKey: defaultsKey)
    }

    /// Removes the value stored for `key`; does nothing when there is none.
    public func removeData(forKey key: String) async throws {
        let defaultsKey = try checkedDefaultsKey(key)
        try defaults().removeObject(forKey: defaultsKey)
    }

    /// Moves the value stored for `key` to the defaults key `<defaults key>.corrupt-<UTC time>`,
    /// adding `-2`, `-3`, … when that key is taken.
    ///
    /// - Returns: the defaults key it was moved to (including the prefix), or `nil` when nothing was stored.
    public func quarantine(key: String) async throws -> String? {
        let defaultsKey = try checkedDefaultsKey(key)
        let defaults = try defaults()
        guard let object = defaults.object(forKey: defaultsKey) else { return nil }
        let base = defaultsKey + ".corrupt-" + MillisecondTimestamp.compact(clock.now)
        var destination = base
        var attempt = 1
        while defaults.object(forKey: destination) != nil {
            attempt += 1
            destination = base + "-\(attempt)"
        }
        defaults.set(object, forKey: destination)
        defaults.removeObject(forKey: defaultsKey)
        return destination
    }

    private func checkedDefaultsKey(_ key: String) throws(ProgressStoreError) -> String {
        guard !key.isEmpty else { throw .emptyKey() }
        return defaultsKey(forKey: key)
    }

    private func defaults() throws(ProgressStoreError) -> UserDefaults {
        guard let suiteName else { return .standard }
        guard let defaults = UserDefaults(suiteName: suiteName) else { throw .suiteUnavailable(suiteName) }
        return defaults
    }

    /// A platform-independent name for a property-list value (class names differ between platforms).
    private static func kind(of object: Any) -> String {
        switch object {
        case is String: "a string"
        case is Bool, is Int, is Double, is NSNumber: "a number"
        case is Date: "a date"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        default: "a value of another type"
        }
    }

    private func location(_ defaultsKey: String) -> String {
        let suite = suiteName.map { "suite \"\($0)\"" } ?? "UserDefaults.standard"
        return "defaults key \"\(defaultsKey)\" in \(suite)"
    }
}
