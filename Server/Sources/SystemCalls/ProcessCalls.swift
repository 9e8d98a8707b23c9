#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Calls about the process: its open-file limit, its standard error, the local time.
public enum ProcessCalls {
    /// The process's open-file limit (the soft `RLIMIT_NOFILE` of `getrlimit(2)`), larger than any
    /// count when it is unlimited (`RLIM_INFINITY`); nil when it cannot be read.
    public static func openFileLimit() -> UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// Writes `bytes` to standard error, again after an interruption, until all is written or a
    /// write fails.
    public static func writeToStandardError(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// The seconds since 1970 now (`time(3)`).
    public static func currentSecond() -> Int {
        Int(time(nil))
    }

    /// The second `second` (since 1970) in the local time zone as `2026-11-26T07:00:00+0000`
    /// (`localtime_r` and `strftime`); nil when the C library cannot convert it.
    public static func localTimestamp(_ second: Int) -> String? {
        var seconds = time_t(second)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return nil }
        var buffer = [Int8](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
