import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Previews of candidate revisions of `Examples/Documents/waypoint.json` for the users of ``Users``, hand-computed.
///
/// In flight on the published revision (8 users; `u-done`, `u-gone` and `u-redone` finished their latest run):
/// - u-login: splash →login→ login
/// - u-reg: splash →register→ registration
/// - u-pers: splash → registration →newUser→ personalization
/// - u-sub: splash → registration → personalization → shared-end/notifications → shared-end/done
/// - u-skip (France: personalization skipped): splash → registration →newUser→ shared-end/notifications
/// - u-back: splash → registration, back, →login→ login: path splash → login
/// - u-short (variation short): splash →continue→ shared-end/notifications
/// - u-restart: abandoned a first run, started again: splash
@Suite("Revision preview, hand-computed")
struct RevisionPreviewTests {
    @Test("the path rebuilt from a user's events is the navigator's path, back, skips, subflows and restarts included")
    func rebuiltPathsMatchTheNavigator() throws {
        let published = try Revision.published()
        let journeys = try Users.journeys(published)
        var inFlight: [String] = []
        for (user, journey) in journeys.sorted(by: { $0.key < $1.key }) {
            var events = journey.events.enumerated().compactMap { PreviewEvent($0.element, sequence: $0.offset) }
            guard let run = InFlightRun(events: &events) else { continue }
            inFlight.append(user)
            #expect(run.path == journey.state.path, "\(user)")
            #expect(run.variation == (user == "u-short" ? "short" : "control"))
            #expect(run.experiment == "short-signup")
        }
        #expect(inFlight == ["u-back", "u-login", "u-pers", "u-reg", "u-restart", "u-short", "u-skip", "u-sub"])
        let back = try #require(journeys["u-back"])
        #expect(back.state.path == [Visit(path: "splash", departure: .outcome("login")), Visit(path: "login")])
        #expect(try #require(journeys["u-sub"]).pathIDs
            == ["splash", "registration", "personalization", "shared-end/notifications", "shared-end/done"])
        #expect(try #require(journeys["u-skip"]).pathIDs == ["splash", "registration", "shared-end/notifications"])
    }

    @Test("publishing the same revision resumes everyone where they are, conditional steps included")
    func sameRevisionResumesEveryone() throws {
        let published = try Revision.published()
        let preview = RevisionPreview.compute(published: published, candidate: published, events: try Users.events(published))
        let signup = try preview.flow("signup")
        #expect(signup.inFlight == InFlightUsers(
            users: 8,
            resumed: [
                .init(step: "splash", users: 1), .init(step: "login", users: 2), .init(step: "registration", users: 1),
                .init(step: "personalization", users: 1), .init(step: "shared-end/notifications", users: 2),
                .init(step: "shared-end/done", users: 1),
            ]))
        #expect(signup.pathCount == FlowPreview.PathCounts(published: .counted(5), candidate: .counted(5)))
        #expect(preview.flows.map(\.id) == ["signup", "end-flow", "upgrade"])
        #expect(try preview.flow("end-flow").inFlight == InFlightUsers())
        #expect(!preview.wouldDiscardUsers)
        #expect(preview.diagnostics.isEmpty)
    }

    @Test("a candidate that only changes texts changes nothing for users")
    func textChangesAreHarmless() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.changeTexts)
        let events = try Users.events(published)
        let same = RevisionPreview.compute(published: published, candidate: published, events: events)
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: events)
        #expect(preview == same)
        #expect(!preview.wouldDiscardUsers)
    }

    @Test("removing the step users are on truncates them to the last step they may keep")
    func removedStepTruncates() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.removeRegistration)
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        let signup = try preview.flow("signup")
        // u-reg drops registration (1), u-pers registration and personalization (2), u-sub four visits, u-skip two.
        #expect(signup.inFlight == InFlightUsers(
            users: 8,
            resumed: [.init(step: "splash", users: 1), .init(step: "login", users: 2), .init(step: "shared-end/notifications", users: 1)],
            truncated: [.init(step: "splash", users: 4, droppedVisits: 9)]))
        // splash → login, splash, and splash → personalization (entered or skipped) → shared-end.
        #expect(signup.pathCount == FlowPreview.PathCounts(published: .counted(5), candidate: .counted(4)))
        #expect(!preview.wouldDiscardUsers)
        #expect(preview.diagnostics.isEmpty)
    }

    @Test("renaming an outcome keeps each path up to the step whose outcome is gone")
    func renamedOutcomeTruncatesAfterIt() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.renameNewUser)
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        // u-reg has not left registration yet: resumed. u-pers, u-sub and u-skip left it with `newUser`:
        // they keep splash → registration and drop 1, 3 and 1 visits.
        #expect(try preview.flow("signup").inFlight == InFlightUsers(
            users: 8,
            resumed: [
                .init(step: "splash", users: 1), .init(step: "login", users: 2), .init(step: "registration", users: 1),
                .init(step: "shared-end/notifications", users: 1),
            ],
            truncated: [.init(step: "registration", users: 3, droppedVisits: 5)]))
        #expect(try preview.flow("signup").pathCount.candidate == .counted(5))
    }

    @Test("a candidate that starts elsewhere discards every user of that entry")
    func newStartDiscards() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.startAtLogin)
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        // Every control user's first visit, splash, is no longer where the flow starts: nothing kept.
        // u-short's entry (short) did not change.
        #expect(try preview.flow("signup").inFlight == InFlightUsers(
            users: 8, resumed: [.init(step: "shared-end/notifications", users: 1)], discarded: 7))
        #expect(preview.wouldDiscardUsers)
        // splash is no longer reachable.
        #expect(preview.diagnostics.map(\.code).contains(.unreachableStep))
    }

    @Test("removing the whole flow discards everyone in it")
    func removedFlowDiscardsEveryone() throws {
        let published = try Revision.published()
        let candidate = try Revision.withoutSignup()
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        #expect(preview.flows.map(\.id) == ["end-flow", "upgrade", "signup"])
        let signup = try preview.flow("signup")
        #expect(signup.inFlight == InFlightUsers(users: 8, discarded: 8))
        #expect(signup.pathCount == FlowPreview.PathCounts(published: .counted(5), candidate: nil))
        #expect(preview.wouldDiscardUsers)
    }

    @Test("subflow steps are restored as subflowStep/innerStep")
    func subflowSteps() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.removeNotifications)
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        // shared-end/notifications is gone: u-sub keeps splash → registration → personalization (drops 2),
        // u-skip splash → registration (drops 1), u-short splash (drops 1).
        #expect(try preview.flow("signup").inFlight == InFlightUsers(
            users: 8,
            resumed: [
                .init(step: "splash", users: 1), .init(step: "login", users: 2), .init(step: "registration", users: 1),
                .init(step: "personalization", users: 1),
            ],
            truncated: [
                .init(step: "splash", users: 1, droppedVisits: 1), .init(step: "registration", users: 1, droppedVisits: 1),
                .init(step: "personalization", users: 1, droppedVisits: 2),
            ]))
    }

    @Test("a user whose variation the candidate lacks is replayed against the first variation's entry")
    func missingVariationIsReassigned() throws {
        let published = try Revision.published()
        let candidate = try Revision.withoutShortVariation()
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: try Users.events(published))
        // u-short (splash →continue→ shared-end/notifications) gets the control entry, where splash has no `continue`.
        #expect(try preview.flow("signup").inFlight == InFlightUsers(
            users: 8,
            resumed: [
                .init(step: "splash", users: 1), .init(step: "login", users: 2), .init(step: "registration", users: 1),
                .init(step: "personalization", users: 1), .init(step: "shared-end/notifications", users: 1),
                .init(step: "shared-end/done", users: 1),
            ],
            truncated: [.init(step: "splash", users: 1, droppedVisits: 1)], reassigned: 1))
    }

    @Test("with nothing published, users are replayed against the candidate alone")
    func nothingPublished() throws {
        let published = try Revision.published()
        let candidate = try Revision.edited(Revision.removeRegistration)
        let events = try Users.events(published)
        let preview = RevisionPreview.compute(published: nil, candidate: candidate, events: events)
        let signup = try preview.flow("signup")
        #expect(signup.inFlight == (try RevisionPreview.compute(published: published, candidate: candidate, events: events).flow("signup").inFlight))
        #expect(signup.pathCount == FlowPreview.PathCounts(published: nil, candidate: .counted(4)))
    }

    @Test("a custom step is kept while the step it was pushed from is")
    func customStep() throws {
        let published = try Revision.published()
        var journey = try Journey("u-help", start: 0, document: published)
        try journey.start()
        try journey.push("help")
        var returned = try Journey("u-returned", start: 100, document: published)
        try returned.start()
        try returned.next("register")
        try returned.push("help")
        try returned.next()
        #expect(returned.pathIDs == ["splash", "registration"])
        let events = journey.events + returned.events
        let same = try RevisionPreview.compute(published: published, candidate: published, events: events).flow("signup")
        #expect(same.inFlight.resumedByStep == ["help": 1, "registration": 1])
        let removed = RevisionPreview.compute(published: published, candidate: try Revision.edited(Revision.removeRegistration), events: events)
        #expect(try removed.flow("signup").inFlight == InFlightUsers(
            users: 2, resumed: [.init(step: "help", users: 1)], truncated: [.init(step: "splash", users: 1, droppedVisits: 1)]))
    }

    @Test("a user who started but viewed no step yet starts fresh and is not discarded")
    func startedWithoutView() throws {
        let published = try Revision.published()
        let started = OnboardingEvent(
            userID: "u-new", event: .flowStarted, timestamp: Date(timeIntervalSince1970: 1_767_225_600), flowID: "signup", flowVersion: 1)
        let preview = RevisionPreview.compute(published: published, candidate: published, events: [started])
        #expect(try preview.flow("signup").inFlight == InFlightUsers(users: 1, fresh: 1))
        #expect(!preview.wouldDiscardUsers)
        let removed = RevisionPreview.compute(published: published, candidate: try Revision.withoutSignup(), events: [started])
        #expect(try removed.flow("signup").inFlight == InFlightUsers(users: 1, discarded: 1))
    }

    @Test("a step view at the same time as its Flow Started, listed before it, still belongs to the run")
    func startAndViewAtOneInstant() throws {
        let published = try Revision.published()
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        let events = [
            OnboardingEvent(userID: "u", event: .stepViewed, timestamp: date, flowID: "signup", stepID: "splash", stepIndex: 0),
            OnboardingEvent(userID: "u", event: .flowStarted, timestamp: date, flowID: "signup"),
        ]
        let preview = RevisionPreview.compute(published: published, candidate: published, events: events)
        #expect(try preview.flow("signup").inFlight == InFlightUsers(users: 1, resumed: [.init(step: "splash", users: 1)]))
    }

    @Test("the candidate's lint findings are included, located when its source is given")
    func diagnostics() throws {
        // registration removed, but splash's `register` still leads to it.
        let text = try Revision.editedText([(Revision.registrationStep, "")])
        let validation = WaypointDocument.validate(text)
        let candidate = try #require(validation.document)
        let preview = RevisionPreview.compute(
            published: try Revision.published(), candidate: candidate, events: [], candidateSource: validation.source)
        let finding = try #require(preview.diagnostics.first { $0.code == .unknownTarget })
        #expect(finding.path == "flows[0].steps[0].on.register")
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#""register": "registration""#) })
        #expect(finding.line == line + 1)
        #expect(finding.severity == .error)
        // Without the source, the same findings at line 0.
        let unlocated = RevisionPreview.compute(published: nil, candidate: candidate, events: [])
        #expect(unlocated.diagnostics.map(\.code) == preview.diagnostics.map(\.code))
        #expect(unlocated.diagnostics.allSatisfy { $0.line == 0 })
    }

    @Test("the JSON form, keys sorted")
    func jsonShape() throws {
        let published = try WaypointDocument(validating: Data(#"""
            {"schemaVersion":1,"flows":[{"id":"f","steps":[{"id":"a","screen":"A"},{"id":"b","screen":"B"}]}]}
            """#.utf8))
        let candidate = try WaypointDocument(validating: Data(#"""
            {"schemaVersion":1,"flows":[{"id":"f","steps":[{"id":"a","screen":"A"}]}]}
            """#.utf8))
        let date = { (seconds: Double) in Date(timeIntervalSince1970: 1_767_225_600 + seconds) }
        let events = [
            OnboardingEvent(userID: "u", event: .flowStarted, timestamp: date(0), flowID: "f"),
            OnboardingEvent(userID: "u", event: .stepViewed, timestamp: date(0), flowID: "f", stepID: "a", stepIndex: 0),
            OnboardingEvent(userID: "u", event: .stepCompleted, timestamp: date(5), flowID: "f", stepID: "a", stepIndex: 0, outcome: "next"),
            OnboardingEvent(userID: "u", event: .stepViewed, timestamp: date(5), flowID: "f", stepID: "b", stepIndex: 1),
        ]
        let preview = RevisionPreview.compute(published: published, candidate: candidate, events: events)
        #expect(String(decoding: preview.jsonData(), as: UTF8.self) == #"""
            {"diagnostics":[],"flows":[{"id":"f","inFlight":{"discarded":0,"fresh":0,"reassigned":0,"resumed":[],\#
            "truncated":[{"droppedVisits":1,"step":"a","users":1}],"users":1},"pathCount":{"candidate":"1","published":"1"}}],\#
            "invalidLines":0,"wouldDiscardUsers":false}
            """#)
    }

    @Test("a flow whose paths cannot be counted says why; a revision without the flow is null")
    func uncountablePaths() throws {
        let candidate = try WaypointDocument(validating: Data(#"""
            {"schemaVersion":1,"flows":[{"id":"f","steps":[
              {"id":"a","screen":"A","on":{"next":"b"}},
              {"id":"b","screen":"B","on":{"again":"a","done":"$complete"}}]}]}
            """#.utf8))
        let preview = RevisionPreview.compute(published: nil, candidate: candidate, events: [])
        let object = try #require(try JSONSerialization.jsonObject(with: preview.jsonData()) as? [String: Any])
        let flows = try #require(object["flows"] as? [[String: Any]])
        let pathCount = try #require(flows.first?["pathCount"] as? [String: Any])
        #expect(pathCount["published"] is NSNull)
        #expect(pathCount["candidate"] is NSNull)
        #expect(pathCount["publishedError"] == nil)
        let reason = try #require(pathCount["candidateError"] as? String)
        #expect(reason.contains("has a cycle (a → b → a)"))
    }

    @Test("user-ordered JSON Lines, one flow at a time, give the any-order result; invalid lines are counted",
          arguments: ["remove registration", "rename newUser", "remove signup"])
    func userOrderedLinesEqualAnyOrder(candidateName: String) throws {
        let published = try Revision.published()
        let candidate = switch candidateName {
        case "remove registration": try Revision.edited(Revision.removeRegistration)
        case "rename newUser": try Revision.edited(Revision.renameNewUser)
        default: try Revision.withoutSignup()
        }
        let journeys = try Users.journeys(published)
        // Any order: every user's events shuffled together.
        var generator = SplitMix64(seed: 7)
        let shuffled = journeys.values.flatMap(\.events).shuffled(using: &generator)
        let anyOrder = RevisionPreview.compute(published: published, candidate: candidate, events: shuffled)
        // By user, then time (a store's order), with a line that is not an event and a blank one.
        var lines: [String] = []
        for user in journeys.keys.sorted() {
            lines += (journeys[user]?.events ?? []).map(\.jsonLine)
            if user == "u-pers" { lines += [#"{"event":"Step Viewed","userId":"u-pers""#, "  "] }
        }
        let flows = try RevisionPreview.flowIDs(published: published, candidate: candidate).map { id in
            try FlowPreview.compute(flowID: id, published: published, candidate: candidate, userOrderedJSONLines: lines)
        }
        let userOrdered = RevisionPreview(flows: flows, diagnostics: candidate.lint())
        #expect(userOrdered.flows.map(\.inFlight) == anyOrder.flows.map(\.inFlight))
        #expect(userOrdered.flows.map(\.pathCount) == anyOrder.flows.map(\.pathCount))
        #expect(userOrdered.diagnostics == anyOrder.diagnostics)
        #expect(anyOrder.invalidLines == 0)
        #expect(userOrdered.invalidLines == flows.count)  // each flow's pass read the invalid line
        #expect(try userOrdered.flow("signup").inFlight.users == 8)
    }

    @Test("user-ordered lines whose users are not grouped are refused")
    func ungroupedLinesAreRefused() throws {
        let published = try Revision.published()
        let journeys = try Users.journeys(published)
        let login = try #require(journeys["u-login"]).events.map(\.jsonLine)
        let reg = try #require(journeys["u-reg"]).events.map(\.jsonLine)
        let lines = Array(login.prefix(2)) + reg + Array(login.dropFirst(2))
        #expect(throws: RevisionPreviewError.notGroupedByUser("u-login", flowID: "signup")) {
            try FlowPreview.compute(flowID: "signup", published: published, candidate: published, userOrderedJSONLines: lines)
        }
        #expect(RevisionPreviewError.notGroupedByUser("u-login", flowID: "signup").description.contains(#"user "u-login""#))
    }
}
