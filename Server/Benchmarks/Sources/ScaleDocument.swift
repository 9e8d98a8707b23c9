import Foundation

/// The document the scale benchmark publishes to app `bench`: flow `signup` in the two variations
/// of experiment `short-signup`, declaring every step, outcome and variation ``SignupRun`` sends.
///
/// Revision 2 differs from revision 1 in one screen, so the two revisions are two documents.
enum ScaleDocument {
    /// The document of `revision` (1 or 2), as JSON.
    static func json(revision: Int) -> Data {
        let permissions = revision == 1 ? "Permissions" : "PermissionsPrimer"
        return Data("""
            {
              "schemaVersion": 1,
              "flows": [
                {
                  "id": "signup", "version": 1, "experiment": "short-signup", "variation": "control", "start": "splash",
                  "steps": [
                    { "id": "splash", "screen": "Splash", "on": { "login": "login", "register": "registration", "loggedIn": "$complete" } },
                    { "id": "login", "screen": "Login", "on": { "next": "$complete" } },
                    { "id": "registration", "screen": "Registration", "on": { "newUser": "profile", "existingUser": "$complete" } },
                    { "id": "profile", "screen": "Profile", "on": { "next": "personalization" } },
                    { "id": "personalization", "screen": "Personalization", "when": { "country": { "$in": ["US", "CA"] } },
                      "on": { "next": "permissions" } },
                    { "id": "permissions", "screen": "\(permissions)", "on": { "allow": "shared-end", "later": "shared-end" } },
                    { "id": "shared-end", "subflow": "end-flow" }
                  ]
                },
                {
                  "id": "signup", "version": 1, "experiment": "short-signup", "variation": "short",
                  "steps": [
                    { "id": "splash", "screen": "Splash", "on": { "continue": "shared-end" } },
                    { "id": "shared-end", "subflow": "end-flow" }
                  ]
                },
                {
                  "id": "end-flow",
                  "steps": [
                    { "id": "notifications", "screen": "Notifications" },
                    { "id": "tips", "screen": "Tips" },
                    { "id": "done", "screen": "Done" }
                  ]
                }
              ],
              "experiments": [
                { "key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5], "coverage": 1.0,
                  "hashAttribute": "id", "hashVersion": 2 }
              ]
            }
            """.utf8)
    }
}
