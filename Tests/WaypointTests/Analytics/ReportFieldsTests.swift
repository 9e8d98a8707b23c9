import Foundation
import Testing
import Waypoint

/// The fields without which no report can count an event (`EventName.reportFields`), and the reason
/// the server refuses such an event with (`OnboardingEvent.missingReportField`).
@Suite("Report fields of events")
struct ReportFieldsTests {
    /// Each event name and the fields its reports read it by, as the flow, experiment and
    /// walkthrough reports read them.
    static let table: [(name: String, fields: [String])] = [
        ("Flow Started", ["flowId"]), ("Flow Completed", ["flowId"]), ("Flow Abandoned", ["flowId"]),
        ("Step Viewed", ["flowId", "stepId"]), ("Step Completed", ["flowId", "stepId"]), ("Step Skipped", ["flowId", "stepId"]),
        ("Walkthrough Started", ["walkthroughId"]), ("Walkthrough Completed", ["walkthroughId"]),
        ("Hint Shown", ["walkthroughId", "stepId"]), ("Hint Completed", ["walkthroughId", "stepId"]),
        ("Hint Skipped", ["walkthroughId", "stepId"]), ("Target Not Found", ["walkthroughId", "stepId"]),
        // And a flowId or a walkthroughId (`anExposureNeedsItsFlowOrWalkthrough`).
        ("Experiment Viewed", ["experiment", "variation"]),
    ]

    /// An event of `name` with `fields` set to ids (the others absent).
    static func event(_ name: String, with fields: [String: String?]) -> OnboardingEvent {
        OnboardingEvent(
            messageID: "m-1", userID: "u-1", event: EventName(name), timestamp: Date(timeIntervalSince1970: 1_800_000_000),
            flowID: fields["flowId"] ?? nil, stepID: fields["stepId"] ?? nil, walkthroughID: fields["walkthroughId"] ?? nil,
            experiment: fields["experiment"] ?? nil, variation: fields["variation"] ?? nil)
    }

    static let ids = ["flowId": "signup", "stepId": "welcome", "walkthroughId": "home-tour", "experiment": "welcome-copy", "variation": "short"]

    @Test func theTableCoversEveryName() {
        #expect(Set(Self.table.map(\.name)) == Set(EventName.all.map(\.rawValue)))
    }

    @Test(arguments: table)
    func aCompleteEventIsCounted(name: String, fields: [String]) {
        #expect(EventName(name).reportFields == fields)
        var given = Dictionary(uniqueKeysWithValues: fields.map { ($0, Self.ids[$0]) })
        if name == "Experiment Viewed" { given["flowId"] = "signup" }
        let complete = Self.event(name, with: given)
        #expect(complete.missingReportField == nil)
    }

    /// Each field missing, or empty, is named in the reason, with the event's name.
    @Test(arguments: table)
    func aMissingFieldIsNamed(name: String, fields: [String]) {
        for field in fields {
            for value in [String?.none, ""] {
                var given = Dictionary(uniqueKeysWithValues: fields.map { ($0, Self.ids[$0]) })
                if name == "Experiment Viewed" { given["flowId"] = "signup" }
                given[field] = value
                let reason = Self.event(name, with: given).missingReportField
                #expect(reason?.hasPrefix("\"\(name)\" has no \"\(field)\"; give the id of the ") == true, "\(name) without \(field): \(reason ?? "nil")")
                #expect(reason?.hasSuffix(" it is about, or no report can count it.") == true)
            }
        }
    }

    @Test func aStepEventSaysItNeedsItsStep() {
        let reason = Self.event("Step Viewed", with: ["flowId": "signup"]).missingReportField
        #expect(reason == "\"Step Viewed\" has no \"stepId\"; give the id of the step it is about, or no report can count it.")
        let hint = Self.event("Hint Shown", with: ["stepId": "intro"]).missingReportField
        #expect(hint == "\"Hint Shown\" has no \"walkthroughId\"; give the id of the walkthrough it is about, or no report can count it.")
    }

    /// `Experiment Viewed` names where the run was exposed: a flow or a walkthrough, either.
    @Test(arguments: [["flowId": "signup"], ["walkthroughId": "home-tour"], [:], ["flowId": "", "walkthroughId": ""]])
    func anExposureNeedsItsFlowOrWalkthrough(place: [String: String]) {
        var fields: [String: String?] = ["experiment": "welcome-copy", "variation": "short"]
        for (key, value) in place { fields[key] = value }
        let reason = Self.event("Experiment Viewed", with: fields).missingReportField
        if place.values.contains(where: { !$0.isEmpty }) {
            #expect(reason == nil)
        } else {
            #expect(reason == "\"Experiment Viewed\" has neither \"flowId\" nor \"walkthroughId\"; give the id of the flow or "
                + "walkthrough whose run was exposed, or no report can count it.")
        }
    }

    /// Fields a report only reads for a detail stay optional, and a name no report reads needs none.
    @Test func detailsAndOtherNamesNeedNothing() {
        var completed = Self.event("Step Completed", with: ["flowId": "signup", "stepId": "welcome"])
        completed.outcome = nil
        completed.durationMs = nil
        #expect(completed.missingReportField == nil)
        #expect(Self.event("Purchase", with: [:]).missingReportField == nil)
        #expect(EventName("Purchase").reportFields.isEmpty)
    }
}
