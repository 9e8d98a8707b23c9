import Foundation
import Waypoint
import WaypointTools

/// An environment's experiments (Server/README.md, "Concluded experiments"): those its published
/// document declares (running), then the records of those it concluded, newest first. What
/// `GET /v1/apps/{app}/experiments` answers and the app page lists.
struct ExperimentListing: Sendable {
    /// One experiment of the list.
    struct Entry: Sendable {
        let key: String
        /// The flow or walkthrough whose runs it decides (running ones; nil when it reaches none, or several flows).
        let flowID: String?
        let walkthroughID: String?
        let goal: String
        let hypothesis: String?
        /// When the environment first published it in its current run (running ones; nil when not recorded).
        let since: Date?
        /// Its record, for a concluded one.
        let conclusion: ExperimentConclusion?

        var status: String { conclusion == nil ? "running" : "concluded" }

        /// The entry as the API lists it.
        var json: JSONValue {
            var object: [String: JSONValue] = ["key": .string(key), "status": .string(status), "goal": .string(goal)]
            if let conclusion {
                object.merge(conclusion.conclusionJSON) { _, new in new }
            } else {
                if let flowID { object["flowId"] = .string(flowID) }
                if let walkthroughID { object["walkthroughId"] = .string(walkthroughID) }
                if let since { object["since"] = .string(Timestamp.iso8601(since)) }
                if let hypothesis { object["hypothesis"] = .string(hypothesis) }
            }
            return .object(object)
        }
    }

    let entries: [Entry]

    /// The list of `environment` of app `appID`.
    init(administration: AppAdministration, appID: AppID, environment: EnvironmentName) async throws {
        var entries: [Entry] = []
        let published = try await administration.revisions.publishedRevision(appID: appID, environment: environment)
        if let published, let document = try? WaypointDocument(validating: Data(published.body)) {
            var runs = try await ExperimentRuns(revisions: administration.revisions, appID: appID, environment: environment)
            for experiment in document.experiments where !entries.contains(where: { $0.key == experiment.key }) {
                let walkthrough = document.walkthroughs.first { $0.experiment == experiment.key }?.id
                let flow = walkthrough == nil ? (try? ExperimentQuery(experiment: experiment.key).subjectRead(in: document)) : nil
                let purpose = ResolveReport.ExperimentPurpose(experiment)
                entries.append(Entry(
                    key: experiment.key, flowID: flow, walkthroughID: walkthrough, goal: purpose.goal,
                    hypothesis: purpose.hypothesis, since: try await runs.run(of: experiment.key).last?.publishedAt, conclusion: nil))
            }
        }
        for conclusion in try await administration.conclusions.conclusions(appID: appID, environment: environment) {
            entries.append(Entry(
                key: conclusion.experiment, flowID: nil, walkthroughID: nil, goal: conclusion.goal, hypothesis: conclusion.hypothesis,
                since: nil, conclusion: conclusion))
        }
        self.entries = entries
    }

    /// `{"experiments": [ENTRY, …]}`, keys sorted, one line, then a newline.
    func jsonBytes() throws -> [UInt8] {
        Array(try WaypointJSON.text(JSONValue.object(["experiments": .array(entries.map(\.json))])).utf8) + [UInt8(ascii: "\n")]
    }
}
