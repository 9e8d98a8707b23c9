import Foundation
import Testing
@testable import Waypoint

/// The values a flow state is made of: step paths, departures, visits, and the saved format.
@Suite("Flow values")
struct FlowValuesTests {
    @Test func stepPathsKeepTheirParts() {
        let path = StepPath("onboarding-shared-end/notifications")
        #expect(path.isNested)
        #expect(path.rawValue == "onboarding-shared-end/notifications")
        #expect(path.leafID == "notifications")
        #expect(path.parent == StepPath("onboarding-shared-end"))
        #expect(path.components == ["onboarding-shared-end", "notifications"])
        #expect(path.depth == 1)
        #expect(StepPath("splash").appending("x") == StepPath("splash/x"))
        #expect(StepPath("splash").appending("x").isNested)
        #expect(!StepPath("splash").isNested && StepPath("splash").parent == nil && StepPath("splash").leafID == "splash")
        #expect(StepPath(components: ["a", "b", "c"]).components == ["a", "b", "c"])
    }

    @Test func departuresKeepTheirOutcome() {
        #expect(Departure.outcome("register").outcome == "register")
        #expect(Departure.outcome("a-rather-long-outcome-name").rawValue == "a-rather-long-outcome-name")
        #expect(Departure.jump.outcome == nil)
        #expect(Departure.completedFlow.rawValue == "$complete")
        #expect(Departure.outcome("").outcome == "")
    }

    @Test func aVisitReportsTheIDEventsCarry() throws {
        let custom = CustomStep("promo-with-a-long-identifier", screen: "PromoScreen")
        let visit = Visit(path: "splash", custom: custom, departure: .outcome("dismissed"))
        #expect(visit.custom == custom)
        #expect(visit.stepID == "promo-with-a-long-identifier")
        #expect(visit.departure == .outcome("dismissed"))
        #expect(visit.isCustom)
        #expect(visit != Visit(path: "splash", custom: CustomStep("promo-with-a-long-identifier"), departure: .outcome("dismissed")))
        let nested = Visit(path: "shared-end/notifications")
        #expect(nested.custom == nil && nested.departure == nil && !nested.isCustom)
        // The full path, as `stepId` in analytics events, not the leaf id.
        #expect(nested.stepID == "shared-end/notifications")

        let data = try JSONEncoder().encode([visit, nested])
        #expect(try JSONDecoder().decode([Visit].self, from: data) == [visit, nested])
    }

    @Test func aSavedStateKeepsItsFormat() throws {
        var state = FlowState(flowID: "signup", flowVersion: 2)
        state.path = [Visit(path: "splash", departure: .outcome("register")), Visit(path: "registration")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        #expect(json == #"{"exposures":[],"flowID":"signup","flowVersion":2,"isCompleted":false,"path":[{"departure":"register","path":"splash"},{"path":"registration"}]}"#)
        #expect(try JSONDecoder().decode(FlowState.self, from: Data(json.utf8)) == state)
    }

    @Test("Progress saved before exposures were recorded still loads, without them (restoring rebuilds them)")
    func aStateSavedWithoutExposuresLoads() throws {
        let json = #"{"flowID":"signup","flowVersion":2,"isCompleted":false,"path":[{"departure":"register","path":"splash"},{"path":"registration"}]}"#
        let state = try JSONDecoder().decode(FlowState.self, from: Data(json.utf8))
        #expect(state.exposures == nil)
        #expect(state.path.map(\.stepID) == ["splash", "registration"])
    }
}
