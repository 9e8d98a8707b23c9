import Foundation
import Waypoint

struct Device: Sendable {
    var healthDataAvailable: Bool
    var notificationsAuthorized: Bool?      // known only after the flow started
}

let onboarding = Flow<Device>("health-onboarding", version: 1) {
    Step("welcome", screen: "Welcome")
    Step("modules", screen: "InterestingModules")
    Step("health", screen: "Permission").when { $0.healthDataAvailable }
    Step("notifications", screen: "Permission").when { $0.notificationsAuthorized != true }
    Step("done", screen: "Done")
}

let progress = FileManager.default.temporaryDirectory.appendingPathComponent("health-onboarding")
let navigator = FlowNavigator(onboarding, context: Device(healthDataAvailable: true),
                              store: try FileProgressStore(directory: progress))
try await navigator.start()            // resumes the saved path, or shows "welcome"
print(navigator.restoreResult == .fresh ? "started:" : "resumed:", navigator.currentScreen ?? "done")
navigator.context.notificationsAuthorized = true
if !navigator.isCompleted { try navigator.next() }   // conditions are evaluated as each step is reached
await navigator.waitForSaves()         // saves run in the background: wait before the process exits
