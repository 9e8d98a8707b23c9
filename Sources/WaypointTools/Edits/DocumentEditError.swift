import Waypoint

/// Why edits were refused: the edits are not `{"edits": [EDIT, …]}`, or one edit (``editIndex``, counted
/// from 0 as in every path) names something the document does not have, has the wrong shape, or makes a
/// document that cannot be read. Nothing is applied when an edit is refused.
public struct DocumentEditError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case syntax(message: String, offset: Int)
        case notAnEditList(found: String)
        case edit(index: Int, op: String?, problem: String)
        case invalidResult(index: Int, op: String, diagnostics: [Diagnostic], paths: [String])
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The edits' text is not JSON.
    static func syntax(_ message: String, offset: Int) -> DocumentEditError { DocumentEditError(.syntax(message: message, offset: offset)) }
    /// The edits' JSON is not an object with an `edits` array.
    static func notAnEditList(found: String) -> DocumentEditError { DocumentEditError(.notAnEditList(found: found)) }
    /// Edit `index` (of operation `op`, when known) is refused; `problem` says why and how to fix it.
    static func edit(_ index: Int, op: String?, _ problem: String) -> DocumentEditError {
        DocumentEditError(.edit(index: index, op: op, problem: problem))
    }
    /// Edit `index` makes a document with format errors, `paths` being where they are in the edit's terms.
    static func invalidResult(_ index: Int, op: String, diagnostics: [Diagnostic], paths: [String]) -> DocumentEditError {
        DocumentEditError(.invalidResult(index: index, op: op, diagnostics: diagnostics, paths: paths))
    }

    /// The index of the edit refused (from 0, as `edits[2]`); `nil` when the list of edits itself is wrong.
    public var editIndex: Int? {
        switch kind {
        case .syntax, .notAnEditList: nil
        case .edit(let index, _, _), .invalidResult(let index, _, _, _): index
        }
    }

    /// The format errors of the document the edit made, when that is why it was refused (empty otherwise).
    public var diagnostics: [Diagnostic] {
        if case .invalidResult(_, _, let diagnostics, _) = kind { return diagnostics }
        return []
    }

    public var description: String {
        switch kind {
        case .syntax(let message, let offset):
            return "The edits are not valid JSON: \(message) (at byte \(offset)); write {\"edits\": [{\"op\": \"set-text\", …}]}."
        case .notAnEditList(let found):
            return "The edits must be an object {\"edits\": [EDIT, …]}, but \(found); put the edits in an array under \"edits\"."
        case .edit(let index, let op, let problem):
            return "Edit \(index)\(op.map { " (`\($0)`)" } ?? ""): \(problem)"
        case .invalidResult(let index, let op, let diagnostics, let paths):
            let errors = zip(diagnostics, paths).filter { $0.0.isError }
            let lines = errors.map { "  \($0.1.isEmpty ? "" : $0.1 + ": ")\($0.0.message) [\($0.0.code)]" }
            return "Edit \(index) (`\(op)`) makes a document that cannot be read (\(errors.count) error\(errors.count == 1 ? "" : "s")); "
                + "fix the edit:\n" + lines.joined(separator: "\n")
        }
    }
}
