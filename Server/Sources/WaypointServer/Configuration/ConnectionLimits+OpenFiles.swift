import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ConnectionLimits {
    /// Descriptors kept for the database, its journal and everything else that is not a connection.
    static let reservedDescriptors = 64

    /// ``maxConnections``, lowered (with a warning) to what the process's open-file limit leaves
    /// once the reserved descriptors are set aside: at the limit the server could not accept even
    /// the connections it allows, nor open its database.
    func maxConnectionsFittingOpenFileLimit(logger: Logger) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        // An unlimited limit (RLIM_INFINITY) is the largest value, which leaves maxConnections as it is.
        guard getrlimit(resource, &limit) == 0 else { return maxConnections }
        let fitting = max(1, Int(clamping: limit.rlim_cur) - Self.reservedDescriptors)
        guard maxConnections > fitting else { return maxConnections }
        logger.warning(
            "--max-connections \(maxConnections) is over what the open-file limit of \(limit.rlim_cur) allows; serving at most \(fitting) connections at once. Raise the limit (ulimit -n, or LimitNOFILE= in a systemd unit) to allow more.")
        return fitting
    }
}
