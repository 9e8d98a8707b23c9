import Foundation
import Waypoint

/// A meditation app's onboarding whose paywall is a subflow with two variations, and a home tour
/// with two variations: the shapes an experiment reaches a run through.
///
/// `onboarding`: welcome → goals → paywall (the subflow `paywall`) → done. The `paywall-copy`
/// experiment, for users in the US only, gives `control` the steps `plans`, and `annual-first` the
/// steps `annual`, `plans`. The `tour-copy` experiment picks the entry of the walkthrough `home-tour`.
package enum SubflowExperimentFixture {
    /// The document's text.
    package static let text = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "onboarding", "version": 2, "steps": [
                { "id": "welcome", "screen": "Welcome" },
                { "id": "goals", "screen": "Goals", "on": { "sleep": "paywall", "stress": "paywall" } },
                { "id": "paywall", "subflow": "paywall" },
                { "id": "done", "screen": "Done" } ] },
            { "id": "paywall", "version": 1, "experiment": "paywall-copy", "variation": "control", "steps": [
                { "id": "plans", "screen": "Plans" } ] },
            { "id": "paywall", "version": 1, "experiment": "paywall-copy", "variation": "annual-first", "steps": [
                { "id": "annual", "screen": "AnnualOffer" },
                { "id": "plans", "screen": "Plans" } ] }
          ],
          "walkthroughs": [
            { "id": "home-tour", "version": 1, "experiment": "tour-copy", "variation": "plain", "steps": [
                { "id": "streaks", "targetElementId": "home.streaks", "tooltipText": "Your streak" },
                { "id": "timer", "targetElementId": "home.timer", "tooltipText": "Start a session" } ] },
            { "id": "home-tour", "version": 1, "experiment": "tour-copy", "variation": "playful", "steps": [
                { "id": "streaks", "targetElementId": "home.streaks", "tooltipText": "Keep the fire going" },
                { "id": "timer", "targetElementId": "home.timer", "tooltipText": "Breathe in" } ] }
          ],
          "experiments": [
            { "key": "paywall-copy", "variations": ["control", "annual-first"], "weights": [0.5, 0.5],
              "condition": { "country": "US" }, "hashAttribute": "id", "hashVersion": 2 },
            { "key": "tour-copy", "variations": ["plain", "playful"], "weights": [0.5, 0.5],
              "hashAttribute": "id", "hashVersion": 2 }
          ]
        }
        """#

    /// The document.
    package static func document() throws -> WaypointDocument {
        try WaypointDocument(validating: Data(text.utf8))
    }

    /// The first user id (`user-0`, `user-1`, …) that `experiment` assigns `variation` to, with the
    /// attributes `{"id": …, "country": "US"}`; `nil` when none of the first 500 is.
    package static func user(in variation: String, of experiment: String, flowOrWalkthrough id: String) throws -> String? {
        let document = try document()
        for number in 0..<500 {
            let user = "user-\(number)"
            let report = try document.resolve(attributes: attributes(user)).report
            let choice = report.flows[id].map { ($0.experiment, $0.variation, $0.inExperiment) }
                ?? report.walkthroughs[id].map { ($0.experiment, $0.variation, $0.inExperiment == true) }
            if let (key, assigned, inExperiment) = choice, key == experiment, assigned == variation, inExperiment { return user }
        }
        return nil
    }

    /// `{"id": user, "country": country}`.
    package static func attributes(_ user: String, country: String = "US") -> Attributes {
        ["id": .string(user), "country": .string(country)]
    }
}
