import Foundation
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// Ids that differ only in Unicode normalisation are two ids in the export, in every report from
/// the store's contributions and in an erasure, as in the reports over the export: ids compare by
/// their bytes (docs/ARCHITECTURE.md, "Events").
extension StoreContractTests {
    /// "café" with a precomposed é (NFC) and with e and a combining acute accent (NFD).
    static let composedUser = "caf\u{E9}"
    static let decomposedUser = "cafe\u{301}"

    /// The document of the experiment report: `signup` in two variations of `short-signup`.
    static let exactIDsDocument: WaypointDocument = {
        let json = #"""
        {"schemaVersion": 1,
         "flows": [
          {"id": "signup", "experiment": "short-signup", "variation": "long", "steps": [
            {"id": "welcome", "screen": "Welcome"}, {"id": "name", "screen": "Name"}]},
          {"id": "signup", "experiment": "short-signup", "variation": "short", "steps": [
            {"id": "welcome", "screen": "Welcome"}]}],
         "experiments": [{"key": "short-signup", "variations": ["long", "short"]}]}
        """#
        // swiftlint:disable:next force_try
        return try! WaypointDocument(validating: Data(json.utf8))
    }()

    /// Both users start `signup` and the walkthrough `tour`, each in another variation; the NFC user
    /// completes the flow, the NFD user the walkthrough. `u1` runs two flows whose ids differ only in
    /// normalisation and completes the NFD one.
    static func exactIDEvents() throws -> [StoredEvent] {
        let base: Int64 = 1_793_491_200_000
        func event(_ id: String, _ user: String, _ name: String, second: Int, _ fields: String) throws -> StoredEvent {
            let time = Timestamp.iso8601(Timestamp.date(milliseconds: base + Int64(second) * 1000))
            let line = #"{"messageId":"\#(id)","userId":"\#(user)","event":"\#(name)","timestamp":"\#(time)"\#(fields)}"#
            let decoded = try JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8))
            return StoredEvent(
                messageID: decoded.messageID, userID: decoded.userID, flowID: decoded.flowID, walkthroughID: decoded.walkthroughID,
                timestamp: Timestamp.milliseconds(decoded.timestamp), environment: "production", receivedAt: 1, line: EventIngestion.jsonLine(of: decoded))
        }
        let nfc = composedUser, nfd = decomposedUser
        let long = #","flowId":"signup","experiment":"short-signup","variation":"long""#
        let short = #","flowId":"signup","experiment":"short-signup","variation":"short""#
        return [
            try event("f1", nfc, "Flow Started", second: 1, long),
            try event("f2", nfd, "Flow Started", second: 2, short),
            try event("f3", nfc, "Step Viewed", second: 3, long + #","stepId":"welcome""#),
            try event("f4", nfd, "Step Viewed", second: 4, short + #","stepId":"welcome""#),
            try event("f5", nfc, "Flow Completed", second: 5, long),
            try event("w1", nfc, "Walkthrough Started", second: 6, #","walkthroughId":"tour""#),
            try event("w2", nfd, "Walkthrough Started", second: 7, #","walkthroughId":"tour""#),
            try event("w3", nfd, "Hint Shown", second: 8, #","walkthroughId":"tour","stepId":"intro""#),
            try event("w4", nfd, "Walkthrough Completed", second: 9, #","walkthroughId":"tour""#),
            try event("g1", "u1", "Flow Started", second: 10, #","flowId":"\#(nfc)""#),
            try event("g2", "u1", "Flow Started", second: 11, #","flowId":"\#(nfd)""#),
            try event("g3", "u1", "Flow Completed", second: 12, #","flowId":"\#(nfd)""#),
        ]
    }

    /// Every report the store answers, as JSON, next to the same report over its export.
    static func exactIDReports(_ store: TestDatabase) async throws -> (stored: [String], overExport: [String]) {
        let export = try await allLines(store, appID: "fitness")
        let data = Data((export.joined(separator: "\n") + "\n").utf8)
        func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
        var stored: [String] = [], overExport: [String] = []
        for query in [
            FunnelQuery(flowID: "signup", document: exactIDsDocument),
            FunnelQuery(flowID: "signup", groupByVariation: true, document: exactIDsDocument),
            FunnelQuery(flowID: "signup", steps: ["welcome", "$complete"]),
            FunnelQuery(flowID: composedUser), FunnelQuery(flowID: decomposedUser),
        ] {
            stored.append(text(try await StoredFunnel.report(ledger: store, events: store, appID: "fitness", environment: "production", query: query).jsonData()))
            overExport.append(text(try Funnel.compute(jsonLines: data, query: query).jsonData()))
        }
        let walkthrough = WalkthroughQuery(walkthroughID: "tour", declaredSteps: ["intro"])
        stored.append(text(try await StoredWalkthroughReport.report(ledger: store, events: store, appID: "fitness", environment: "production", query: walkthrough).jsonData()))
        overExport.append(text(try WalkthroughReport.compute(jsonLines: data, query: walkthrough).jsonData()))
        let experiment = ExperimentQuery(experiment: "short-signup")
        stored.append(text(try await StoredExperimentReport.report(
            ledger: store, events: store, appID: "fitness", environment: "production", query: experiment, document: exactIDsDocument).jsonData()))
        overExport.append(text(try ExperimentReport.compute(jsonLines: data, query: experiment, document: exactIDsDocument).jsonData()))
        return (stored, overExport)
    }
}

extension ReportLedgerRepositoryContract {
    @Test(arguments: StoreKind.available)
    func usersThatDifferOnlyInNormalisationAreTwoUsersInTheExportTheReportsAndErasure(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let events = try StoreContractTests.exactIDEvents()
            // Delivered in two batches, each user's events split between them.
            _ = try await store.insertEvents(Array(events.prefix(4)), appID: "fitness")
            _ = try await store.insertEvents(Array(events.dropFirst(4)), appID: "fitness")
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == events.map(\.line))
            try await StoreContractTests.checkContributions(store, appID: "fitness", "two users")

            let funnel = try await StoredFunnel.report(
                ledger: store, events: store, appID: "fitness", environment: "production", query: FunnelQuery(flowID: "signup", document: StoreContractTests.exactIDsDocument))
            #expect(funnel.flowReport?.overall.started == 2)
            #expect(funnel.flowReport?.overall.completed == 1)
            let reports = try await StoreContractTests.exactIDReports(store)
            #expect(reports.stored == reports.overExport)
            #expect(reports.stored[2].contains(#""users":2"#), "the sequential funnel: \(reports.stored[2])")

            // Erasing the NFC user leaves exactly the NFD user's events, and the reports count them.
            #expect(try await store.eraseUser(appID: "fitness", userID: StoreContractTests.composedUser) == 4)
            let left = events.filter { $0.userID.utf8.elementsEqual(StoreContractTests.composedUser.utf8) == false }
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == left.map(\.line))
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after erasing the NFC user")
            let after = try await StoredFunnel.report(
                ledger: store, events: store, appID: "fitness", environment: "production", query: FunnelQuery(flowID: "signup", document: StoreContractTests.exactIDsDocument))
            #expect(after.flowReport?.overall.started == 1)
            #expect(after.flowReport?.overall.completed == 0)
            let reportsAfter = try await StoreContractTests.exactIDReports(store)
            #expect(reportsAfter.stored == reportsAfter.overExport)

            #expect(try await store.eraseUser(appID: "fitness", userID: StoreContractTests.decomposedUser) == 5)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == events.suffix(3).map(\.line))
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after erasing both")
        }
    }
}
