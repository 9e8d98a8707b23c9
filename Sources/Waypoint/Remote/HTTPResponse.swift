import Foundation

/// One HTTP response as the network code hands it to the decisions: status, headers and body.
package struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200 or 304.
    package var status: Int
    /// The headers, by lower-cased name.
    package var headers: [String: String]
    /// The body, exactly as received.
    package var body: Data

    /// Creates a response; header names are lower-cased.
    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of the header `name` (any case).
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The message of a `{"error":{"code":…,"message":…}}` body, or a short prefix of the text.
    package var errorMessage: String? {
        struct Envelope: Decodable {
            struct Detail: Decodable { let code: String?; let message: String? }
            let error: Detail
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: body), let message = envelope.error.message {
            return message
        }
        let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
