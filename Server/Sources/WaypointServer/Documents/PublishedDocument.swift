import Foundation
import Hummingbird
import Waypoint

/// The revision published to an environment, as every part of the server reads it.
///
/// Its bytes are what apps are served; its document is where reports, previews and pages take the
/// environment's steps and graphs from. ``PublishedDocumentCache`` keeps it for the document route.
struct PublishedDocument: Sendable {
    let revision: Int
    let sha256: String
    /// The bytes exactly as uploaded.
    let body: ByteBuffer
    /// The headers the bytes are served with, built once.
    let headers: DocumentHeaders

    /// Revision `revision`, whose bytes `body` have the SHA-256 `sha256`.
    init(revision: Int, sha256: String, body: ByteBuffer) {
        self.revision = revision
        self.sha256 = sha256
        self.body = body
        self.headers = DocumentHeaders(revision: revision, sha256: sha256, length: body.readableBytes)
    }

    /// The `ETag` the bytes are served with.
    var etag: String { headers.etag }

    /// The document the bytes hold, decoded on each call.
    ///
    /// Nil when they no longer validate (a revision stored under older rules, which publishing refuses).
    func document() -> WaypointDocument? {
        try? WaypointDocument(validating: Data(body.readableBytesView))
    }

    /// The revision published to `environment`, read from the store; nil when nothing is published.
    static func read(from revisions: any RevisionRepository, appID: AppID, environment: EnvironmentName) async throws -> PublishedDocument? {
        try await revisions.publishedRevision(appID: appID, environment: environment).map {
            PublishedDocument(revision: $0.revision, sha256: $0.sha256, body: ByteBuffer(bytes: $0.body))
        }
    }
}
