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

/// An open file descriptor with the few calls the event files need: append, `fsync`, positional
/// reads, truncation. Not thread-safe; its owner (an actor or one thread) serialises access.
package final class EventFile {
    let descriptor: Int32
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { _ = close(descriptor) }

    /// Opens `path` for reading.
    package static func openForReading(_ path: String) throws(SystemCallError) -> EventFile {
        let descriptor = SystemCalls.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        return EventFile(descriptor: descriptor, path: path)
    }

    /// Opens (creating when needed) `path` for appending and reading.
    static func openForAppending(_ path: String) throws(SystemCallError) -> EventFile {
        let descriptor = SystemCalls.retrying { open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        return EventFile(descriptor: descriptor, path: path)
    }

    /// The file's size in bytes.
    package func size() throws(SystemCallError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
        return Int64(status.st_size)
    }

    /// Writes all of `bytes` at the end of the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        try POSIXFile.write(bytes, to: descriptor)
    }

    /// Flushes the file's data to stable storage (`F_FULLFSYNC` on Apple platforms).
    func synchronize() throws(SystemCallError) {
        try POSIXFile.flush(descriptor)
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int64) throws(SystemCallError) {
        guard SystemCalls.retrying({ ftruncate(descriptor, off_t(length)) }) == 0 else {
            throw SystemCallError(call: "ftruncate", code: errno)
        }
    }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemCallError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let count = SystemCalls.retrying { pread(descriptor, base + total, buffer.count - total, off_t(offset) + off_t(total)) }
            if count < 0 { throw SystemCallError(call: "pread", code: errno) }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file).
    package func read(count: Int, at offset: Int64) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let result: Result<Int, SystemCallError> = bytes.withUnsafeMutableBytes { buffer in
            do throws(SystemCallError) {
                return .success(try self.read(into: buffer, at: offset))
            } catch {
                return .failure(error)
            }
        }
        let read = try result.get()
        bytes.removeSubrange(read...)
        return bytes
    }

    /// Writes all of `bytes` at the end of the file.
    func append(_ bytes: [UInt8]) throws(SystemCallError) {
        let failure: SystemCallError? = bytes.withUnsafeBytes { buffer -> SystemCallError? in
            do throws(SystemCallError) {
                try self.append(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Removes the file at `path`; a missing file is not an error.
    static func remove(_ path: String) throws(SystemCallError) {
        if unlink(path) != 0, errno != ENOENT { throw SystemCallError(call: "unlink", code: errno) }
    }
}
