import Foundation
import Waypoint

/// One conformance case: what a client is given and what it must answer (docs/CLIENTS.md).
struct ConformanceCase: Sendable, Hashable {
    /// The case's id, unique in the suite, such as `navigation/back-from-the-second-step`.
    let id: String
    /// What the case checks.
    let kind: ConformanceKind
    /// What the case is about, in one sentence.
    let description: String
    /// What the client is given.
    let input: JSONValue
    /// What the client must answer.
    let expected: JSONValue
    /// The file the case is in, and the line of its `id`.
    let file: String
    let line: Int

    /// Whether `output` is the expected answer: the same JSON value, numbers by value and object
    /// members in any order, and every string the same bytes (no Unicode normalisation: `café`
    /// with U+00E9 is not `café` with a combining accent, as ids compare in docs/ARCHITECTURE.md).
    func isExpected(_ output: JSONValue) -> Bool {
        Self.same(output, expected)
    }

    /// Whether two values are the same, strings and member names compared by their UTF-8 bytes
    /// (Swift's `==` on strings, and so `JSONValue`'s, compares them by canonical equivalence).
    static func same(_ one: JSONValue, _ other: JSONValue) -> Bool {
        switch (one, other) {
        case (.string(let first), .string(let second)):
            return first.utf8.elementsEqual(second.utf8)
        case (.array(let first), .array(let second)):
            return first.count == second.count && zip(first, second).allSatisfy { same($0, $1) }
        case (.object(let first), .object(let second)):
            let names = { (members: [String: JSONValue]) in Set(members.keys.map { Array($0.utf8) }) }
            return names(first) == names(second) && first.allSatisfy { name, value in second[name].map { same(value, $0) } ?? false }
        default:
            return one == other
        }
    }

    /// The request line sent to a client: `{"id":…,"kind":…,"input":…}`.
    var request: JSONValue {
        .object(["id": .string(id), "kind": .string(kind.rawValue), "input": input])
    }
}

/// The cases of a `spec` folder: every `*.json` file under a folder named after a kind
/// (`spec/navigation/back.json`), each `{"version": 1, "kind": …, "cases": [{"id", "description", "input", "expected"}]}`.
enum ConformanceSuite {
    /// The version of the case files this tool reads.
    static let version = 1

    /// Why a folder of cases cannot be read: the file, and what to fix.
    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The case files under `directory`, sorted by path, each with its cases in file order.
    static func load(directory: String) throws -> [(path: String, cases: [ConformanceCase])] {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError(description: "\(directory) is not a folder: give the folder of the cases, such as `spec`.")
        }
        var files: [(path: String, cases: [ConformanceCase])] = []
        var ids: [String: String] = [:]
        for kind in ConformanceKind.allCases {
            let folder = root.appendingPathComponent(kind.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = directory + "/" + kind.rawValue + "/" + name
                let cases = try read(path: path, kind: kind)
                for item in cases {
                    if let other = ids[item.id] {
                        throw LoadError(description: "\(path):\(item.line): the case id `\(item.id)` is also used in \(other); give each case its own id.")
                    }
                    ids[item.id] = path
                }
                files.append((path, cases))
            }
        }
        guard !files.isEmpty else {
            throw LoadError(description: "\(directory) has no case files: they are `KIND/NAME.json`, KIND one of "
                + ConformanceKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return files
    }

    /// The cases of the file at `path`, which is in the folder of `kind`.
    static func read(path: String, kind: ConformanceKind) throws -> [ConformanceCase] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LoadError(description: "\(path): cannot be read (\(error.localizedDescription)).")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LoadError(description: "\(path): not valid JSON; check it with `python3 -m json.tool \(path)`.")
        }
        let text = String(decoding: data, as: UTF8.self)
        func problem(_ message: String) -> LoadError { LoadError(description: "\(path): \(message)") }
        guard case .object(let members) = value else { throw problem("a case file is a JSON object with `version`, `kind` and `cases`.") }
        let unknown = Set(members.keys).subtracting(["$schema", "version", "kind", "description", "cases"])
        guard unknown.isEmpty else {
            throw problem("unknown key \(unknown.sorted().map { "`\($0)`" }.joined(separator: ", ")); a case file has `version`, `kind`, `description` and `cases`.")
        }
        guard members["version"]?.intValue == version else {
            throw problem("`version` must be \(version), the version of the case files this tool reads; a newer file needs a newer `waypoint`.")
        }
        guard members["kind"]?.stringValue == kind.rawValue else {
            throw problem("`kind` must be \"\(kind.rawValue)\", the name of the folder the file is in.")
        }
        guard case .array(let items)? = members["cases"], !items.isEmpty else { throw problem("`cases` must be a non-empty array.") }
        return try items.enumerated().map { index, item in
            guard case .object(let fields) = item, let id = fields["id"]?.stringValue, !id.isEmpty,
                  let description = fields["description"]?.stringValue, let input = fields["input"], let expected = fields["expected"] else {
                throw problem("case \(index + 1) needs a string `id`, a `description`, an `input` and an `expected`.")
            }
            let extra = Set(fields.keys).subtracting(["id", "description", "input", "expected"])
            guard extra.isEmpty else {
                throw problem("case `\(id)` has the unknown key \(extra.sorted().map { "`\($0)`" }.joined(separator: ", ")).")
            }
            guard id.hasPrefix(kind.rawValue + "/") else { throw problem("case `\(id)`: ids start with `\(kind.rawValue)/`, the case's kind.") }
            return ConformanceCase(
                id: id, kind: kind, description: description, input: input, expected: expected, file: path,
                line: line(of: id, in: text))
        }
    }

    /// The line (from 1) of `"id": "ID"` in `text`; 1 when it is not written that way.
    static func line(of id: String, in text: String) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let encoded = String(decoding: (try? encoder.encode(id)) ?? Data(), as: UTF8.self)
        var number = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("\"id\"") && line.contains(encoded) { return number }
            number += 1
        }
        return 1
    }
}
