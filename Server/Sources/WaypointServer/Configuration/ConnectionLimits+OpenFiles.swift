import Logging
import SystemCalls

extension ConnectionLimits {
    /// Descriptors kept for the database, its journal and everything else that is not a connection.
    static let reservedDescriptors = 64

    /// ``maxConnections``, lowered (with a warning) to what the process's open-file limit leaves
    /// once the reserved descriptors are set aside: at the limit the server could not accept even
    /// the connections it allows, nor open its database.
    func maxConnectionsFittingOpenFileLimit(logger: Logger) -> Int {
        // An unlimited limit (RLIM_INFINITY) is the largest value, which leaves maxConnections as it is.
        guard let limit = ProcessCalls.openFileLimit() else { return maxConnections }
        let fitting = max(1, Int(clamping: limit) - Self.reservedDescriptors)
        guard maxConnections > fitting else { return maxConnections }
        logger.warning(
            "--max-connections \(maxConnections) is over what the open-file limit of \(limit) allows; serving at most \(fitting) connections at once. Raise the limit (ulimit -n, or LimitNOFILE= in a systemd unit) to allow more.")
        return fitting
    }
}
