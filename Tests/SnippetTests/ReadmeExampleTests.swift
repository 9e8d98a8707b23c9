import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The README's example, run as a program: the second run resumes where the first left off.
@Suite struct ReadmeExampleTests {
    /// The example's executable, built next to the test bundle.
    static func executable() throws -> String {
        for directory in [Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let path = directory.appendingPathComponent("ReadmeExample").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "ReadmeExample next to \(CommandLine.arguments[0])"])
    }

    /// Runs `path` with `TMPDIR` set to `temporary`; returns its standard output and exit status.
    static func run(_ path: String, temporary: String) throws -> (output: String, status: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMPDIR" }.map { "\($0.key)=\($0.value)" }
            + ["TMPDIR=\(temporary)"]
        let argv = [strdup(path)] + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, envp)
        close(fds[1])
        guard spawned == 0 else { close(fds[0]); throw POSIXError(.ENOENT) }
        let output = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        return (String(decoding: output, as: UTF8.self), (status >> 8) & 0xff)
    }

    @Test func runTwiceItResumes() async throws {
        let executable = try Self.executable()
        let temporary = try TemporaryFiles.directory("readme")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let path = temporary.path
        // Four runs of a program, one after another: off the pool (``OffThePool``).
        let outputs = try await OffThePool.run { try (1...4).map { _ in try Self.run(executable, temporary: path) } }
        #expect(outputs.map(\.status) == [0, 0, 0, 0])
        #expect(outputs.map(\.output) == [
            "started: Welcome\n", "resumed: InterestingModules\n", "resumed: Permission\n", "resumed: Done\n",
        ])
        // Saves finished before each exit: no temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent("health-onboarding").path)
        #expect(left == ["waypoint.flow.health-onboarding.json"])
    }
}
