#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says of a path, following symbolic links.
public struct FileStatus: Sendable, Equatable {
    /// Whether the path is a regular file (not a folder, a device or a socket).
    public let isRegularFile: Bool
    /// The permission bits, such as `0o600`.
    public let permissions: UInt32
    /// The size in bytes.
    public let size: Int

    /// The status of the file at `path`.
    public init(path: String) throws(SystemError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .last }
        isRegularFile = status.st_mode & S_IFMT == S_IFREG
        permissions = UInt32(status.st_mode & 0o777)
        size = Int(status.st_size)
    }
}

/// A file opened with `open(2)`, written with one `write(2)` and flushed with `fsync(2)`; it is
/// closed by ``close()``, or when it is dropped.
public struct OpenFile: ~Copyable {
    private let descriptor: Int32

    /// Creates the file `path` with `permissions` (less the process's umask) and opens it for
    /// writing: when it exists, `exclusive` fails with ``SystemError/isFileExists``
    /// (`O_CREAT | O_EXCL`); otherwise the file is emptied (`O_CREAT | O_TRUNC`).
    public init(creating path: String, permissions: UInt32, exclusive: Bool) throws(SystemError) {
        let flags = O_CREAT | O_WRONLY | (exclusive ? O_EXCL : O_TRUNC)
        descriptor = open(path, flags, mode_t(permissions))
        guard descriptor >= 0 else { throw .last }
    }

    /// Opens the file or folder at `path` for reading, such as to ``sync()`` it.
    public init(reading path: String) throws(SystemError) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .last }
    }

    /// Writes `bytes` with one `write(2)`; fewer bytes written is a failure too.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        #if canImport(Glibc)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        #else
        let written = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
        #endif
        guard written == bytes.count else { throw .last }
    }

    /// Flushes the file to the disk (`fsync(2)`), so that a crash after it keeps what was written,
    /// and a rename after it cannot expose an incomplete file.
    public func sync() throws(SystemError) {
        guard fsync(descriptor) == 0 else { throw .last }
    }

    /// Closes the file.
    public consuming func close() {
        Self.close(descriptor)
        discard self
    }

    deinit {
        Self.close(descriptor)
    }

    private static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}

/// Calls on paths and descriptors that Foundation's `FileManager` and `FileHandle` make
/// differently, or not at all.
public enum FileCalls {
    /// Renames `source` to `destination` (`rename(2)`), replacing the file there in one step.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        #if canImport(Glibc)
        guard Glibc.rename(source, destination) == 0 else { throw .last }
        #else
        guard Darwin.rename(source, destination) == 0 else { throw .last }
        #endif
    }

    /// Creates the folder `path` with `permissions` (less the umask), its parent being there (`mkdir(2)`).
    public static func makeFolder(_ path: String, permissions: UInt32) throws(SystemError) {
        guard mkdir(path, mode_t(permissions)) == 0 else { throw .last }
    }

    /// Waits at most `milliseconds` for `descriptor` (such as a pipe's end) to have something to
    /// read, or to be closed at the other end (`poll(2)`): false when the time ran out first.
    public static func waitForInput(on descriptor: Int32, milliseconds: Int32) throws(SystemError) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, milliseconds)
        guard ready >= 0 else { throw .last }
        return ready > 0
    }

    /// The bytes an unprivileged process may still write on the disk that holds `path`
    /// (`statvfs(2)`: available blocks times the fragment size); nil when it cannot be asked.
    public static func availableBytes(onDiskOf path: String) -> UInt64? {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize)
    }
}
