import Foundation
import Testing

/// The tests' own child servers: one is ready when it answers and holds its port, never when another
/// process answers there (a free port found by binding port 0 can be taken again before the server
/// listens on it).
@Suite("Child servers in tests")
struct ServerProcessTests {
    @Test func anotherServerAnsweringOnThePortIsNotTakenForTheNewOne() async throws {
        try await TemporaryFiles.with { first in
            try await TemporaryFiles.with { second in
                let holder = try await ServerProcess(["--data", first.path])
                let started = ContinuousClock.now
                await #expect(throws: (any Error).self, "a server that could not listen was taken for ready") {
                    _ = try await ServerProcess(["--data", second.path], port: holder.port)
                }
                // It failed because it exited, not at the end of the wait.
                #expect(ContinuousClock.now - started < .seconds(30))
                #expect(holder.terminate() == 0)
            }
        }
    }
}
