import Foundation

/// A JSON object body read strictly: a field it does not know, a missing required field or a value
/// of the wrong type is refused with a 400 that names it and shows `example`.
struct JSONObjectRequest {
    /// A field's value, as far as these requests care.
    private enum Value: Decodable {
        case string(String)
        case integer(Int)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if (try? container.decode(Bool.self)) != nil {
                self = .other
            } else if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .other
            }
        }
    }

    private let object: [String: Value]
    private let example: String

    /// Reads `body` as an object with no fields but `fields`.
    init(_ body: Data, fields: [String], example: String) throws {
        self.example = example
        guard let object = try? JSONDecoder().decode([String: Value].self, from: body) else {
            throw APIError.badRequest("The body must be a JSON object such as \(example).")
        }
        if let unknown = object.keys.filter({ !fields.contains($0) }).sorted().first {
            throw APIError.badRequest(
                "\(String(reflecting: unknown)) is not a field here; send only \(fields.map { "\"\($0)\"" }.joined(separator: ", ")), "
                    + "such as \(example).")
        }
        self.object = object
    }

    /// The string field `name`; nil when absent and not `required`.
    func string(_ name: String, required: Bool = true) throws -> String? {
        guard let value = object[name] else {
            if required { throw APIError.badRequest("The field \"\(name)\" is missing; send it, such as \(example).") }
            return nil
        }
        guard case .string(let text) = value else {
            throw APIError.badRequest("\"\(name)\" must be a string, such as \(example).")
        }
        return text
    }

    /// The whole-number field `name`; nil when absent.
    func integer(_ name: String) throws -> Int? {
        guard let value = object[name] else { return nil }
        guard case .integer(let integer) = value else {
            throw APIError.badRequest("\"\(name)\" must be a whole number, such as \(example).")
        }
        return integer
    }
}
