import Foundation

/// The JSON encoding of snapshots, and plain-language descriptions of why bytes are not a snapshot.
enum SnapshotCoding {
    /// The one JSON form of Waypoint (see `StableJSON`).
    static func makeEncoder() -> JSONEncoder { StableJSON.encoder() }

    /// A decoder matching ``makeEncoder()``.
    static func makeDecoder() -> JSONDecoder { StableJSON.decoder() }

    // MARK: Diagnosis

    private struct Header: Decodable {
        let formatVersion: Int
    }

    /// Explains why `data` under `key` did not decode as `Snapshot<Value>` (decoding failed with `error`).
    static func diagnose<Value: Codable & Sendable>(
        _ data: Data, key: String, as type: Value.Type, error: any Error
    ) -> ProgressStoreError {
        if data.isEmpty {
            return .corruptSnapshot(key: key, problem: "the data is empty (0 bytes)")
        }
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
            return .corruptSnapshot(key: key, problem: "the data is not valid JSON (\(byteCount(data.count)))")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            return .corruptSnapshot(key: key, problem: describe(error))
        }
        if header.formatVersion > Snapshot<Value>.currentFormatVersion {
            return .unsupportedFormatVersion(
                key: key, found: header.formatVersion, supported: Snapshot<Value>.currentFormatVersion
            )
        }
        if header.formatVersion < 1 {
            return .corruptSnapshot(
                key: key,
                problem: "\"formatVersion\" is \(header.formatVersion), which is not a snapshot format"
            )
        }
        return .corruptSnapshot(key: key, problem: describe(error))
    }

    /// A short description of a decoding failure naming the JSON path, e.g. `"value.steps[2]" should be a string`.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else {
            return "the value could not be decoded: \(error)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\"\(path(context.codingPath + [key]))\" is missing"
        case .valueNotFound(let type, let context):
            let path = path(context.codingPath)
            return path.isEmpty ? "it is null" : "\"\(path)\" is null, but should be \(kind(of: type))"
        case .typeMismatch(let type, let context):
            let path = path(context.codingPath)
            if path.isEmpty {
                return "it should be \(kind(of: type)) with \"formatVersion\", \"savedAt\" and \"value\""
            }
            return "\"\(path)\" should be \(kind(of: type))"
        case .dataCorrupted(let context):
            let path = path(context.codingPath)
            return path.isEmpty ? context.debugDescription : "\"\(path)\" is invalid: \(context.debugDescription)"
        @unknown default:
            return "the value could not be decoded: \(error)"
        }
    }

    /// A coding path as text, e.g. `value.steps[2]`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return result
    }

    private static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case _ where name.hasPrefix("Dictionary<"): return "an object"
        case _ where name.hasPrefix("Array<"): return "an array"
        case "String": return "a string"
        case "Bool": return "true or false"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return "an integer"
        case "Double", "Float", "Decimal", "CGFloat": return "a number"
        default: return "a \(name)"
        }
    }

    private static func byteCount(_ count: Int) -> String {
        count == 1 ? "1 byte" : "\(count) bytes"
    }
}
