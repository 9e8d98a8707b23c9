import ArgumentParser
import Foundation
import Waypoint

/// `--format text|json`, for commands whose output people read or tools parse.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `--format mermaid|dot`, for `waypoint graph`.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case mermaid, dot
}

/// Parsing of `--attributes`.
enum AttributesOption {
    /// The attributes in `text`, a JSON object; a usage error (exit 64) that shows how to write one otherwise.
    static func parse(_ text: String) throws -> Attributes {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw ValidationError(
                "--attributes is not valid JSON (\(error.reason)); pass a JSON object in single quotes, such as --attributes '{\"id\":\"u-123\",\"country\":\"US\"}'.")
        }
        guard let object = value.objectValue else {
            let kind = value.typeName == "null" ? "null" : (value.typeName == "array" ? "an array" : "a \(value.typeName)")
            throw ValidationError(
                "--attributes must be a JSON object, not \(kind); pass one such as --attributes '{\"id\":\"u-123\",\"country\":\"US\"}'.")
        }
        return Attributes(object)
    }

    /// The attribute `locale` when it is a non-empty string (the user's locale, ``TextLocalization/localeAttribute``).
    static func locale(of attributes: Attributes) -> String? {
        guard case .string(let locale)? = attributes[TextLocalization.localeAttribute], !locale.isEmpty else { return nil }
        return locale
    }
}

/// Aligns rows of cells into columns separated by two spaces, without trailing spaces.
func alignedColumns(_ rows: [[String]], indent: String = "  ") -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
        var line = indent
        for (column, cell) in row.enumerated() {
            line += cell
            if column + 1 < row.count { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

/// "`a`, `b` and `c`".
func listed(_ names: [String], conjunction: String = "and") -> String {
    let quoted = names.map { "`\($0)`" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
