import Foundation

/// The last known good document on disk: one file, written atomically, holding a header line with
/// the revision hash (the server's ETag), the server's revision number (its `Waypoint-Revision`) and
/// the download time, then the document's bytes exactly as the server sent them.
///
/// A copy saved by an older version of the library has no revision number: it is read as one
/// without (`nil`).
struct StoredDocument: Sendable, Hashable {
    /// The server's ETag, quotes included, for `If-None-Match`.
    var etag: String?
    /// The server's revision number of the document (`Waypoint-Revision`), when it sent one.
    var serverRevision: Int?
    /// When it was downloaded.
    var downloadedAt: Date
    /// The document's bytes.
    var bytes: Data

    private struct Header: Codable {
        var etag: String?
        var revision: Int?
        var downloadedAt: Double
    }

    /// The file's name in the configured directory.
    static let fileName = "last-known-good.waypoint"

    /// The revision hash: the ETag without its quotes and weak prefix.
    var revision: String? {
        guard var tag = etag else { return nil }
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The file's contents.
    func encoded() -> Data {
        let header = Header(etag: etag, revision: serverRevision, downloadedAt: downloadedAt.timeIntervalSince1970)
        var data = (try? JSONEncoder().encode(header)) ?? Data("{}".utf8)
        data.append(0x0A)
        data.append(bytes)
        return data
    }

    /// Reads a file written by ``encoded()``; `nil` when it is not one.
    init?(decoding data: Data) {
        guard let newline = data.firstIndex(of: 0x0A),
              let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]) else { return nil }
        etag = header.etag
        serverRevision = header.revision
        downloadedAt = Date(timeIntervalSince1970: header.downloadedAt)
        bytes = Data(data[data.index(after: newline)...])
    }

    init(etag: String?, serverRevision: Int? = nil, downloadedAt: Date, bytes: Data) {
        self.etag = etag
        self.serverRevision = serverRevision
        self.downloadedAt = downloadedAt
        self.bytes = bytes
    }

    /// Reads the copy in `directory`: `nil` when there is none, an error when it is unreadable.
    static func load(from directory: URL) -> Result<StoredDocument, RemoteDocumentError>? {
        let path = directory.appendingPathComponent(fileName).path
        let contents: POSIXFile.Contents
        do {
            contents = try POSIXFile.read(path)
        } catch {
            return .failure(.unreadableStored(path: path, reason: error.message))
        }
        switch contents {
        case .missing:
            return nil
        case .directory, .other:
            return .failure(.unreadableStored(path: path, reason: "it is not a regular file"))
        case .file(let data):
            guard let stored = StoredDocument(decoding: data) else {
                return .failure(.unreadableStored(path: path, reason: "it is not a saved document"))
            }
            return .success(stored)
        }
    }

    /// Writes the copy into `directory` atomically (temporary file, `fsync`, rename).
    func save(in directory: URL) throws(RemoteDocumentError) {
        let directoryPath = directory.path
        let path = directory.appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .storage(path: path, message: "the directory could not be created")
        }
        let temporary = path + ".tmp"
        _ = try? POSIXFile.remove(temporary, directory: directoryPath)  // left by a crash during an earlier save
        do {
            try POSIXFile.replace(path, with: encoded(), via: temporary, directory: directoryPath)
        } catch {
            throw .storage(path: path, message: error.message)
        }
    }
}
