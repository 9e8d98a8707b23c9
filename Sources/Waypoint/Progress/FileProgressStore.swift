import Foundation

/// A ``ProgressStore`` that keeps each key in its own file in a directory, written crash-safely.
///
/// Each write goes to a new temporary file in the same directory, is flushed to disk (`fsync`, or
/// `F_FULLFSYNC` on Apple platforms), then renamed over the key's file, and the directory is flushed
/// too where the file system allows it. A crash therefore leaves either the old or the new file,
/// never a half-written one. Temporary files left by an interrupted write are never read and are
/// removed when a store is created for the directory.
///
/// File names come from keys reversibly: `a`–`z`, `0`–`9`, `-`, `_` and `.` are kept, every other
/// byte of the key's UTF-8 (including upper-case letters, so case-insensitive file systems keep
/// `"Intro"` and `"intro"` apart) becomes `%XX`, and `.json` is appended; `"flow/signUp"` is stored
/// as `flow%2Fsign%55p.json`. No key can name a file outside the directory. Empty keys, and keys
/// whose file name would exceed 200 bytes, are rejected with a ``ProgressStoreError``.
///
/// ```swift
/// let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
///                                           appropriateFor: nil, create: true)
/// let store = try FileProgressStore(directory: support.appendingPathComponent("Waypoint"))
/// ```
///
/// Use one store per directory per process; two stores writing the same directory at the same
/// moment stay consistent, but creating a store removes temporary files another one may be writing.
public struct FileProgressStore: ProgressStore {
    /// The directory holding one file per key.
    package let directory: URL
    private let directoryPath: String
    private let clock: any WaypointClock

    /// Opens the store in `directory`, creating it (and its parents) when missing, and removes
    /// temporary files left by interrupted writes.
    ///
    /// - Parameter clock: the time used to name quarantined files.
    /// - Throws: ``ProgressStoreError`` when the
    ///   path exists but is not a directory, or the directory cannot be created.
    public init(directory: URL, clock: any WaypointClock = SystemClock()) throws {
        self.directory = directory
        self.directoryPath = directory.path
        self.clock = clock

        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directoryPath, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ProgressStoreError.directoryUnavailable(
                    path: directoryPath, problem: "something that is not a directory is already there"
                )
            }
        } else {
            do {
                try fileManager.createDirectory(atPath: directoryPath, withIntermediateDirectories: true)
            } catch {
                throw ProgressStoreError.directoryUnavailable(
                    path: directoryPath, problem: "it could not be created (\(Self.explain(error)))"
                )
            }
        }
        removeTemporaryFiles()
    }

    /// The file that holds (or would hold) the value for `key`.
    ///
    /// - Throws: ``ProgressStoreError`` for a key this store
    ///   cannot use.
    package func fileURL(forKey key: String) throws -> URL {
        directory.appendingPathComponent(try ProgressFileName.fileName(forKey: key), isDirectory: false)
    }

    /// Returns the contents of the key's file, or `nil` when there is no file.
    ///
    /// - Throws: ``ProgressStoreError`` when something is at the file's path but cannot be read (a
    ///   directory, permission denied, an I/O error), or the store cannot use the key.
    public func data(forKey key: String) async throws -> Data? {
        let path = try path(forKey: key)
        let contents: POSIXFile.Contents
        do {
            contents = try POSIXFile.read(path)
        } catch {
            throw ProgressStoreError.unreadable(key: key, location: path, problem: error.message)
        }
        switch contents {
        case .missing:
            return nil
        case .file(let data):
            return data
        case .directory:
            throw ProgressStoreError.unreadable(key: key, location: path, problem: "it is a directory, not a file")
        case .other:
            throw ProgressStoreError.unreadable(key: key, location: path, problem: "it is not a regular file")
        }
    }

    /// Replaces the key's file with `data` atomically and durably.
    ///
    /// - Throws: ``ProgressStoreError``; the previous file
    ///   is then unchanged.
    public func setData(_ data: Data, forKey key: String) async throws {
        let name = try ProgressFileName.fileName(forKey: key)
        let path = directoryPath + "/" + name
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        let temporaryPath = directoryPath + "/" + ProgressFileName.temporaryPrefix + suffix + "-" + name
        do {
            try POSIXFile.replace(path, with: data, via: temporaryPath, directory: directoryPath)
        } catch {
            throw ProgressStoreError.writeFailed(key: key, location: path, problem: error.message)
        }
    }

    /// Deletes the key's file; does nothing when there is none.
    ///
    /// - Throws: ``ProgressStoreError`` when the file
    ///   cannot be deleted (for example, a directory is in its place).
    public func removeData(forKey key: String) async throws {
        let path = try path(forKey: key)
        do {
            _ = try POSIXFile.remove(path, directory: directoryPath)
        } catch {
            throw ProgressStoreError.removeFailed(key: key, location: path, problem: error.message)
        }
    }

    /// Renames the key's file (or whatever is in its place) to `<name>.corrupt-<UTC time>` in the same
    /// directory, adding `-2`, `-3`, … when that name is taken.
    ///
    /// - Returns: the new path, or `nil` when there was nothing to move.
    /// - Throws: ``ProgressStoreError``.
    public func quarantine(key: String) async throws -> String? {
        let name = try ProgressFileName.fileName(forKey: key)
        let path = directoryPath + "/" + name
        guard POSIXFile.exists(path) else { return nil }
        let base = directoryPath + "/" + name + ".corrupt-" + MillisecondTimestamp.compact(clock.now)
        var destination = base
        var attempt = 1
        while POSIXFile.exists(destination) {
            attempt += 1
            destination = base + "-\(attempt)"
        }
        do {
            try POSIXFile.move(path, to: destination, directory: directoryPath)
        } catch {
            if error.isMissing { return nil }
            throw ProgressStoreError.quarantineFailed(key: key, location: path, problem: error.message)
        }
        return destination
    }

    private func path(forKey key: String) throws(ProgressStoreError) -> String {
        directoryPath + "/" + (try ProgressFileName.fileName(forKey: key))
    }

    private func removeTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath) else { return }
        for name in names where name.hasPrefix(ProgressFileName.temporaryPrefix) {
            _ = try? POSIXFile.remove(directoryPath + "/" + name, directory: directoryPath)
        }
    }

    private static func explain(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
