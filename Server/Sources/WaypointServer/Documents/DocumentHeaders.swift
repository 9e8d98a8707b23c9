import Foundation
import HTTPTypes

/// The headers `GET /v1/document` answers a published revision with, built once per revision rather
/// than on every request (docs/ARCHITECTURE.md, "A document, from upload to app").
struct DocumentHeaders: Sendable {
    /// The number of the revision served.
    static let revisionName = HTTPField.Name("Waypoint-Revision")!

    /// The `ETag`: the SHA-256 of the bytes, quoted.
    let etag: String
    /// A 200's: `ETag`, `Cache-Control`, `Waypoint-Revision`, `Content-Type` and `Content-Length`.
    let ok: HTTPFields
    /// A 304's: `ETag`, `Cache-Control`, `Waypoint-Revision` and `Content-Length: 0`, in the order
    /// they had when they were built for each request.
    let notModified: HTTPFields

    /// The headers of revision `revision`, whose bytes (`length` of them) have the SHA-256 `sha256`.
    init(revision: Int, sha256: String, length: Int) {
        etag = "\"\(sha256)\""
        let common: HTTPFields = [.eTag: etag, .cacheControl: "max-age=60", Self.revisionName: String(revision)]
        var ok = common
        ok[.contentType] = "application/json"
        ok[.contentLength] = String(length)
        self.ok = ok
        var notModified = common
        notModified[.contentLength] = "0"
        self.notModified = notModified
    }

    /// Whether an `If-None-Match` value names the ETag (weak comparison, lists and `*` included).
    ///
    /// The value apps send, the ETag they were served, is compared first as it is.
    func matches(_ condition: String) -> Bool {
        condition == etag || Self.matches(condition, etag: etag)
    }

    /// Whether an `If-None-Match` value names `etag` (weak comparison, lists and `*` included).
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
