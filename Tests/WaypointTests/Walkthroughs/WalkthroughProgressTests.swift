import Foundation
import Testing
@testable import Waypoint

@Suite("Walkthrough progress: completed steps and versions")
struct WalkthroughProgressTests {
    let v1 = Walkthrough<Member>(id: "layering", version: 1, steps: [step("intro", on: "a"), step("cell", on: "b")])

    func finished(_ walkthrough: Walkthrough<Member>) -> WalkthroughProgress {
        var saga = Saga([walkthrough])
        saga.appear("a", "b", "c")
        for _ in walkthrough.steps { saga.send(.user(.nextButton)) }
        return saga.state.savedProgress[walkthrough.id] ?? WalkthroughProgress(walkthroughId: "", version: 0)
    }

    @Test("Restored progress resumes at the first step not done")
    func resumes() {
        let partial = WalkthroughProgress(walkthroughId: "layering", version: 1, completedStepIds: ["intro"], displayCount: 1)
        var saga = Saga(WalkthroughCatalog([v1]), state: HintState(progress: [partial]))
        #expect(saga.appear("a").presented.isEmpty)
        let effects = saga.appear("b")
        #expect(effects.presented == ["cell"])
        #expect(effects.savedProgress.last?.displayCount == 2)
    }

    @Test("A step added later without a version bump shows alone")
    func newStepShowsAlone() {
        let done = finished(v1)
        #expect(done.invalidation == .completed)
        let withToolbar = Walkthrough<Member>(id: "layering", version: 1, steps: [
            step("intro", on: "a"), step("cell", on: "b"), step("toolbar", on: "c"),
        ])
        var saga = Saga(WalkthroughCatalog([withToolbar]), state: HintState(progress: [done]))
        #expect(saga.appear("a", "b").presented.isEmpty)
        #expect(saga.appear("c").presented == ["toolbar"])
        let end = saga.send(.user(.nextButton))
        #expect(end.analytics == ["Hint Completed toolbar(button)", "Walkthrough Completed"])
    }

    @Test("A version bump restarts the walkthrough from its first step")
    func versionBumpRestarts() {
        let done = finished(v1)
        var v2 = v1
        v2.version = 2
        var saga = Saga(WalkthroughCatalog([v2]), state: HintState(progress: [done]))
        #expect(saga.state.progress(of: v2) == WalkthroughProgress(walkthroughId: "layering", version: 2))
        let effects = saga.appear("a")
        #expect(effects.presented == ["intro"])
        #expect(effects.analyticsEvents.first?.walkthroughVersion == 2)
        #expect(effects.savedProgress.last?.version == 2)
    }

    @Test("A walkthrough closed by the user stays closed when steps are added")
    func closedStaysClosed() {
        let closed = WalkthroughProgress(walkthroughId: "layering", version: 1, completedStepIds: [], displayCount: 1,
                                         invalidation: .closedByUser)
        var saga = Saga(WalkthroughCatalog([v1]), state: HintState(progress: [closed]))
        #expect(saga.appear("a", "b").presented.isEmpty)
    }
}
