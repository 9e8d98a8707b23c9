import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Graphs and paths of a variation whose experiment changes steps.
@Suite("Paths of a variation with changes")
struct VariationPathsTests {
    @Test("Graphs and paths of a variation apply its changes: a skipped step is passed by")
    func skippedStepInPaths() throws {
        let document = try StepChangesFixture.document()
        let varied = try document.flowGraph(id: "onboarding", forcedVariations: ["paywall-copy": "annual-first"])
        #expect(varied.root.node("paywall")?.screen == "PaywallAnnual")
        #expect(varied.subflows["finish"]?.node("notifications")?.isSkipped == true)
        #expect(try varied.listPaths(maxVisits: 1).map { $0.joined(separator: ",") } == [
            "welcome,goals", "welcome,goals,paywall,finish/done", "welcome,goals,finish/done",
        ])
        #expect(try varied.countPaths() == 3)
        let control = try document.flowGraph(id: "onboarding", forcedVariations: ["paywall-copy": "control"])
        #expect(control.subflows["finish"]?.node("notifications")?.isSkipped == false)
        #expect(try control.listPaths(maxVisits: 1).contains(["welcome", "goals", "paywall", "finish/notifications", "finish/done"]))
    }
}
