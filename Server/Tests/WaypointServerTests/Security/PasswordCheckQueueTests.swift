import NIOCore
import Testing
@testable import WaypointServer

/// Password checks at once: a few per client address, a bound for all, refused at once beyond.
@Suite("Password check queue")
struct PasswordCheckQueueTests {
    @Test func oneAddressHoldsAtMostItsPlacesAndOthersStillEnter() {
        let queue = PasswordCheckQueue(perClient: 2, total: 10)
        #expect((0..<5).map { _ in queue.enter("203.0.113.1") } == [.admitted, .admitted, .clientBusy, .clientBusy, .clientBusy])
        #expect(queue.enter("198.51.100.1") == .admitted, "another address is not held up")
        #expect(queue.count == 3)
        queue.leave("203.0.113.1")
        #expect(queue.enter("203.0.113.1") == .admitted, "a place given back is taken again")
        #expect(queue.enter("203.0.113.1") == .clientBusy)
    }

    @Test func allAddressesTogetherHoldAtMostTheTotal() {
        let queue = PasswordCheckQueue(perClient: 2, total: 3)
        #expect((0..<4).map { queue.enter("10.0.0.\($0)") } == [.admitted, .admitted, .admitted, .serverBusy])
        queue.leave("10.0.0.1")
        #expect(queue.enter("10.0.0.9") == .admitted)
        for address in ["10.0.0.0", "10.0.0.2", "10.0.0.9"] { queue.leave(address) }
        #expect(queue.count == 0)
        // Leaving without a place changes nothing.
        queue.leave("10.0.0.7")
        #expect(queue.count == 0)
        #expect(queue.enter("10.0.0.7") == .admitted)
    }

    @Test func theDefaultsAreTwoPerAddressAndEightPerThreadOfTheBlockingPool() {
        let queue = PasswordCheckQueue()
        #expect(queue.perClient == 2)
        #expect(queue.total == 8 * NIOSingletons.blockingPoolThreadCountSuggestion)
        #expect(PasswordCheckQueue(perClient: 0, total: 0).perClient == 1)
        #expect(PasswordCheckQueue(perClient: 0, total: 0).total == 1)
    }
}
