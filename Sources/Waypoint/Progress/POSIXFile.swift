import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, and its `errno`.
package struct SystemCallError: Error, Sendable {
    /// The name of the call, e.g. `rename`.
    package let call: String
    /// The `errno` it left.
    package let code: Int32

    /// The system's text for the error with the call and number, e.g. `Is a directory (rename, errno 21)`.
    package var message: String {
        "\(String(cString: strerror(code))) (\(call), errno \(code))"
    }

    /// Whether the error says the path does not exist.
    package var isMissing: Bool { code == ENOENT }
}

/// The POSIX file calls that ``FileProgressStore`` and the event files (``EventFile``) share, because
/// Foundation does not `fsync`: reading a file, replacing one atomically and durably, flushing.
enum POSIXFile {
    /// What is at a path that should hold a file.
    enum Contents {
        case missing
        case file(Data)
        case directory
        case other
    }

    /// Reads the regular file at `path`; never blocks on a FIFO or device, never reads a directory.
    static func read(_ path: String) throws(SystemCallError) -> Contents {
        let descriptor = SystemCalls.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        if descriptor < 0 {
            if errno == ENOENT { return .missing }
            throw SystemCallError(call: "open", code: errno)
        }
        defer { _ = close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .directory
        default: return .other
        }

        var data = Data()
        var buffer = [UInt8](repeating: 0, count: max(4096, Int(status.st_size) + 1))
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                SystemCalls.retrying { SystemCalls.read(descriptor, bytes.baseAddress, bytes.count) }
            }
            if count < 0 { throw SystemCallError(call: "read", code: errno) }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return .file(data)
    }

    /// Writes `data` to a new file at `temporaryPath` (in the same directory as `path`), flushes it to
    /// disk, renames it over `path`, then flushes the directory (best effort), so a crash leaves either
    /// the old or the new file.
    ///
    /// The temporary file must not exist; it is removed when anything fails.
    static func replace(_ path: String, with data: Data, via temporaryPath: String, directory: String)
        throws(SystemCallError) {
        let descriptor = SystemCalls.retrying { open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        var failure: SystemCallError? = data.withUnsafeBytes { bytes in
            do throws(SystemCallError) {
                try write(bytes, to: descriptor)
                try flush(descriptor)
                return nil
            } catch {
                return error
            }
        }
        if close(descriptor) != 0, failure == nil { failure = SystemCallError(call: "close", code: errno) }
        if failure == nil, SystemCalls.rename(temporaryPath, path) != 0 { failure = SystemCallError(call: "rename", code: errno) }
        if let failure {
            _ = unlink(temporaryPath)
            throw failure
        }
        syncDirectory(directory)
    }

    /// Removes the file at `path`; returns `false` when nothing was there.
    static func remove(_ path: String, directory: String) throws(SystemCallError) -> Bool {
        if unlink(path) != 0 {
            if errno == ENOENT { return false }
            throw SystemCallError(call: "unlink", code: errno)
        }
        syncDirectory(directory)
        return true
    }

    /// Renames `source` to `destination` in the same directory.
    static func move(_ source: String, to destination: String, directory: String) throws(SystemCallError) {
        guard SystemCalls.rename(source, destination) == 0 else { throw SystemCallError(call: "rename", code: errno) }
        syncDirectory(directory)
    }

    /// Whether anything (file, directory, dangling link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Writes all of `bytes` to the open file `descriptor`, at its current offset.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }  // nothing to write
        var offset = 0
        while offset < bytes.count {
            let written = SystemCalls.retrying { SystemCalls.write(descriptor, base + offset, bytes.count - offset) }
            if written < 0 { throw SystemCallError(call: "write", code: errno) }
            offset += written
        }
    }

    /// Flushes a directory's entries (new, renamed, removed names) to disk; best effort, because some
    /// file systems do not support it.
    static func syncDirectory(_ path: String) {
        let descriptor = SystemCalls.retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = try? flush(descriptor)
        _ = close(descriptor)
    }

    /// Flushes a file to stable storage: `F_FULLFSYNC` on Apple platforms (where `fsync` only reaches
    /// the drive's cache), `fsync` elsewhere or when `F_FULLFSYNC` is not supported.
    static func flush(_ descriptor: Int32) throws(SystemCallError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard SystemCalls.retrying({ fsync(descriptor) }) == 0 else { throw SystemCallError(call: "fsync", code: errno) }
    }
}
