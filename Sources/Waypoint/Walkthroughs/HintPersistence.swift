import Foundation

/// How the hint saga's records are stored in a ``ProgressStore``: the keys, and one small pair of
/// functions that encode and decode a versioned envelope (to be swapped for the store's snapshots).
enum HintPersistence {
    /// The envelope's format number; a different number is read as corrupt.
    static let format = 1

    static let donationsKey = "waypoint.hints.donations"
    static let scheduleKey = "waypoint.hints.schedule"

    static func progressKey(_ walkthroughId: String) -> String {
        "waypoint.walkthrough.\(walkthroughId)"
    }

    /// The outcome of loading one record.
    enum Load<Value> {
        /// Nothing was saved.
        case empty
        /// The record.
        case loaded(Value)
        /// Something was saved but could not be read; it was moved aside and this says what happened.
        case recovered(String)
    }

    private struct Envelope<Value: Codable>: Codable {
        var format: Int
        var value: Value
    }

    private struct Header: Decodable {
        var format: Int
    }

    static func encode<Value: Codable>(_ value: Value) throws -> Data {
        try JSONEncoder().encode(Envelope(format: format, value: value))
    }

    static func decode<Value: Codable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        let header = try decoder.decode(Header.self, from: data)
        guard header.format == format else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "format \(header.format) is not the supported format \(format)"
            ))
        }
        return try decoder.decode(Envelope<Value>.self, from: data).value
    }

    /// Loads the record under `key`; unreadable data is quarantined and reported, never thrown.
    static func load<Value: Codable & Sendable>(
        _ type: Value.Type, key: String, what: String, from store: any ProgressStore
    ) async -> Load<Value> {
        let data: Data?
        do {
            data = try await store.data(forKey: key)
        } catch {
            return .recovered("Could not read \(what) under '\(key)' (\(error)); starting fresh. Check the store's permissions and free space.")
        }
        guard let data else { return .empty }
        do {
            return .loaded(try decode(Value.self, from: data))
        } catch {
            let movedTo = try? await store.quarantine(key: key)
            let kept = movedTo.flatMap { $0 }.map { "it was moved to '\($0)'" } ?? "it could not be moved aside"
            return .recovered("Saved \(what) under '\(key)' is corrupt (\(describe(error))); \(kept) and it starts fresh.")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context): context.debugDescription
        case DecodingError.valueNotFound(_, let context): context.debugDescription
        default: "\(error)"
        }
    }
}
