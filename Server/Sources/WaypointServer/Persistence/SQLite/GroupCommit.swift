import Synchronization

/// Jobs waiting for one writer, written in groups: the job that finds the writer idle starts it,
/// and each round takes every job that waits (at most ``maxJobs``) and writes them together
/// (docs/ARCHITECTURE.md, "Report contributions in the stores").
///
/// SQLite has one writer at a time, so concurrent batches of events wait for it anyway. Writing
/// those that wait in one transaction makes them share its commit (one `fsync`) and the cells they
/// all change (one write of each, not one per batch), while each job still gets its own answer,
/// once the transaction that holds it is durable.
final class GroupCommit<Job: Sendable, Output: Sendable>: Sendable {
    /// Writes a group of jobs in one transaction, answering each in order, or throws for all of them.
    typealias Writer = @Sendable ([Job]) async throws -> [Output]

    private struct Waiting {
        var job: Job
        var continuation: CheckedContinuation<Output, any Error>
    }

    private struct State {
        var waiting: [Waiting] = []
        var writing = false
        var rounds = 0
        var jobs = 0
    }

    /// The most jobs one group takes: a round's work stays bounded, and so does how long a job
    /// waits behind the round before it.
    let maxJobs: Int
    private let write: Writer
    private let state = Mutex(State())

    init(maxJobs: Int, write: @escaping Writer) {
        self.maxJobs = max(1, maxJobs)
        self.write = write
    }

    /// Writes `job` with those waiting beside it, and returns its answer once its group is written.
    func submit(_ job: Job) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let starts = state.withLock { state in
                state.waiting.append(Waiting(job: job, continuation: continuation))
                guard !state.writing else { return false }
                state.writing = true
                return true
            }
            if starts { Task { await self.writeRounds() } }
        }
    }

    /// How many jobs wait for the next group.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// How many groups were written so far, and how many jobs they held.
    var written: (rounds: Int, jobs: Int) { state.withLock { ($0.rounds, $0.jobs) } }

    /// Writes groups until none waits. Jobs that arrive during a round wait for the next one.
    private func writeRounds() async {
        while true {
            let group = state.withLock { state -> [Waiting] in
                let taken = Array(state.waiting.prefix(maxJobs))
                state.waiting.removeFirst(taken.count)
                if taken.isEmpty { state.writing = false } else { state.rounds += 1; state.jobs += taken.count }
                return taken
            }
            guard !group.isEmpty else { return }
            let outputs = await outputs(group.map(\.job))
            for (waiting, output) in zip(group, outputs) { waiting.continuation.resume(with: output) }
        }
    }

    /// Each job's answer: the group's, written together; should that fail, each written alone, so
    /// that one job's failure is its own.
    private func outputs(_ jobs: [Job]) async -> [Result<Output, any Error>] {
        do {
            return try await answers(jobs).map { .success($0) }
        } catch {
            guard jobs.count > 1 else { return [.failure(error)] }
        }
        var outputs: [Result<Output, any Error>] = []
        for job in jobs {
            do {
                outputs.append(.success(try await answers([job])[0]))
            } catch {
                outputs.append(.failure(error))
            }
        }
        return outputs
    }

    /// The writer's answers to `jobs`, one each.
    private func answers(_ jobs: [Job]) async throws -> [Output] {
        let outputs = try await write(jobs)
        guard outputs.count == jobs.count else { throw GroupCommitError(jobs: jobs.count, answers: outputs.count) }
        return outputs
    }
}

/// A writer answered another number of jobs than it was given: a defect of the writer, answered
/// as a failure rather than left waiting.
struct GroupCommitError: Error, CustomStringConvertible {
    var jobs: Int
    var answers: Int
    var description: String { "the store's writer answered \(answers) of \(jobs) batches" }
}
