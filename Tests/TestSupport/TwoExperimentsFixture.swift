import Foundation
import Waypoint

/// A fitness app's onboarding with two experiments that change steps of one flow: `welcome-copy`
/// changes the welcome step's copy, `paywall-copy` the paywall's. Each assigns by its own hash and
/// exposes a run at its own step, so both reach one run without conflict.
///
/// `onboarding`: welcome → goals → paywall → done; `goals` completes the flow on `later`, so a user
/// can finish without reaching the paywall (exposed to `welcome-copy` only).
package enum TwoExperimentsFixture {
    /// The document's text.
    package static let text = #"""
        {
          "schemaVersion": 1,
          "flows": [
            { "id": "onboarding", "version": 1, "steps": [
                { "id": "welcome", "screen": "Welcome", "content": { "title": "Welcome", "body": "Let's get you moving." } },
                { "id": "goals", "screen": "Goals", "on": { "next": "paywall", "later": "$complete" } },
                { "id": "paywall", "screen": "Paywall", "content": { "headline": "Go premium", "trialDays": 7 },
                  "on": { "subscribe": "done", "notNow": "done" } },
                { "id": "done", "screen": "Done" } ] }
          ],
          "experiments": [
            { "key": "welcome-copy", "variations": ["control", "friendly"], "weights": [0.5, 0.5],
              "hashAttribute": "id", "hashVersion": 2, "goal": "paywall",
              "changes": { "friendly": [
                { "flow": "onboarding", "step": "welcome", "set": { "content": { "title": "Hi there!" } } } ] } },
            { "key": "paywall-copy", "variations": ["control", "annual-first"], "weights": [0.5, 0.5],
              "hashAttribute": "id", "hashVersion": 2, "goal": "paywall:subscribe",
              "changes": { "annual-first": [
                { "flow": "onboarding", "step": "paywall",
                  "set": { "screen": "PaywallAnnual", "content": { "headline": "Save 40% with a year" } } } ] } }
          ]
        }
        """#

    /// The document.
    package static func document() throws -> WaypointDocument {
        try WaypointDocument(validating: Data(text.utf8))
    }

    /// The first user id (`user-0`, `user-1`, …) whom the experiments assign `welcome` of
    /// `welcome-copy` and `paywall` of `paywall-copy`; `nil` when none of the first 500 is.
    package static func user(welcome: String, paywall: String) throws -> String? {
        let document = try document()
        for number in 0..<500 {
            let user = "user-\(number)"
            let flow = try document.resolve(attributes: ["id": .string(user)], preferredLanguages: []).flows["onboarding"]
            let variations = Dictionary(
                uniqueKeysWithValues: (flow?.stepExperiments ?? []).map { ($0.assignment.experiment, $0.assignment.variation) })
            if variations["welcome-copy"] == welcome && variations["paywall-copy"] == paywall { return user }
        }
        return nil
    }
}
