import Testing
@testable import Waypoint

@MainActor
@Suite("StepContinuation: the UI finishes a step exactly once")
struct StepContinuationTests {
    /// Starts a step whose screen hands its continuation to the test through a stream.
    private func presentStep<Output: Sendable>(
        _: Output.Type = Output.self
    ) -> (step: Task<Output, any Error>, screens: AsyncStream<StepContinuation<Output>>) {
        let (screens, sink) = AsyncStream<StepContinuation<Output>>.makeStream()
        let step = Task {
            try await withStepContinuation { (handle: StepContinuation<Output>) in
                sink.yield(handle)
            }
        }
        return (step, screens)
    }

    @Test("finish(with:) resumes the step with the output; later calls do nothing")
    func finishOnce() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())
        #expect(handle.isResolved == false)

        #expect(handle.finish(with: 1))
        #expect(handle.finish(with: 2) == false)
        #expect(handle.cancel() == false)
        #expect(handle.fail(TestFailure(code: 1)) == false)

        #expect(try await step.value == 1)
        #expect(handle.isResolved)
    }

    @Test("A screen may finish at once, inside present")
    func finishInsidePresent() async throws {
        let role: String = try await withStepContinuation { $0.finish(with: "coach") }
        #expect(role == "coach")
        let done: Void = try await withStepContinuation { $0.finish() }
        #expect(done == ())
    }

    @Test("A screen dismissed without finishing resumes the step with cancellation")
    func dismissedScreen() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())

        #expect(handle.cancel())
        #expect(handle.finish(with: 3) == false)
        await #expect(throws: CancellationError.self) { try await step.value }
    }

    @Test("A screen that never keeps its continuation cancels the step instead of leaking it")
    func handleNeverKept() async throws {
        await #expect(throws: CancellationError.self) {
            let _: Int = try await withStepContinuation { _ in }
        }
    }

    @Test("Dropping the last reference to an unfinished continuation cancels the step")
    func handleDroppedLater() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        var handle = await iterator.next()
        #expect(handle != nil)

        handle = nil

        await #expect(throws: CancellationError.self) { try await step.value }
    }

    @Test("fail(_:) makes the step throw the screen's error")
    func failWithError() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())

        #expect(handle.fail(TestFailure(code: 7)))

        await #expect(throws: TestFailure(code: 7)) { try await step.value }
    }

    @Test("Cancelling the flow's task resumes the step and tells the screen to go away, once")
    func flowCancelled() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())
        let dismissals = Recorder<String>()
        handle.onCancel { dismissals.append("registered before") }

        step.cancel()
        await #expect(throws: CancellationError.self) { try await step.value }

        #expect(dismissals.values == ["registered before"])
        handle.onCancel { dismissals.append("registered after") }
        #expect(dismissals.values == ["registered before", "registered after"])
        #expect(handle.finish(with: 5) == false, "the user finishing late must not resume the step again")
        #expect(handle.isResolved)
    }

    @Test("onCancel handlers do not run when the screen itself ends the step")
    func onCancelOnlyForFlowCancellation() async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())
        let dismissals = Recorder<String>()
        handle.onCancel { dismissals.append("dismiss") }

        handle.cancel()
        await #expect(throws: CancellationError.self) { try await step.value }
        step.cancel()

        #expect(dismissals.values.isEmpty)
    }

    @Test("A step started from a cancelled task shows nothing and throws")
    func alreadyCancelledTask() async throws {
        let presented = Recorder<Bool>()
        let step = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let _: Int = try await withStepContinuation { _ in presented.append(true) }
        }

        await #expect(throws: CancellationError.self) { try await step.value }
        #expect(presented.values.isEmpty)
    }

    @Test("Racing finishes, failures and cancellations resume the step exactly once", arguments: 0..<10)
    func racingResumes(round: Int) async throws {
        let (step, screens) = presentStep(Int.self)
        var iterator = screens.makeAsyncIterator()
        let handle = try #require(await iterator.next())

        let winners = await withTaskGroup(of: Int?.self) { group in
            for racer in 0..<64 {
                group.addTask {
                    let resumed: Bool
                    switch racer % 3 {
                    case 0: resumed = handle.finish(with: racer)
                    case 1: resumed = handle.fail(TestFailure(code: racer))
                    default: resumed = handle.cancel()
                    }
                    return resumed ? racer : nil
                }
            }
            var winners: [Int] = []
            for await winner in group { if let winner { winners.append(winner) } }
            return winners
        }

        let winner = try #require(winners.count == 1 ? winners.first : nil, "round \(round): \(winners)")
        let result = await step.result
        switch winner % 3 {
        case 0: #expect(try result.get() == winner)
        case 1: #expect(throws: TestFailure(code: winner)) { try result.get() }
        default: #expect(throws: CancellationError.self) { try result.get() }
        }
    }
}

/// A presenter that keeps shown screens on a stack, as a navigation stack would.
@MainActor
private final class StackPresenter: ScreenPresenter {
    enum Screen {
        case picker(StepContinuation<String>)
        case info(String, StepContinuation<Void>)
    }

    var stack: [Screen] = []
    var shown: [String] = []
    let presented: AsyncStream<Void>
    private let sink: AsyncStream<Void>.Continuation

    init() {
        (presented, sink) = AsyncStream<Void>.makeStream()
    }

    func present(_ screen: Screen) {
        switch screen {
        case .picker: shown.append("picker")
        case .info(let title, _): shown.append(title)
        }
        stack.append(screen)
        sink.yield()
    }

    /// What the user does on the top screen.
    func tapOnTop(_ choice: String) {
        switch stack.popLast() {
        case .picker(let step): step.finish(with: choice)
        case .info(_, let step): step.finish()
        case nil: break
        }
    }

    /// The user swipes the top screen away without finishing it.
    func swipeAway() {
        _ = stack.popLast()
    }
}

@MainActor
@Suite("ScreenPresenter: steps presented by a UI layer")
struct StepContinuationPresenterTests {
    @Test("A step shows its screen and continues with what the user chose")
    func showAndFinish() async throws {
        let presenter = StackPresenter()
        let pick = Subflow<Void, String>.screen("Pick", on: presenter) { _, done in .picker(done) }
        let info = Subflow<String, Void>.screen("Info", on: presenter) { choice, done in .info("Chose \(choice)", done) }
        let flow = pick |> info
        var presented = presenter.presented.makeAsyncIterator()

        let running = Task { try await flow() }
        await presented.next()
        presenter.tapOnTop("coach")
        await presented.next()
        presenter.tapOnTop("")
        try await running.value

        #expect(presenter.shown == ["picker", "Chose coach"])
        #expect(presenter.stack.isEmpty)
    }

    @Test("A screen swiped away without finishing cancels the flow")
    func swipedAway() async throws {
        let presenter = StackPresenter()
        let flow = Subflow<Void, String>.screen("Pick", on: presenter) { _, done in .picker(done) }
            |> Subflow<String, Void>.screen("Info", on: presenter) { _, done in .info("Never", done) }
        var presented = presenter.presented.makeAsyncIterator()

        let running = Task { try await flow() }
        await presented.next()
        presenter.swipeAway()

        await #expect(throws: CancellationError.self) { try await running.value }
        #expect(presenter.shown == ["picker"])
    }
}
