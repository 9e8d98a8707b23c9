import Observation
import Testing
@testable import Waypoint

@MainActor
@Suite("Action: single-flight async work")
struct ActionTests {
    @Test("A completed execution returns its output and publishes it")
    func completes() async throws {
        let action = Action<Int, String> { "value \($0)" }
        var outputs = action.outputs.makeAsyncIterator()

        let result = await action.execute(7)

        #expect(result.output == "value 7")
        #expect(result.isCompleted)
        #expect(await outputs.next() == "value 7")
        #expect(action.isExecuting == false)
        #expect(action.executionCount == 1)
    }

    @Test("Calls made while an execution runs are discarded and say so", arguments: [1, 3])
    func singleFlight(extraCalls: Int) async throws {
        let gate = WorkGate<Int>()
        let action = Action<Int, Int> { input in input + (try await gate.pass()) }

        let first = Task { await action.execute(10) }
        await gate.waitForArrivals(1)
        #expect(action.isExecuting)

        for call in 0..<extraCalls {
            let result = await action.execute(100 + call)
            #expect(result.isDiscarded)
            #expect(throws: ActionError.discarded) { try result.get() }
        }
        #expect(gate.arrivals == 1, "the discarded calls must not start the work")
        #expect(action.executionCount == 1)

        gate.release(5)
        #expect(await first.value.output == 15)
        #expect(action.isExecuting == false)

        // Once the execution is over, the action runs again.
        let again = Task { await action.execute(20) }
        await gate.waitForArrivals(2)
        gate.release(1)
        #expect(await again.value.output == 21)
        #expect(action.executionCount == 2)
    }

    @Test("isExecuting is observable: it notifies when an execution starts and when it ends")
    func isExecutingIsObservable() async throws {
        let gate = WorkGate<Void>()
        let action = Action<Void, Void> { try await gate.pass() }
        let changes = Recorder<String>()

        withObservationTracking {
            _ = action.isExecuting
        } onChange: {
            changes.append("start")
        }
        let running = Task { await action.execute() }
        await gate.waitForArrivals(1)
        #expect(changes.values == ["start"])
        #expect(action.isExecuting)

        withObservationTracking {
            _ = action.isExecuting
        } onChange: {
            changes.append("end")
        }
        gate.release(())
        _ = await running.value
        #expect(changes.values == ["start", "end"])
        #expect(action.isExecuting == false)
    }

    @Test("An error is delivered on `errors`, not `outputs`, and does not end the action")
    func errorsDoNotEndTheAction() async throws {
        let gate = WorkGate<Int>()
        let action = Action<Void, Int> { try await gate.pass() }
        var errors = action.errors.makeAsyncIterator()
        var outputs = action.outputs.makeAsyncIterator()

        let failing = Task { await action.execute() }
        await gate.waitForArrivals(1)
        gate.fail(TestFailure(code: 1))
        let failed = await failing.value
        #expect(failed.error as? TestFailure == TestFailure(code: 1))
        #expect(failed.output == nil)
        #expect(action.isExecuting == false)

        let retry = Task { await action.execute() }
        await gate.waitForArrivals(2)
        gate.release(42)
        #expect(await retry.value.output == 42)

        // The output stream's first value is the retry's: the error never reached it.
        #expect(await outputs.next() == 42)

        let failingAgain = Task { await action.execute() }
        await gate.waitForArrivals(3)
        gate.fail(TestFailure(code: 2))
        _ = await failingAgain.value

        // The error stream is still open after the first error and received both, in order.
        #expect(await errors.next() as? TestFailure == TestFailure(code: 1))
        #expect(await errors.next() as? TestFailure == TestFailure(code: 2))
    }

    @Test("Every subscriber receives every value published after it subscribed")
    func multipleSubscribers() async throws {
        let action = Action<Int, Int> { $0 * 2 }
        var early = action.outputs.makeAsyncIterator()
        var alsoEarly = action.outputs.makeAsyncIterator()

        await action.execute(1)
        var late = action.outputs.makeAsyncIterator()
        await action.execute(2)

        #expect(await early.next() == 2)
        #expect(await early.next() == 4)
        #expect(await alsoEarly.next() == 2)
        #expect(await alsoEarly.next() == 4)
        #expect(await late.next() == 4, "no replay of values published before subscribing")
    }

    @Test("Cancelling the caller's task cancels the work; the action can execute again")
    func callerCancellationCancelsTheWork() async throws {
        let gate = WorkGate<Int>()
        let workSawCancellation = Recorder<Bool>()
        let action = Action<Void, Int> {
            do {
                return try await gate.pass()
            } catch {
                workSawCancellation.append(error is CancellationError)
                throw error
            }
        }
        var errors = action.errors.makeAsyncIterator()

        let caller = Task { await action.execute() }
        await gate.waitForArrivals(1)
        caller.cancel()
        let result = await caller.value

        #expect(result.isCancelled)
        #expect(workSawCancellation.values == [true])
        #expect(gate.waitingCount == 0)
        #expect(action.isExecuting == false)
        #expect(throws: CancellationError.self) { try result.get() }

        let retry = Task { await action.execute() }
        await gate.waitForArrivals(2)
        gate.fail(TestFailure(code: 9))
        _ = await retry.value
        // The cancellation was not published as an error: the first error is the retry's.
        #expect(await errors.next() as? TestFailure == TestFailure(code: 9))
    }

    @Test("cancel() cancels the running execution from elsewhere, and does nothing when idle")
    func cancelFromElsewhere() async throws {
        let gate = WorkGate<Int>()
        let action = Action<Void, Int> { try await gate.pass() }
        action.cancel()

        let caller = Task { await action.execute() }
        await gate.waitForArrivals(1)
        action.cancel()

        #expect(await caller.value.isCancelled)
        #expect(action.isExecuting == false)
    }

    @Test("A call from an already cancelled task does not start the work")
    func alreadyCancelledCaller() async throws {
        let ran = Recorder<Int>()
        let action = Action<Int, Int> { ran.append($0); return $0 }

        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await action.execute(1)
        }

        #expect(await caller.value.isCancelled)
        #expect(ran.values.isEmpty)
        #expect(action.executionCount == 0)
    }

    @Test("Streams end when the action goes away")
    func streamsEndWithTheAction() async throws {
        var action: Action<Int, Int>? = Action { $0 }
        let outputs = try #require(action).outputs
        let errors = try #require(action).errors
        await action?.execute(3)
        action = nil

        var received: [Int] = []
        for await output in outputs { received.append(output) }
        var errorCount = 0
        for await _ in errors { errorCount += 1 }

        #expect(received == [3])
        #expect(errorCount == 0)
    }

    @Test("A discarded call explains itself")
    func discardedMessage() {
        #expect(ActionError.discarded.description.contains("already executing"))
        #expect(ActionError.discarded.description.contains("wait until `isExecuting` is false"))
    }

    @Test("A subflow step made from an action continues with its output or throws")
    func subflowFromAction() async throws {
        let gate = WorkGate<Int>()
        let action = Action<Int, Int> { try await gate.pass() + $0 }
        let step = Subflow(action) |> Subflow<Int, String> { "total \($0)" }

        let running = Task { try await step(1) }
        await gate.waitForArrivals(1)
        // The user taps the same button while the step's execution runs.
        await #expect(throws: ActionError.discarded) { try await step(2) }
        gate.release(10)
        #expect(try await running.value == "total 11")

        let failing = Task { try await step(1) }
        await gate.waitForArrivals(2)
        gate.fail(TestFailure(code: 3))
        await #expect(throws: TestFailure(code: 3)) { try await failing.value }
    }
}
