import Foundation
import Testing
import Waypoint
import WaypointTools

/// What a store admits of one user's events of a flow or walkthrough (docs/ARCHITECTURE.md,
/// "Reports at scale"): new events beyond the limits are refused with the reason, stored ones never.
@Suite struct ContributionLimitsTests {
    static let limits = ContributionLimits(events: 10, revisions: 2, experiments: 2, variations: 3, steps: 4)

    static func line(
        _ index: Int, user: String = "u1", event: EventName = .stepViewed, flow: String? = "signup", walkthrough: String? = nil,
        step: String? = "welcome", experiment: String? = nil, variation: String? = nil, revision: Int? = nil
    ) -> String {
        OnboardingEvent(
            messageID: "m\(index)", userID: user, event: event, timestamp: Date(timeIntervalSince1970: 1_795_564_800 + Double(index)),
            flowID: flow, stepID: step, walkthroughID: walkthrough, experiment: experiment, variation: variation, revision: revision
        ).jsonLine
    }

    /// Which field the n-th new event varies, and what the refusal must name.
    enum Varied: String, CaseIterable, CustomTestStringConvertible {
        case revision, experiment, variation, step

        var testDescription: String { rawValue }

        func line(_ index: Int) -> String {
            switch self {
            case .revision: ContributionLimitsTests.line(index, revision: index + 1)
            case .experiment: ContributionLimitsTests.line(index, experiment: "exp-\(index)", variation: "on")
            case .variation: ContributionLimitsTests.line(index, experiment: "exp", variation: "v\(index)")
            case .step: ContributionLimitsTests.line(index, step: "step-\(index)")
            }
        }

        var limit: Int {
            switch self {
            case .revision: ContributionLimitsTests.limits.revisions
            case .experiment: ContributionLimitsTests.limits.experiments
            case .variation: ContributionLimitsTests.limits.variations
            case .step: ContributionLimitsTests.limits.steps
            }
        }

        var name: String { self == .step ? "step id" : rawValue }
    }

    @Test(arguments: Varied.allCases)
    func aNewValueBeyondItsLimitIsRefusedWithTheReasonAndKnownValuesStillFit(varied: Varied) {
        let new = (0..<6).map(varied.line)
        let verdicts = Self.limits.admit(stored: [], new: new)
        #expect(verdicts.prefix(varied.limit).allSatisfy { $0 == nil })
        let refused = verdicts.dropFirst(varied.limit)
        #expect(refused.count == 6 - varied.limit)
        let message = refused.first.flatMap { $0 }
        #expect(message?.contains("already carry \(varied.limit) \(varied.name)s") == true, "\(message ?? "")")
        #expect(message?.contains("of flow \"signup\"") == true)
        #expect(message?.contains("gives each person their own userId") == true)
        // An event carrying values the user's events already carry still fits.
        #expect(Self.limits.admit(stored: Array(new.prefix(varied.limit)), new: [varied.line(0)]) == [nil])
        #expect(Self.limits.admit(stored: Array(new.prefix(varied.limit)), new: [varied.line(99)]).first??.isEmpty == false)
    }

    @Test func eventsBeyondTheCountAreRefusedAndStoredOnesAreNeverRefused() {
        let stored = (0..<14).map { Self.line($0) }
        // Stored events beyond the limit (kept from before) stay; only new ones are judged.
        let verdicts = Self.limits.admit(stored: stored, new: [Self.line(20)])
        #expect(verdicts.count == 1)
        #expect(verdicts[0]?.contains("already has 14 events of flow \"signup\", the most kept per user") == true, "\(verdicts)")

        let fresh = Self.limits.admit(stored: Array(stored.prefix(8)), new: (20..<24).map { Self.line($0) })
        #expect(fresh.map { $0 == nil } == [true, true, false, false])
    }

    @Test func limitsCountEachUsersFlowAndWalkthroughApart() {
        // Four step ids of the flow fill its limit; a walkthrough of the same id and another flow start afresh.
        let stored = (0..<4).map { Self.line($0, step: "s\($0)") }
        let new = [
            Self.line(10, step: "s9"),
            Self.line(11, event: .hintShown, flow: nil, walkthrough: "signup", step: "s9"),
            Self.line(12, flow: "paywall", step: "s9"),
            Self.line(13, event: .flowStarted, step: nil),
            Self.line(14, flow: nil, step: nil),
        ]
        let verdicts = Self.limits.admit(stored: stored, new: new)
        #expect(verdicts.map { $0 == nil } == [false, true, true, true, true], "\(verdicts)")
        #expect(verdicts[0]?.contains("step id \"s9\"") == true)
        let walkthrough = Self.limits.admit(
            stored: (0..<4).map { Self.line($0, event: .hintShown, flow: nil, walkthrough: "tour", step: "h\($0)") },
            new: [Self.line(9, event: .hintShown, flow: nil, walkthrough: "tour", step: "h9")])
        #expect(walkthrough[0]?.contains("of walkthrough \"tour\"") == true)
    }

    @Test func idsAreToldApartByTheirBytes() {
        // "café" composed and decomposed are two step ids to the stores and the reports, so two here.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let stored = [Self.line(0, step: "a"), Self.line(1, step: "b"), Self.line(2, step: composed)]
        let verdicts = Self.limits.admit(stored: stored, new: [Self.line(3, step: decomposed), Self.line(4, step: "c")])
        #expect(verdicts.map { $0 == nil } == [true, false])
    }

    @Test func aPersonsRunsAreNeverRefusedByTheStandardLimits() {
        // A demanding real user: the flow run five times over three revisions and two experiments,
        // every step viewed and completed, then a walkthrough shown on every launch for a year.
        var lines: [String] = []
        for run in 0..<5 {
            let revision = 1 + run % 3, experiment = ["short-signup", "paywall-copy"][run % 2]
            lines.append(Self.line(lines.count, event: .flowStarted, step: nil, experiment: experiment, variation: "b", revision: revision))
            for step in 0..<30 {
                for event in [EventName.stepViewed, .stepCompleted] {
                    lines.append(Self.line(lines.count, event: event, step: "step-\(step)", experiment: experiment, variation: "b", revision: revision))
                }
            }
            lines.append(Self.line(lines.count, event: .flowCompleted, step: nil, experiment: experiment, variation: "b", revision: revision))
        }
        for day in 0..<365 {
            lines.append(Self.line(lines.count, event: .hintShown, flow: nil, walkthrough: "tour", step: "hint-\(day % 3)", revision: 1 + day / 30))
        }
        let verdicts = ContributionLimits.standard.admit(stored: [], new: lines)
        #expect(verdicts.allSatisfy { $0 == nil }, "\(verdicts.compactMap { $0 }.first ?? "")")
    }
}
