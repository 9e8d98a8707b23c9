import Foundation
import Waypoint

extension ConformanceClient {
    /// A `documents` case: the text of a downloaded document, exactly as the server sent it.
    struct DocumentsInput: ConformanceInput {
        static let keys: Set<String> = ["text"]
        let text: String
    }

    /// What an app does with a downloaded document (docs/ARCHITECTURE.md, "A document, from upload
    /// to app"): the core reads it with unknown keys as warnings, and uses it only when it has no error.
    /// `{"accepted": BOOL, "diagnostics": [{"severity", "code", "path"}]}`, in the order of their place in
    /// the text; a diagnostic without a path (the text is not JSON) gives its `line` and `column`
    /// instead. Messages are left out: their words are not part of the contract.
    static func documents(_ input: DocumentsInput) throws -> JSONValue {
        let validation = WaypointDocument.validate(Data(input.text.utf8), unknownKeys: .warning)
        let diagnostics: [JSONValue] = validation.diagnostics.map { diagnostic in
            var fields: [String: JSONValue] = [
                "severity": .string(diagnostic.severity.rawValue),
                "code": .string(diagnostic.code.rawValue),
                "path": .string(diagnostic.path),
            ]
            if diagnostic.path.isEmpty {
                fields["line"] = .number(Double(diagnostic.line))
                fields["column"] = .number(Double(diagnostic.column))
            }
            return .object(fields)
        }
        return ["accepted": .bool(validation.isValid), "diagnostics": .array(diagnostics)]
    }
}
