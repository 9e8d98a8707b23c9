import Foundation
import Hummingbird

/// A submitted form's fields in their order, names repeated as sent: the form of a page whose rows
/// are numbered (`variation-0-name`, `variation-1-name`…), whose checkboxes share a name, or whose
/// fields are named after a document's keys and locales (the step and hint editors). A form of fixed
/// fields is a ``CSRFForm`` read by ``DashboardController/form(_:from:limit:)`` instead: decoding into
/// a type keeps neither the fields' order nor a repeated name.
struct FormFields: Sendable {
    let pairs: [(name: String, value: String)]

    /// Reads `application/x-www-form-urlencoded` text.
    init(urlEncoded text: String) {
        pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : "")
        }
    }

    init(_ pairs: [(name: String, value: String)]) { self.pairs = pairs }

    /// The first value of `name`; nil when the form has none.
    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in the form's order.
    func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// The numbers `n` of fields named `prefix-n-…`, in order.
    func rowNumbers(prefix: String) -> [Int] {
        var numbers: Set<Int> = []
        for (name, _) in pairs where name.hasPrefix(prefix + "-") {
            let rest = name.dropFirst(prefix.count + 1)
            if let dash = rest.firstIndex(of: "-"), let number = Int(rest[..<dash]), number >= 0, number < 1_000 { numbers.insert(number) }
        }
        return numbers.sorted()
    }
}

extension DashboardController {
    /// Reads a form (at most `limit` bytes) and checks its CSRF token, as ``form(_:from:limit:)`` does.
    func formFields(from request: Request, limit: Int = 64 * 1024) async throws -> FormFields {
        let body = try await RequestBody.collect(request, limit: limit)
        let fields = FormFields(urlEncoded: String(decoding: body, as: UTF8.self))
        guard let session = sessions.session(of: request), sessions.isValidCSRF(fields["csrf"], for: session) else {
            throw DashboardError.forgedForm
        }
        return fields
    }
}
