/// The problems of a form, placed: beside a field (by its name in the form), or above the form.
struct FieldProblems: Sendable {
    private(set) var byField: [String: [FieldProblem]] = [:]
    private(set) var general: [FieldProblem] = []

    init() {}

    /// One error of the form's own checks, beside `field`.
    init(_ message: String, field: String?) { add(message, field: field) }

    var isEmpty: Bool { byField.isEmpty && general.isEmpty }

    /// Adds `problem` beside `field`, or above the form when `field` is nil.
    mutating func add(_ problem: FieldProblem, field: String?) {
        if let field { byField[field, default: []].append(problem) } else { general.append(problem) }
    }

    /// Adds an error of the form's own checks, without a code.
    mutating func add(_ message: String, field: String?) { add(FieldProblem(message: message), field: field) }

    /// The problems beside `field`.
    func of(_ field: String) -> [FieldProblem] { byField[field] ?? [] }

    /// The problems above the form.
    var top: [FieldProblem] { general }
}
