import Foundation
import TestSupport
import Waypoint

/// Documents, directories and replies shared by the tests of the app side of the server.
enum RemoteFixtures {
    /// A document whose one flow has the given steps, as the server would send it.
    static func document(_ steps: [String], extra: String = "") -> Data {
        let list = steps.map { "{\"id\": \"\($0)\", \"screen\": \"\($0.capitalized)\"}" }.joined(separator: ", ")
        return Data("""
            {
              "schemaVersion": 1,
              "flows": [{"id": "signup", "version": 1, "steps": [\(list)]\(extra)}]
            }
            """.utf8)
    }

    /// The bundled document: splash, done.
    static let bundledBytes = document(["splash", "done"])
    static var bundled: WaypointDocument { get throws { try WaypointDocument(validating: bundledBytes) } }

    /// Revision A: splash, welcome, done.
    static let revisionA = document(["splash", "welcome", "done"])
    /// Revision B: splash, tour, done.
    static let revisionB = document(["splash", "tour", "done"])

    static func directory() -> URL {
        TemporaryFiles.path("remote")
    }

    /// A 200 answer with `body`, its ETag and `Cache-Control: max-age=60`.
    static func ok(_ body: Data, etag: String) -> ScriptedHTTPPeer.Reply {
        ScriptedHTTPPeer.Reply(200, headers: [("ETag", "\"\(etag)\""), ("Cache-Control", "max-age=60"), ("Content-Type", "application/json")], body: body)
    }

    /// The bytes of the last known good copy in `directory` (after its header line), if any.
    static func storedDocument(in directory: URL) -> Data? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("last-known-good.waypoint")),
              let newline = data.firstIndex(of: 0x0A) else { return nil }
        return Data(data[data.index(after: newline)...])
    }

    /// A URL on loopback where nothing listens (a peer that was stopped).
    static func deadServer() throws -> URL {
        let peer = try ScriptedHTTPPeer([])
        let url = peer.url
        peer.stop()
        return url
    }

    /// The step ids of the `signup` flow.
    static func steps(_ document: WaypointDocument) -> [String] {
        document.flows.first { $0.id == "signup" }?.steps.map(\.id) ?? []
    }
}
