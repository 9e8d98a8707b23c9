import Foundation
import Hummingbird

/// Reading submitted forms, and the small text helpers pages share.
enum FormText {
    /// A form body, decoded; throws 400 when it is not such a form.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let body = try await RequestBody.collect(request, limit: limit)
        do {
            return try URLEncodedFormDecoder().decode(type, from: String(decoding: body, as: UTF8.self))
        } catch {
            throw APIError.badRequest("The form is incomplete; reload the page and send it again.")
        }
    }

    /// `text` encoded for a query value.
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Where to go after signing in: only a path of this site (`/apps…`), never another origin.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
              !next.contains("\r"), !next.contains("\n") else { return "/apps" }
        return next
    }
}
