import Foundation
import Hummingbird

/// The fields of an editor's form, by name: the editors' fields are named after the document's
/// content keys and locales, so they are read as a list of names and values rather than a fixed type.
struct EditorFields: Sendable {
    private(set) var values: [String: String] = [:]

    init(_ values: [String: String] = [:]) { self.values = values }

    /// The fields of an `application/x-www-form-urlencoded` body (a name given twice keeps its first value).
    init(urlEncoded body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            let name = decoded(parts[0])
            if values[name] == nil { values[name] = parts.count > 1 ? decoded(parts[1]) : "" }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// Reads a request's form body (at most `limit` bytes).
    static func read(_ request: Request, limit: Int) async throws -> EditorFields {
        let body = try await RequestBody.collect(request, limit: limit)
        return EditorFields(urlEncoded: String(decoding: body, as: UTF8.self))
    }
}

/// Where a problem of a save is shown: beside a field of the form (by its name), or at the top.
struct FieldProblems: Sendable {
    private(set) var byField: [String: [String]] = [:]
    private(set) var general: [String] = []

    var isEmpty: Bool { byField.isEmpty && general.isEmpty }

    mutating func add(_ message: String, field: String?) {
        if let field { byField[field, default: []].append(message) } else { general.append(message) }
    }

    func of(_ field: String) -> [StepEditorPageContext.Problem] { (byField[field] ?? []).map(StepEditorPageContext.Problem.init) }

    var top: [StepEditorPageContext.Problem] { general.map(StepEditorPageContext.Problem.init) }
}

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
