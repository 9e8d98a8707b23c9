import Foundation
import Waypoint

extension ConformanceClient {
    /// A `navigation` case: the revisions of a document, the flow to run, the user, a script clock and a
    /// script of what the user and the app do (docs/CLIENTS.md, "navigation").
    struct NavigationInput: ConformanceInput {
        static let keys: Set<String> = ["revisions", "flow", "userId", "attributes", "preferredLanguages", "clock", "script"]

        /// One published revision of the document: its number (`null` for a document bundled with the app).
        struct Revision: Decodable {
            let revision: Int?
            let document: JSONValue
        }

        /// The script clock: the first launch happens at `start`, and every action of the script `stepMs` later
        /// than the one before.
        struct Clock: Decodable {
            let start: String
            let stepMs: Int
        }

        /// One thing that happens: the user leaves the step with an `outcome`, goes `back`, the app changes
        /// attributes (`set`: the keys given replace the user's, `null` removes one), the app is closed and
        /// launched again (`relaunch`), a new revision is published (`publish`: the next one, which the next
        /// launch reads), or the app reports that the user gave up (`abandon`).
        struct Action: Decodable {
            let action: String
            let outcome: String?
            let set: [String: JSONValue]?
        }

        let revisions: [Revision]
        let flow: String
        let userId: String
        let attributes: [String: JSONValue]
        let preferredLanguages: [String]?
        let clock: Clock
        let script: [Action]
    }

    /// The run of a `navigation` case, played by ``ConformanceNavigationRun`` over the core's navigation,
    /// restore and event recording: the launches, the steps shown (with their content), skipped and
    /// refused, the final visited path, how the run ended and the events sent, without `messageId`.
    static func navigation(_ input: NavigationInput) throws -> JSONValue {
        var run = try ConformanceNavigationRun(input)
        try run.play(input.script)
        return run.answer
    }
}
