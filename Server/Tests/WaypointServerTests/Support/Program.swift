import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests run to its end (`openssl`, `nginx -t`, `systemd-analyze`), bounded in time.
enum Program {
    struct Outcome: Sendable {
        let status: Int32
        /// Standard output and standard error, interleaved.
        let output: String
    }

    /// The first of `names` found in `PATH` or the usual system folders, as a path.
    static func find(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments`; kills it and throws when it runs longer than `timeout`.
    static func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws -> Outcome {
        // A file, not a pipe: nothing to drain while waiting, and a child that keeps it open cannot block the test.
        let outputFile = TemporaryFiles.path("program-output")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        do {
            try await Polling.until("\(executable) \(arguments.joined(separator: " ")) ends", timeout: timeout, interval: .milliseconds(20)) {
                !process.isRunning
            }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
    }

    /// Runs it and throws with its output unless it exits with status 0.
    @discardableResult
    static func check(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws -> String {
        let outcome = try await run(executable, arguments, timeout: timeout)
        guard outcome.status == 0 else {
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) exited with \(outcome.status): \(outcome.output)")
        }
        return outcome.output
    }
}
