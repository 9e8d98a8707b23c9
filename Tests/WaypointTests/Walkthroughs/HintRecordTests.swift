import Foundation
import Testing
@testable import Waypoint

@Suite("Hint record: the saved form of hint progress")
struct HintRecordTests {
    @Test("Every field round-trips, including ids that need escaping", arguments: [
        "plain", "with space", "comma,inside", "100%", "line\nbreak", "", "-", ":colon", "tab\there", "crlf\r\nend",
    ])
    func roundTrip(id: String) throws {
        var donations = EventDonations()
        donations.donate(id, at: startDate)
        donations.donate(id, at: startDate.addingTimeInterval(0.125))
        donations.donate("other", at: startDate.addingTimeInterval(-day))
        let record = HintRecord(
            progress: [
                WalkthroughProgress(walkthroughId: id, version: 3, completedStepIds: [id, "b", ""], displayCount: 2,
                                    invalidation: .displayCountExceeded, invalidatedAt: startDate.addingTimeInterval(1.5),
                                    lastStartedAt: startDate,
                                    exposures: [ExperimentAssignment(experiment: id, variation: "v 1"), ExperimentAssignment(experiment: "b", variation: id)]),
                WalkthroughProgress(walkthroughId: "fresh", version: 1),
                WalkthroughProgress(walkthroughId: "unexposed", version: 1, displayCount: 1, exposures: []),
            ],
            schedule: HintSchedule(lastNewStartAt: startDate.addingTimeInterval(0.001)),
            donations: donations
        )
        let decoded = try HintRecord.decode(record.encoded())
        #expect(decoded.problems.isEmpty)
        #expect(decoded.record == record)
    }

    @Test("A record with the wrong header is rejected with a message naming what was found")
    func wrongHeader() {
        #expect(throws: HintRecord.FormatError.self) { try HintRecord.decode(Data(#"{"format":1}"#.utf8)) }
        do {
            _ = try HintRecord.decode(Data("waypoint-hints 9\n".utf8))
        } catch {
            #expect("\(error)" == "expected the first line 'waypoint-hints 1', found 'waypoint-hints 9'")
        }
    }

    @Test("Unreadable lines are reported by number and the rest is kept")
    func badLines() throws {
        let text = "waypoint-hints 1\nschedule soon\nprogress a 1 0 sleepy - - :\nmystery\ndonations e 12.5 x\nprogress b 1 0 - - - :s\n"
        let decoded = try HintRecord.decode(Data(text.utf8))
        #expect(decoded.problems == [
            "line 2: unreadable schedule",
            "line 3: unknown invalidation reason 'sleepy'",
            "line 4: unknown line 'mystery'",
            "line 5: unreadable donation dates",
        ])
        #expect(decoded.record.progress == [WalkthroughProgress(walkthroughId: "b", version: 1, completedStepIds: ["s"])])
        #expect(decoded.record.donations.count(of: "e", now: startDate) == 1)
    }

    @Test("An exposures line belongs to the progress line before it; a bad one is reported and its progress loads without exposures")
    func exposuresLines() throws {
        let text = """
            waypoint-hints 1
            progress a 1 1 - - - :
            exposures a copy playful hint-b above
            progress b 1 1 - - - :
            exposures b copy
            progress c 1 1 - - - :
            exposures d copy playful
            progress e 1 0 - - - :
            exposures e

            """
        let decoded = try HintRecord.decode(Data(text.utf8))
        #expect(decoded.problems == [
            "line 5: unreadable exposures",
            "line 7: exposures of walkthrough 'd' do not follow its progress line",
        ])
        #expect(decoded.record.progress.map(\.exposures) == [
            [ExperimentAssignment(experiment: "copy", variation: "playful"), ExperimentAssignment(experiment: "hint-b", variation: "above")],
            nil, nil, [],
        ])
    }
}
