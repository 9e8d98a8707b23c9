import Testing
import Waypoint
import WaypointExamples

@MainActor
@Suite("Flow as a typed state machine")
struct FlowAsATypedStateMachineTests {
    typealias Example = SignUpStateMachineExample
    let ada = Example.User(name: "Ada", isNew: true)
    let bob = Example.User(name: "Bob", isNew: false)

    @Test func newUserRegistersThenPersonalizesThenCompletes() throws {
        var lines: [String] = []
        let steps = try Example.run(
            answering: [.wantsToRegister, .registered(ada), .personalized(ada)], narrate: { lines.append($0) })
        #expect(steps == [.splash, .registration, .personalization(ada), .complete(ada)])
        #expect(lines.last == "signed up: Ada is ready to shop")
    }

    @Test func existingUserWhoRegistersGoesStraightToComplete() throws {
        let steps = try Example.run(answering: [.wantsToRegister, .registered(bob)])
        #expect(steps == [.splash, .registration, .complete(bob)])
    }

    @Test func loginCompletesWithTheLoggedInUser() throws {
        let steps = try Example.run(answering: [.wantsToLogIn, .loggedIn(bob)])
        #expect(steps == [.splash, .login, .complete(bob)])
    }

    @Test func anOutcomeThatDoesNotFitItsScreenIsRejected() throws {
        #expect(throws: StateMachineError.self) {
            try Example.run(answering: [.wantsToLogIn, .personalized(ada)])
        }
    }

    @Test func theMachineRemembersTheUserForBack() throws {
        var machine = Example.machine()
        try machine.send(.wantsToRegister)
        try machine.send(.registered(ada))
        #expect(machine.current == .personalization(ada))
        try machine.back()
        #expect(machine.current == .registration)
    }
}
