import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output (and optionally standard
/// error) readable through a pipe.
///
/// Tests use this rather than Foundation's `Process`, whose monitoring thread on Linux can keep a
/// test process from exiting.
package struct ChildProcess {
    package struct SpawnError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The child's process id.
    package let pid: pid_t
    /// The read end of the child's standard output.
    package let output: FileHandle

    /// Starts `executable` (looked up in `PATH` when it has no `/`) with `arguments`.
    package init(_ executable: String, arguments: [String], mergeStandardError: Bool = false) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if mergeStandardError { posix_spawn_file_actions_adddup2(&actions, fds[1], 2) }
        posix_spawn_file_actions_addclose(&actions, fds[1])

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = executable.contains("/")
            ? posix_spawn(&child, executable, &actions, nil, argv, environ)
            : posix_spawnp(&child, executable, &actions, nil, argv, environ)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw SpawnError(description: "could not start \(executable): error \(status)")
        }
        pid = child
        output = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
    }

    /// Sends `signal` to the child.
    package func kill(_ signal: Int32) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #elseif canImport(Darwin)
        _ = Darwin.kill(pid, signal)
        #endif
    }

    /// Waits for the child to end.
    ///
    /// - Returns: its exit status, or `nil` when a signal ended it (with the signal).
    package func wait() -> (exitStatus: Int32?, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        if signal == 0 { return ((status >> 8) & 0xff, nil) }
        return (nil, signal)
    }
}
