import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// `Examples/Documents/waypoint.json` and candidate revisions made from it by editing its text.
enum Revision {
    /// The published revision's text.
    static func publishedText() throws -> String {
        String(decoding: try DocumentFixtures.example("waypoint.json"), as: UTF8.self)
    }

    static func published() throws -> WaypointDocument {
        try WaypointDocument(validating: Data(try publishedText().utf8))
    }

    /// The published text with each `(old, new)` replacement made; each `old` must occur.
    static func editedText(_ replacements: [(String, String)]) throws -> String {
        var text = try publishedText()
        for (old, new) in replacements {
            try #require(text.contains(old), "the example document no longer contains \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    static func edited(_ replacements: [(String, String)]) throws -> WaypointDocument {
        try WaypointDocument(validating: Data(try editedText(replacements).utf8))
    }

    // The edits of the candidates the tests preview.

    static let registrationStep = """
                { "id": "registration", "screen": "Registration",
                  "on": { "newUser": "personalization", "existingUser": "$complete" } },

        """
    /// Removes the `registration` step; `register` now leads to `personalization`.
    static let removeRegistration = [
        (registrationStep, ""),
        (#""register": "registration""#, #""register": "personalization""#),
    ]
    /// Renames `registration`'s outcome `newUser` to `created`.
    static let renameNewUser = [(#""newUser": "personalization""#, #""created": "personalization""#)]
    /// The control entry starts at `login`.
    static let startAtLogin = [(#""start": "splash","#, #""start": "login","#)]
    /// Changes both tooltip texts.
    static let changeTexts = [
        (#""tooltipText": "Your layers live here""#, #""tooltipText": "All your layers, here""#),
        (#""tooltipText": "Drag to reorder""#, #""tooltipText": "Drag a layer to move it""#),
    ]
    /// Removes `notifications` from the `end-flow` subflow.
    static let removeNotifications = [(#"        { "id": "notifications", "screen": "Notifications" },"# + "\n", "")]

    /// The text without any entry of the `signup` flow.
    static func withoutSignupText() throws -> String {
        let text = try publishedText()
        let start = try #require(text.range(of: "    {\n      \"id\": \"signup\","))
        let end = try #require(text.range(of: "    {\n      \"id\": \"end-flow\","))
        var edited = text
        edited.replaceSubrange(start.lowerBound..<end.lowerBound, with: "")
        return edited
    }

    /// Removes every entry of the `signup` flow.
    static func withoutSignup() throws -> WaypointDocument {
        try WaypointDocument(validating: Data(try withoutSignupText().utf8))
    }

    /// Removes the `short` entry of `signup`.
    static func withoutShortVariation() throws -> WaypointDocument {
        let text = try publishedText()
        let start = try #require(text.range(of: "    {\n      \"id\": \"signup\", \"version\": 1, \"experiment\": \"short-signup\", \"variation\": \"short\","))
        let end = try #require(text.range(of: "    {\n      \"id\": \"end-flow\","))
        var edited = text
        edited.replaceSubrange(start.lowerBound..<end.lowerBound, with: "")
        return try WaypointDocument(validating: Data(edited.utf8))
    }
}

/// One user going through `signup` of the published revision with the core's navigation, recording the
/// events an app would send (`FlowEventRecorder`, as `FlowAnalytics` does). Each move happens at one
/// instant, 10 seconds after the previous one.
struct Journey {
    let definition: FlowDefinition<Attributes>
    let attributes: Attributes
    var state: FlowState
    var recorder: FlowEventRecorder
    private(set) var events: [OnboardingEvent] = []
    private var seconds: Double
    private var messages = 0

    /// A user of `variation` of `short-signup` from `country`, whose first event is at `start` seconds.
    init(_ user: String, variation: String = "control", country: String = "US", start: Double, document: WaypointDocument) throws {
        attributes = Attributes(["id": .string(user), "country": .string(country)])
        definition = try #require(try document.resolve(attributes: attributes, forcedVariations: ["short-signup": variation]).flows["signup"])
        state = FlowState(for: definition)
        recorder = FlowEventRecorder(
            flowID: "signup", flowVersion: 1, attribution: EventAttribution(userID: user).filling(definition.experiment))
        seconds = start
    }

    private mutating func record(_ effects: [FlowEffect]) {
        let date = Date(timeIntervalSince1970: 1_767_225_600 + seconds)
        for effect in effects {
            let user = recorder.attribution.userID
            events += recorder.events(for: effect, pathCount: state.path.count, at: date) {
                messages += 1
                return "\(user)-\(messages)"
            }
        }
        seconds += 10
    }

    mutating func start() throws {
        if state.hasStarted { state = FlowState(for: definition) }
        record(try state.start(in: definition, context: attributes))
    }

    mutating func next(_ outcome: String = Outcome.next) throws { record(try state.next(outcome, in: definition, context: attributes)) }
    mutating func back() throws { record(try state.back()) }
    mutating func push(_ id: String) throws { record(try state.push(custom: CustomStep(id))) }

    mutating func abandon() {
        let date = Date(timeIntervalSince1970: 1_767_225_600 + seconds)
        let user = recorder.attribution.userID
        events += recorder.abandoned(at: date) { "\(user)-abandoned" }
        seconds += 10
    }

    /// The ids of the visited path now.
    var pathIDs: [String] { state.path.map(\.stepID) }
}

/// The users of the published revision the preview tests share, one per situation.
enum Users {
    /// Each user's journey, by id.
    static func journeys(_ document: WaypointDocument) throws -> [String: Journey] {
        var all: [String: Journey] = [:]
        func make(_ user: String, variation: String = "control", country: String = "US", _ moves: (inout Journey) throws -> Void) throws {
            var journey = try Journey(user, variation: variation, country: country, start: Double(all.count) * 1000, document: document)
            try moves(&journey)
            all[user] = journey
        }
        // On login.
        try make("u-login") { try $0.start(); try $0.next("login") }
        // On registration.
        try make("u-reg") { try $0.start(); try $0.next("register") }
        // On personalization (its condition holds for the US).
        try make("u-pers") { try $0.start(); try $0.next("register"); try $0.next("newUser") }
        // Inside the subflow, on its second step.
        try make("u-sub") { try $0.start(); try $0.next("register"); try $0.next("newUser"); try $0.next(); try $0.next() }
        // Personalization skipped (France), on the subflow's first step.
        try make("u-skip", country: "FR") { try $0.start(); try $0.next("register"); try $0.next("newUser") }
        // Went to registration, came back, then chose login.
        try make("u-back") { try $0.start(); try $0.next("register"); try $0.back(); try $0.next("login") }
        // The short variation, on the subflow's first step.
        try make("u-short", variation: "short") { try $0.start(); try $0.next("continue") }
        // Abandoned a first run, restarted, on splash.
        try make("u-restart") { try $0.start(); try $0.next("register"); $0.abandon(); try $0.start() }
        // Completed: not in flight.
        try make("u-done") { try $0.start(); try $0.next("login"); try $0.next() }
        // Abandoned: not in flight.
        try make("u-gone") { try $0.start(); try $0.next("register"); $0.abandon() }
        // Mid-flow in a first run, then restarted and completed: not in flight.
        try make("u-redone") { try $0.start(); try $0.next("register"); try $0.start(); try $0.next("loggedIn") }
        return all
    }

    /// Every user's events, users one after another.
    static func events(_ document: WaypointDocument) throws -> [OnboardingEvent] {
        try journeys(document).sorted { $0.key < $1.key }.flatMap(\.value.events)
    }
}

extension InFlightUsers {
    /// Resumed users as `step: users`.
    var resumedByStep: [String: Int] { Dictionary(uniqueKeysWithValues: resumed.map { ($0.step, $0.users) }) }
}

extension RevisionPreview {
    /// The flow `id`'s preview.
    func flow(_ id: String) throws -> FlowPreview {
        try #require(flows.first { $0.id == id })
    }
}
