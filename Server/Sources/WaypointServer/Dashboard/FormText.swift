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
    ///
    /// The path is judged as a browser reads it (the URL standard removes tabs and line breaks and
    /// takes a backslash for a slash, so `/\t/evil.example` and `/\\evil.example` both lead to
    /// `//evil.example`, another site). A `next` with a control character or a backslash, or that is
    /// not one `/` followed by a path, goes to `/apps`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.dropFirst().hasPrefix("/"),
              !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
        else { return "/apps" }
        return next
    }
}
