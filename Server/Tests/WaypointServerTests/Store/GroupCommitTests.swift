import Foundation
import Synchronization
import Testing
@testable import WaypointServer

/// Jobs that wait for the one writer are written together, each answered on its own
/// (docs/ARCHITECTURE.md, "Report contributions in the stores").
@Suite("Group commit")
struct GroupCommitTests {
    /// What a test writer saw, and the gate that holds its first group.
    final class Writes: Sendable {
        private let groups = Mutex<[[Int]]>([])
        private let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let held = Mutex(true)

        /// Records `jobs`; the first group waits until ``open()``.
        func record(_ jobs: [Int]) async {
            let first = groups.withLock { groups in
                groups.append(jobs)
                return groups.count == 1
            }
            guard first else { return }
            await withCheckedContinuation { continuation in
                let wait = held.withLock { $0 }
                if wait { gate.withLock { $0 = continuation } } else { continuation.resume() }
            }
        }

        func open() {
            held.withLock { $0 = false }
            gate.withLock { continuation in
                continuation?.resume()
                continuation = nil
            }
        }

        var seen: [[Int]] { groups.withLock { $0 } }
    }

    /// Waits (at most 10 s) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition(), Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(condition())
    }

    /// Nine jobs arriving while the first is written go in the next groups, four at most a group,
    /// and each job gets its own answer.
    @Test func jobsThatWaitAreWrittenTogetherAndEachIsAnsweredOnItsOwn() async throws {
        let writes = Writes()
        let commit = GroupCommit<Int, Int>(maxJobs: 4) { jobs in
            await writes.record(jobs)
            return jobs.map { $0 * 10 }
        }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (0, try await commit.submit(0)) }
            try await Self.eventually { writes.seen.count == 1 }
            for job in 1...9 { group.addTask { (job, try await commit.submit(job)) } }
            try await Self.eventually { commit.waiting == 9 }
            writes.open()
            for try await (job, answer) in group { #expect(answer == job * 10) }
        }
        #expect(writes.seen.map(\.count) == [1, 4, 4, 1])
        #expect(writes.seen.flatMap { $0 }.sorted() == Array(0...9))
        #expect(commit.written.rounds == 4 && commit.written.jobs == 10)
        // Idle again: the next job starts a group of its own.
        #expect(try await commit.submit(11) == 110)
        #expect(writes.seen.last == [11])
    }

    struct Refused: Error, Equatable {
        var job: Int
    }

    /// A group that fails is written again job by job: only the job that fails alone fails.
    @Test func aFailedGroupIsWrittenAgainJobByJob() async throws {
        let writes = Writes()
        let commit = GroupCommit<Int, Int>(maxJobs: 8) { jobs in
            await writes.record(jobs)
            if let bad = jobs.first(where: { $0 == 3 }) { throw Refused(job: bad) }
            return jobs.map { $0 + 100 }
        }
        let answers = try await withThrowingTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            group.addTask { (0, .success(try await commit.submit(0))) }
            try await Self.eventually { writes.seen.count == 1 }
            for job in 1...5 {
                group.addTask {
                    do { return (job, .success(try await commit.submit(job))) } catch let refused as Refused { return (job, .failure(refused)) }
                }
            }
            try await Self.eventually { commit.waiting == 5 }
            writes.open()
            var answers: [Int: Result<Int, Refused>] = [:]
            for try await (job, answer) in group { answers[job] = answer }
            return answers
        }
        #expect(answers[0] == .success(100))
        for job in [1, 2, 4, 5] { #expect(answers[job] == .success(job + 100)) }
        #expect(answers[3] == .failure(Refused(job: 3)))
        // The group of five, then each of them alone.
        let seen = writes.seen
        #expect(seen.count == 7)
        #expect(seen.dropFirst().first?.sorted() == [1, 2, 3, 4, 5])
        #expect(Array(seen.dropFirst(2)) == (seen.dropFirst().first ?? []).map { [$0] })
    }

    /// A writer that answers fewer jobs than it was given fails them with the reason, none left waiting.
    @Test func aWriterThatAnswersTooFewFailsWithTheReason() async throws {
        let commit = GroupCommit<Int, Int>(maxJobs: 4) { _ in [] }
        await #expect {
            _ = try await commit.submit(1)
        } throws: { error in
            (error as? GroupCommitError)?.description == "the store's writer answered 0 of 1 batches"
        }
    }
}
