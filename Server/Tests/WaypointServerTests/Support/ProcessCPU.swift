import Foundation

/// A process's CPU time, from `/proc/<pid>/stat`.
enum ProcessCPU {
    /// User and system time, in seconds.
    static func total(pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command (which may hold spaces) start after its closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { throw TestFailure("unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields 14 and 15 (utime, stime) are the 12th and 13th after the command.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw TestFailure("unreadable /proc/\(pid)/stat")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU time the process uses over `duration`.
    static func seconds(pid: Int32, over duration: Duration) async throws -> Double {
        let start = try total(pid: pid)
        try await Task.sleep(for: duration)
        return try total(pid: pid) - start
    }
}
