// Appends events to a DurableEventQueue in a loop, printing each messageId once `append` has
// returned (the event is acknowledged), and delivering to a JSON Lines file now and then, until
// it is killed. The crash test in WaypointTests kills it with SIGKILL and checks the files.
//
// Usage: QueueCrashWriter QUEUE_DIRECTORY DELIVERED_FILE
import Foundation
import Waypoint

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: QueueCrashWriter QUEUE_DIRECTORY DELIVERED_FILE\n".utf8))
    exit(64)
}
let sink = JSONLinesEventSink(url: URL(fileURLWithPath: arguments[2]))
let queue = try DurableEventQueue(
    directory: URL(fileURLWithPath: arguments[1]), sink: sink,
    configuration: .init(maxBytes: 1 << 30, dropPolicy: .dropOldest, batchSize: 7, segmentBytes: 64 << 10))
let padding = String(repeating: "x", count: 2000)
var number = 0
while true {
    number += 1
    let event = OnboardingEvent(
        messageID: "m-\(number)", userID: "u-\(number % 17)", event: .stepViewed, timestamp: Date(),
        flowID: "signup", flowVersion: 1, stepID: "step-\(number % 5)", stepIndex: number % 5, outcome: padding)
    try await queue.append(event)
    FileHandle.standardOutput.write(Data("m-\(number)\n".utf8))
    if number % 25 == 0 { try await queue.flush() }
}
