import Foundation

/// A JSON object body read strictly: a field it does not know, a missing required field or a value
/// of the wrong type is refused with a 400 that names it and shows `example`.
struct JSONObjectRequest {
    private let object: [String: Any]
    private let example: String

    /// Reads `body` as an object with no fields but `fields`.
    init(_ body: Data, fields: [String], example: String) throws {
        self.example = example
        guard let object = (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) as? [String: Any] else {
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
        guard let text = value as? String else {
            throw APIError.badRequest("\"\(name)\" must be a string, such as \(example).")
        }
        return text
    }

    /// The whole-number field `name`; nil when absent.
    func integer(_ name: String) throws -> Int? {
        guard let value = object[name] else { return nil }
        guard let number = value as? NSNumber, CFGetTypeID(number) != CFBooleanGetTypeID(),
              let integer = Int(exactly: number.doubleValue), Double(integer) == number.doubleValue
        else {
            throw APIError.badRequest("\"\(name)\" must be a whole number, such as \(example).")
        }
        return integer
    }
}
