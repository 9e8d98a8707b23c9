#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: its `errno`, described in the C library's words (`strerror`), such
/// as "Permission denied".
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` the call set.
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last call that failed on this thread (`errno` now), such as one Foundation made.
    public static var last: SystemError { SystemError(code: errno) }

    /// Whether the path, or a folder on the way to it, does not exist (`ENOENT`).
    public var isNoSuchFile: Bool { code == ENOENT }

    /// Whether the file to create exists already (`EEXIST`).
    public var isFileExists: Bool { code == EEXIST }

    public var description: String { String(cString: strerror(code)) }
}
