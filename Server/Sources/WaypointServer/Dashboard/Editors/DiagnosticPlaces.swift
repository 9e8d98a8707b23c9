import Foundation

/// The paths of a document's diagnostics that concern each field of an editor: the longest path that
/// a diagnostic's path starts with names its field.
struct DiagnosticPlaces: Sendable {
    private var places: [(path: String, field: String)] = []

    mutating func add(_ path: String, field: String) { places.append((path, field)) }

    /// The field a diagnostic at `path` concerns, or nil.
    func field(of path: String) -> String? {
        places.filter { place in
            path == place.path || path.hasPrefix(place.path + ".") || path.hasPrefix(place.path + "[")
        }.max { $0.path.count < $1.path.count }?.field
    }

    /// `path` followed by `key`, as diagnostics write paths (`a.b`, or `a["b c"]` for a key of other characters).
    static func appending(_ key: String, to path: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            scalar == "$" || scalar == "_" || scalar == "-" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
        if plain { return path.isEmpty ? key : path + "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return path + "[\"" + escaped + "\"]"
    }
}
