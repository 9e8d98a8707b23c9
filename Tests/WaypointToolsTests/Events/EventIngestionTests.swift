import Foundation
import Testing
import Waypoint
import WaypointTools
import TestSupport

/// The checks a receiver runs on an event through `EventIngestion`, and the line it stores.
@Suite("Event ingestion")
struct EventIngestionTests {
    static func event(_ name: EventName, flowID: String? = "signup", stepID: String? = "welcome") -> OnboardingEvent {
        OnboardingEvent(
            messageID: "m-1", userID: "u-1", event: name, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
            flowID: flowID, flowVersion: 1, stepID: stepID)
    }

    @Test(arguments: [EventName.flowStarted, .stepViewed, .hintShown, .experimentViewed])
    func aKnownNameHasNoProblem(name: EventName) {
        #expect(EventIngestion.unknownNameProblem(name) == nil)
    }

    @Test func aMistypedNameSuggestsTheIntendedOne() throws {
        let problem = try #require(EventIngestion.unknownNameProblem("Flow Strated"))
        #expect(problem.hasPrefix(#""event" "Flow Strated" is not an event name, so no report would count it. Did you mean "Flow Started"? "#))
        #expect(problem.contains(#"The names are "Flow Started", "Step Viewed""#))
    }

    @Test func anUnrelatedNameListsTheNamesWithoutASuggestion() throws {
        let problem = try #require(EventIngestion.unknownNameProblem("Purchase"))
        #expect(!problem.contains("Did you mean"))
        #expect(problem.hasSuffix(#""Experiment Viewed"."#))
    }

    @Test func aStepEventWithoutItsStepIsNamed() {
        #expect(EventIngestion.missingReportField(of: Self.event(.stepViewed, stepID: nil))
            == #""Step Viewed" has no "stepId"; give the id of the step it is about, or no report can count it."#)
        #expect(EventIngestion.missingReportField(of: Self.event(.stepViewed)) == nil)
    }

    @Test func everyNameHasItsReportFields() {
        let fields = Dictionary(uniqueKeysWithValues: EventIngestion.reportFields.map { ($0.name.rawValue, $0.fields) })
        #expect(fields.count == 13)
        #expect(fields["Flow Started"] == ["flowId"])
        #expect(fields["Hint Shown"] == ["walkthroughId", "stepId"])
        #expect(fields["Experiment Viewed"] == ["experiment", "variation"])
    }

    @Test func theLineDecodesToTheSameEvent() throws {
        let event = Self.event(.stepCompleted)
        let line = EventIngestion.jsonLine(of: event)
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix(#"{"messageId":"m-1","userId":"u-1","event":"Step Completed""#))
        #expect(try JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)) == event)
    }
}

/// How many events a durable queue holds, as a tool watching it drain reads it.
@Suite("Durable queue pending count")
struct DurableEventQueuePendingTests {
    actor Collecting: EventSink {
        var received: [OnboardingEvent] = []
        func send(_ events: [OnboardingEvent]) async throws { received += events }
    }

    @Test func theCountFollowsAppendsAndDelivery() async throws {
        let directory = try TemporaryFiles.directory("pending-count")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = Collecting()
        let queue = try DurableEventQueue(directory: directory, sink: sink)
        #expect(await queue.pendingEventCount == 0)
        try await queue.send([EventIngestionTests.event(.flowStarted), EventIngestionTests.event(.stepViewed)])
        #expect(await queue.pendingEventCount == 2)
        #expect(try await queue.flush() == 2)
        #expect(await queue.pendingEventCount == 0)
        #expect(await sink.received.count == 2)
    }
}
