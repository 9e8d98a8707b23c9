import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// `waypoint funnel --revision --since --until --experiment`, and the rates the tables print.
@Suite("waypoint funnel: scope and rates")
struct FunnelScopeCommandTests {
    /// One event line; `at` is an ISO 8601 time.
    static func event(
        _ user: String, _ name: String, at time: String, step: String? = nil, revision: Int? = nil,
        experiment: String? = nil, variation: String? = nil, walkthrough: String? = nil
    ) -> String {
        var fields = [#""messageId":"m-\#(user)-\#(name)-\#(step ?? "")-\#(time)""#, #""userId":"\#(user)""#, #""event":"\#(name)""#,
                      #""timestamp":"\#(time)""#]
        if let walkthrough { fields.append(#""walkthroughId":"\#(walkthrough)""#) } else { fields.append(#""flowId":"signup""#) }
        if let step { fields.append(#""stepId":"\#(step)""#) }
        if let revision { fields.append(#""revision":\#(revision)"#) }
        if let experiment { fields.append(#""experiment":"\#(experiment)""#) }
        if let variation { fields.append(#""variation":"\#(variation)""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Writes `lines` to a temporary events file.
    static func file(_ lines: [String]) throws -> URL {
        let url = TemporaryFiles.file("funnel-scope", pathExtension: "jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    /// a starts on Nov 17 (revision 3) and stops at goals; b starts on Nov 18 (revision 3) and
    /// completes; c starts on Nov 25 (revision 4) and stops at sleep; d (revision 3, Nov 19) is still at goals.
    static let lines = [
        event("a", "Flow Started", at: "2026-11-17T10:00:00Z", revision: 3),
        event("a", "Step Viewed", at: "2026-11-17T10:00:01Z", step: "goals", revision: 3),
        event("a", "Flow Abandoned", at: "2026-11-17T10:05:00Z", revision: 3),
        event("b", "Flow Started", at: "2026-11-18T10:00:00Z", revision: 3),
        event("b", "Step Viewed", at: "2026-11-18T10:00:01Z", step: "goals", revision: 3),
        event("b", "Step Viewed", at: "2026-11-18T10:00:05Z", step: "sleep", revision: 3),
        event("b", "Flow Completed", at: "2026-11-18T10:01:00Z", revision: 3),
        event("c", "Flow Started", at: "2026-11-25T10:00:00Z", revision: 4),
        event("c", "Step Viewed", at: "2026-11-25T10:00:01Z", step: "goals", revision: 4),
        event("c", "Step Viewed", at: "2026-11-25T10:00:05Z", step: "sleep", revision: 4),
        event("d", "Flow Started", at: "2026-11-19T10:00:00Z", revision: 3),
        event("d", "Step Viewed", at: "2026-11-19T10:00:01Z", step: "goals", revision: 3),
    ]

    @Test(arguments: [
        (["--since", "yesterday"], "--since yesterday is not a date or a time; use " + "a date such as 2026-11-21 (midnight UTC) or a time "
            + "such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00."),
        (["--revision", "three"], "--revision three is not a revision; use the whole number of a revision, such as --revision 3, or --revision all for every revision's runs."),
        (["--since", "2026-11-24", "--until", "2026-11-17"],
         "--since 2026-11-24 is not before --until 2026-11-17; users are counted from since (included) to until (excluded)."),
        (["--experiment", "paywall-copy"], "--experiment chooses the experiment whose variations split the users, so it needs "
            + "--by variation; add --by variation, or drop --experiment."),
    ])
    func aBadScopeIsAUsageErrorThatSaysWhatIsAccepted(arguments: [String], message: String) {
        let result = CommandRunner.run(["funnel", "events.jsonl", "--flow", "signup"] + arguments)
        #expect(result.status == 64)
        #expect(result.error == message)
    }

    @Test func theFlowReportIsScopedAndSaysSo() throws {
        let url = try Self.file(Self.lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let scope = ["--revision", "3", "--since", "2026-11-17", "--until", "2026-11-19"]
        let json = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--format", "json"] + scope)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let echoed = try #require(object["scope"] as? [String: Any])
        #expect(echoed["revision"] as? Int == 3)
        #expect(echoed["since"] as? String == "2026-11-17T00:00:00.000Z")
        #expect(echoed["until"] as? String == "2026-11-19T00:00:00.000Z")
        #expect(echoed.count == 3)
        // a and b; d started on the 19th, c on revision 4.
        #expect(object["started"] as? Int == 2)
        #expect(object["inProgress"] as? Int == 0)
        let table = CommandRunner.run(["funnel", url.path, "--flow", "signup"] + scope)
        #expect(table.status == 0)
        #expect(table.output.hasPrefix("""
            Flow signup: 2 started, 1 completed (50.0% of started), 1 abandoned, 0 in progress; median time to complete 1 min 0 s
            Scope: revision 3; users who started from 2026-11-17T00:00:00.000Z until before 2026-11-19T00:00:00.000Z.
            """))
        // goals: viewed by a and b, a stopped there: 1 of its 2 viewers.
        let goals = try #require(table.output.split(separator: "\n").first { $0.hasPrefix("  goals") })
        #expect(goals.split(separator: " ", omittingEmptySubsequences: true).prefix(5) == ["goals", "2", "0", "1", "(50.0%)"])
        #expect(table.output.contains("in brackets, of the step's viewers"))
    }

    @Test func everyoneWithoutScopeHasByRevisionInTheTable() throws {
        let url = try Self.file(Self.lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = CommandRunner.run(["funnel", url.path, "--flow", "signup"])
        #expect(table.output.hasPrefix("Flow signup: 4 started, 1 completed (25.0% of started), 1 abandoned, 2 in progress"))
        #expect(table.output.contains("\nRevision 3: 3 started, 1 completed (33.3% of started), 1 abandoned, 1 in progress; median"))
        #expect(table.output.contains("\nRevision 4: 1 started, 0 completed (0.0% of started), 0 abandoned, 1 in progress\n"))
        #expect(!table.output.contains("Scope:"))
    }

    /// Revision 4 is published on Nov 20 at noon while a, b and c (started on revision 3) are in the
    /// flow: a and b finish on revision 4, c abandons on it; e starts on revision 4 and completes,
    /// f starts on it and is still at goals; g's `Flow Started` was lost, its completion was not.
    static let midRunPublish = [
        event("a", "Flow Started", at: "2026-11-20T10:00:00Z", revision: 3),
        event("a", "Step Viewed", at: "2026-11-20T10:00:01Z", step: "goals", revision: 3),
        event("a", "Step Viewed", at: "2026-11-20T13:00:00Z", step: "sleep", revision: 4),
        event("a", "Flow Completed", at: "2026-11-20T13:00:05Z", revision: 4),
        event("b", "Flow Started", at: "2026-11-20T11:00:00Z", revision: 3),
        event("b", "Step Viewed", at: "2026-11-20T11:00:01Z", step: "goals", revision: 3),
        event("b", "Flow Completed", at: "2026-11-20T12:30:00Z", revision: 4),
        event("c", "Flow Started", at: "2026-11-20T11:30:00Z", revision: 3),
        event("c", "Step Viewed", at: "2026-11-20T12:10:00Z", step: "goals", revision: 4),
        event("c", "Flow Abandoned", at: "2026-11-20T12:20:00Z", revision: 4),
        event("e", "Flow Started", at: "2026-11-20T14:00:00Z", revision: 4),
        event("e", "Step Viewed", at: "2026-11-20T14:00:01Z", step: "goals", revision: 4),
        event("e", "Flow Completed", at: "2026-11-20T14:01:00Z", revision: 4),
        event("f", "Flow Started", at: "2026-11-20T15:00:00Z", revision: 4),
        event("f", "Step Viewed", at: "2026-11-20T15:00:01Z", step: "goals", revision: 4),
        event("g", "Step Viewed", at: "2026-11-20T16:00:00Z", step: "goals", revision: 4),
        event("g", "Flow Completed", at: "2026-11-20T16:01:00Z", revision: 4),
    ]

    @Test(arguments: [
        // revision, started, completed, abandoned, in progress: a, b, c on 3 with all their events; e, f on 4.
        (3, [3, 2, 1, 0]), (4, [2, 1, 0, 1]),
    ])
    func aRevisionHoldsTheUsersWhoStartedOnItWhateverTheRevisionTheyFinishedOn(revision: Int, figures: [Int]) throws {
        let url = try Self.file(Self.midRunPublish)
        defer { try? FileManager.default.removeItem(at: url) }
        let json = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--revision", "\(revision)", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "flow")
        #expect(object["flowId"] as? String == "signup")
        #expect(object["scope"] as? [String: Int] == ["revision": revision])
        #expect(["started", "completed", "abandoned", "inProgress"].map { object[$0] as? Int } == figures)
        #expect(object["byRevision"] == nil)
        #expect(object["withoutStart"] == nil)
        #expect(object["events"] as? Int == Self.midRunPublish.count)
        // Without a revision: byRevision by first start, its groups the revisions' reports; g left out and said.
        let all = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--format", "json"])
        let everyone = try #require(try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [String: Any])
        #expect(["started", "completed", "abandoned", "inProgress"].map { everyone[$0] as? Int } == [5, 3, 1, 1])
        #expect(everyone["withoutStart"] as? Int == 1)
        let group = try #require((everyone["byRevision"] as? [String: [String: Any]])?["\(revision)"])
        #expect(["started", "completed", "abandoned", "inProgress"].map { group[$0] as? Int } == figures)
        let table = CommandRunner.run(["funnel", url.path, "--flow", "signup"])
        #expect(table.output.hasPrefix("""
            Flow signup: 5 started, 3 completed (60.0% of started), 1 abandoned, 1 in progress; median time to complete 1 h 30 min
            1 user with events but no Flow Started is left out of every figure.

            """))
    }

    @Test func theSequentialFunnelAndTheWalkthroughReportTakeTheScopeToo() throws {
        let walkthrough = [
            Self.event("a", "Walkthrough Started", at: "2026-11-17T10:00:00Z", revision: 3, walkthrough: "tour"),
            Self.event("a", "Hint Shown", at: "2026-11-17T10:00:00Z", step: "intro", revision: 3, walkthrough: "tour"),
            Self.event("a", "Hint Completed", at: "2026-11-17T10:00:02Z", step: "intro", revision: 3, walkthrough: "tour"),
            Self.event("a", "Walkthrough Completed", at: "2026-11-17T10:00:02Z", revision: 3, walkthrough: "tour"),
            Self.event("b", "Walkthrough Started", at: "2026-11-20T10:00:00Z", revision: 3, walkthrough: "tour"),
            Self.event("b", "Hint Shown", at: "2026-11-20T10:00:00Z", step: "intro", revision: 3, walkthrough: "tour"),
        ]
        let url = try Self.file(Self.lines + walkthrough)
        defer { try? FileManager.default.removeItem(at: url) }
        let funnel = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--steps", "goals,sleep", "--until", "2026-11-19", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(funnel.output.utf8)) as? [String: Any])
        #expect((object["steps"] as? [[String: Any]])?.map { $0["users"] as? Int } == [2, 1])
        #expect(object["scope"] as? [String: String] == ["until": "2026-11-19T00:00:00.000Z"])
        let table = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--steps", "goals,sleep", "--revision", "4"])
        #expect(table.output.hasPrefix("Funnel signup, window 14d: 1 user started\nScope: revision 4.\n"))

        let report = CommandRunner.run(["funnel", url.path, "--walkthrough", "tour"])
        #expect(report.output.hasPrefix("Walkthrough tour: 2 started, 1 completed (50.0% of started)\n"))
        #expect(report.output.contains("In brackets: of the users the hint was shown to."))
        let intro = try #require(report.output.split(separator: "\n").first { $0.hasPrefix("  intro") })
        #expect(intro.split(separator: " ").prefix(6) == ["intro", "2", "1", "(50.0%)", "0", "0"])
        let early = CommandRunner.run(["funnel", url.path, "--walkthrough", "tour", "--until", "2026-11-18", "--format", "json"])
        let earlyObject = try #require(try JSONSerialization.jsonObject(with: Data(early.output.utf8)) as? [String: Any])
        #expect(earlyObject["started"] as? Int == 1)
        #expect(earlyObject["completionRate"] as? Double == 1)
    }

    @Test func byVariationOverTwoExperimentsIsRefusedUntilOneIsChosen() throws {
        let lines = [
            Self.event("a", "Flow Started", at: "2026-11-17T10:00:00Z"),
            Self.event("a", "Step Viewed", at: "2026-11-17T10:00:01Z", step: "goals", experiment: "goals-copy", variation: "short"),
            Self.event("a", "Step Viewed", at: "2026-11-17T10:00:05Z", step: "paywall", experiment: "paywall-copy", variation: "annual-first"),
            Self.event("b", "Flow Started", at: "2026-11-17T11:00:00Z"),
            Self.event("b", "Step Viewed", at: "2026-11-17T11:00:05Z", step: "paywall", experiment: "paywall-copy", variation: "control"),
        ]
        let url = try Self.file(lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let refused = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--by", "variation"])
        #expect(refused.status == 1)
        #expect(refused.error == "The events of flow \"signup\" carry 2 experiments: goals-copy, paywall-copy. --by variation splits "
            + "users by the variations of one experiment; pass --experiment KEY to say which, such as --experiment goals-copy.")
        let chosen = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--by", "variation", "--experiment", "paywall-copy",
                                        "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(chosen.output.utf8)) as? [String: Any])
        #expect((object["byVariation"] as? [String: Any])?.keys.sorted() == ["annual-first", "control"])
        #expect(object["scope"] as? [String: String] == ["experiment": "paywall-copy"])
        let typo = CommandRunner.run(["funnel", url.path, "--flow", "signup", "--by", "variation", "--experiment", "paywall-cpy"])
        #expect(typo.error == "No event of flow \"signup\" carries experiment \"paywall-cpy\". Did you mean \"paywall-copy\"? "
            + "Experiments its events carry: goals-copy, paywall-copy. Pass one of them to --experiment.")
    }
}
