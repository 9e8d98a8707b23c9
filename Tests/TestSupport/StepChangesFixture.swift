import Foundation
import Waypoint

/// A meditation app's onboarding whose paywall copy is an experiment with step-level `changes`, and
/// texts in three languages.
///
/// `onboarding`: welcome → goals → paywall → finish (the subflow `finish`: notifications → done).
/// `goals` leads to `paywall` on `sleep`, and completes the flow on `later` (so a user can finish
/// without reaching the paywall); `paywall` is shown only outside `CN`. The `paywall-copy` experiment
/// changes, in `annual-first`, the paywall's screen and content and skips the subflow's
/// `notifications`; and the home tour's `streaks` hint.
package enum StepChangesFixture {
    /// The document's text.
    package static let text = #"""
        {
          "schemaVersion": 1,
          "defaultLocale": "en",
          "flows": [
            { "id": "onboarding", "version": 3, "steps": [
                { "id": "welcome", "screen": "Welcome",
                  "content": { "title": { "$text": { "en": "Welcome", "de": "Willkommen", "pt-BR": "Bem-vindo" } } } },
                { "id": "goals", "screen": "Goals", "on": { "later": "$complete", "sleep": "paywall" } },
                { "id": "paywall", "screen": "Paywall", "when": { "country": { "$ne": "CN" } },
                  "content": {
                    "headline": { "$text": { "en": "Go premium", "de": "Premium holen", "pt": "Seja premium" } },
                    "plans": ["monthly", "annual"], "trialDays": 7, "showsClose": true,
                    "badge": { "text": { "$text": { "en": "Best value", "de": "Bester Preis" } }, "color": "gold" } } },
                { "id": "finish", "subflow": "finish" } ] },
            { "id": "finish", "version": 1, "steps": [
                { "id": "notifications", "screen": "Notifications" },
                { "id": "done", "screen": "Done" } ] }
          ],
          "walkthroughs": [
            { "id": "home-tour", "version": 1, "steps": [
                { "id": "timer", "targetElementId": "home.timer", "tooltipText": "Start a session" },
                { "id": "streaks", "targetElementId": "home.streaks",
                  "tooltipText": { "$text": { "en": "Your streak", "de": "Deine Serie", "pt": "Sua sequência" } } } ] }
          ],
          "experiments": [
            { "key": "paywall-copy", "variations": ["control", "annual-first"], "weights": [0.5, 0.5],
              "hashAttribute": "id", "hashVersion": 2,
              "changes": {
                "annual-first": [
                  { "flow": "onboarding", "step": "paywall",
                    "set": { "screen": "PaywallAnnual",
                             "content": { "headline": { "$text": { "en": "Save 40% with a year", "de": "Spare 40 % im Jahr" } } } } },
                  { "flow": "finish", "step": "notifications", "set": { "skip": true } },
                  { "walkthrough": "home-tour", "step": "streaks",
                    "set": { "tooltipPosition": "above", "tooltipText": { "$text": { "en": "Keep it going", "de": "Bleib dran" } } } }
                ] } }
          ]
        }
        """#

    /// The document.
    package static func document() throws -> WaypointDocument {
        try WaypointDocument(validating: Data(text.utf8))
    }

    /// The first user id (`user-0`, `user-1`, …) that `paywall-copy` assigns `variation` to; `nil`
    /// when none of the first 500 is.
    package static func user(in variation: String) throws -> String? {
        let document = try document()
        for number in 0..<500 {
            let user = "user-\(number)"
            let flow = try document.resolve(attributes: ["id": .string(user)], preferredLanguages: []).flows["onboarding"]
            if flow?.stepExperiments.first?.assignment.variation == variation { return user }
        }
        return nil
    }
}
