import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointTools

/// Reports split by locale, platform and app version (`--by`; docs/ARCHITECTURE.md, "Reports"): a
/// user's value is that of their last event of the flow with one, the 20 values with the most users
/// keep their names, and the experiment report compares the variations within each value.
@Suite("Reports split by locale and platform")
struct ReportDimensionTests {
    static func event(
        _ user: String, _ name: EventName, at second: Double, step: String? = nil, index: Int? = nil,
        locale: String? = nil, platform: String? = nil, flow: String = "signup"
    ) -> OnboardingEvent {
        OnboardingEvent(
            messageID: "\(user)-\(name.rawValue)-\(second)", userID: user, event: name, timestamp: Lines.date(second), flowID: flow,
            stepID: step, stepIndex: index, locale: locale, platform: platform)
    }

    static let events: [OnboardingEvent] = [
        // u1 starts in German and finishes in English: their locale is English, the last one.
        event("u1", .flowStarted, at: 0, locale: "de", platform: "iOS"),
        event("u1", .stepViewed, at: 1, step: "splash", index: 0, locale: "de", platform: "iOS"),
        event("u1", .flowCompleted, at: 3, locale: "en"),
        // u2's events carry neither: `(none)`.
        event("u2", .flowStarted, at: 0),
        event("u2", .stepViewed, at: 1, step: "splash", index: 0),
        // u3 stops on splash in German, on an iPad.
        event("u3", .flowStarted, at: 0, locale: "de", platform: "iPadOS"),
        event("u3", .stepViewed, at: 2, step: "splash", index: 0, locale: "de", platform: "iPadOS"),
        // Another flow's locale is not signup's.
        event("u2", .flowStarted, at: 5, locale: "fr", flow: "other"),
    ]

    static func jsonLines(_ events: [OnboardingEvent]) -> Data {
        Data((events.map(\.jsonLine).joined(separator: "\n") + "\n").utf8)
    }

    @Test(arguments: [ReportDimension.locale, .platform])
    func aUsersValueIsThatOfTheirLastEventOfTheFlowWithOne(_ by: ReportDimension) throws {
        let query = FunnelQuery(flowID: "signup", by: by)
        let report = try #require(try Funnel.compute(events: Self.events, query: query).flowReport)
        let groups = try #require(report.groups(of: by))
        if by == .locale {
            #expect(groups.keys.sorted() == ["(none)", "de", "en"])
            #expect(groups["en"]?.completed == 1 && groups["en"]?.started == 1)
            #expect(groups["de"]?.step("splash")?.droppedHere == 1)
        } else {
            #expect(groups.keys.sorted() == ["(none)", "iOS", "iPadOS"])
            #expect(groups["iOS"]?.completed == 1)
        }
        #expect(groups["(none)"]?.started == 1)
        #expect(report.byVariation == nil)
        // The same report from a file's lines, from lines grouped by user, and back from the JSON's key.
        let json = try Funnel.compute(jsonLines: Self.jsonLines(Self.events), query: query).jsonData()
        #expect(json == (try Funnel.compute(events: Self.events, query: query).jsonData()))
        let byUser = Self.events.sorted { $0.userID < $1.userID }.map(\.jsonLine)
        #expect(try Funnel.compute(userOrderedJSONLines: byUser, query: query).jsonData() == json)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object[by.groupsKey] is [String: Any])
        // Without `--by`, neither split is given.
        let plain = try Funnel.compute(events: Self.events, query: FunnelQuery(flowID: "signup")).jsonData()
        #expect(!String(decoding: plain, as: UTF8.self).contains("byLocale") && !String(decoding: plain, as: UTF8.self).contains("byPlatform"))
    }

    @Test func localesBeyondTheTwentyWithTheMostUsersAreOther() throws {
        var events: [OnboardingEvent] = []
        // Locale number n has n + 1 users: the five with fewest are folded.
        for locale in 0..<25 {
            for user in 0...locale {
                let id = "u\(locale)-\(user)"
                events.append(Self.event(id, .flowStarted, at: 0, locale: "l\(locale)"))
                events.append(Self.event(id, .stepViewed, at: 1, step: "splash", index: 0, locale: "l\(locale)"))
            }
        }
        let report = try #require(try Funnel.compute(events: events, query: FunnelQuery(flowID: "signup", by: .locale)).flowReport)
        let groups = try #require(report.byLocale)
        #expect(groups.count == 21)
        #expect(groups[ReportBounds.otherGroup]?.started == 1 + 2 + 3 + 4 + 5)
        #expect(groups["l4"] == nil && groups["l5"]?.started == 6)
        #expect(report.folded?.locales == 5)
        #expect(ReportText.folded(report.folded)?.contains("5 locales under (other)") == true)
        let json = String(decoding: try Funnel.compute(events: events, query: FunnelQuery(flowID: "signup", by: .locale)).jsonData(), as: UTF8.self)
        #expect(json.contains(#""folded":{"appVersions":0,"locales":5,"steps":0,"variations":0}"#))
    }

    @Test func aFileReadInRangesGivesTheSameSplit() throws {
        var random = SplitMix64(seed: 3)
        let lines = (0..<3000).flatMap { RandomFlowEvents.user($0, using: &random) }
        let url = try Lines.file(Data((lines.joined(separator: "\n") + "\n").utf8))
        for by in [ReportDimension.locale, .platform] {
            let query = FunnelQuery(flowID: "signup", by: by, declaredSteps: RandomFlowEvents.declaredSteps)
            let whole = try Funnel.compute(file: url, query: query, threads: 1, chunkBytes: 1 << 20, maxLineBytes: 1 << 20, progress: nil)
            let parts = try Funnel.compute(file: url, query: query, threads: 4, chunkBytes: 4096, maxLineBytes: 1 << 20, progress: nil)
            #expect(parts.jsonData() == whole.jsonData(), "\(by)")
            #expect((whole.flowReport?.groups(of: by)?.count ?? 0) >= 3)
        }
    }

    @Test func reportsRefuseASplitTheyDoNotTake() throws {
        let funnel = FunnelQuery(flowID: "signup", steps: ["splash"], by: .locale)
        #expect { _ = try Funnel.compute(events: Self.events, query: funnel) } throws: { error in
            "\(error)" == #"This report cannot be split by "locale". Split it by one of: variation."#
        }
        let experiment = ExperimentQuery(experiment: "paywall-copy", by: .revision)
        #expect { _ = try ExperimentReport.compute(events: [], query: experiment, document: ExperimentLines.document) } throws: { error in
            "\(error)" == #"This report cannot be split by "revision". Split it by one of: appVersion, locale, platform."#
        }
    }

    @Test func aLocaleOrPlatformThatIsNotAStringMakesTheLineInvalid() throws {
        let good = Self.event("u1", .flowStarted, at: 0).jsonLine
        let open = String(good.dropLast())
        let lines = [good, open + #","locale":5}"#, open + #","platform":["iOS"]}"#, open + #","locale":null}"#]
        let report = try #require(try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: FunnelQuery(flowID: "signup", by: .locale)).flowReport)
        #expect(report.invalidLines == 2)
        #expect(report.byLocale?.keys.sorted() == ["(none)"])
    }

    @Test func anExperimentSplitNamesTheTwentyValuesWithTheMostUsers() throws {
        var events: [OnboardingEvent] = []
        for locale in 0..<25 {
            for user in 0...locale {
                var start = Self.event("u\(locale)-\(user)", .flowStarted, at: 0, locale: "l\(locale)", flow: "onboarding")
                start.experiment = "paywall-copy"
                start.variation = user % 2 == 0 ? "control" : "annual-first"
                events.append(start)
            }
        }
        let report = try ExperimentReport.compute(
            events: events, query: ExperimentQuery(experiment: "paywall-copy", by: .locale), document: ExperimentLines.document)
        let groups = try #require(report.groups)
        #expect(groups.count == 21)
        #expect(groups[ReportBounds.otherGroup]?.map(\.users).reduce(0, +) == 1 + 2 + 3 + 4 + 5)
        #expect(groups["l24"]?.map(\.users) == [13, 12])
        #expect(report.folded?.locales == 5)
        #expect(String(decoding: report.jsonData(), as: UTF8.self).contains(#""folded":{"appVersions":0,"locales":5,"steps":0,"variations":0}"#))
    }

    /// Each value's comparison is the experiment report of that value's users alone, without power.
    @Test(arguments: [ReportDimension.locale, .platform, .appVersion])
    func eachValueOfAnExperimentSplitIsTheReportOfItsUsers(_ by: ReportDimension) throws {
        // Every event of a user carries one value of each attribute, chosen by the user's number.
        let users: [[String]] = RandomHintAndExperimentEvents.users(seed: 19, count: 400).enumerated().map { number, lines in
            lines.map { line -> String in
                let plain = line.replacingOccurrences(of: #","(locale|platform|appVersion)":"[^"]*""#, with: "", options: .regularExpression)
                return String(plain.dropLast()) + #","locale":"\#(["de", "en", "es"][number % 3])","platform":"\#(["iOS", "macOS"][number % 2])","#
                    + #""appVersion":"\#(["1.0", "2.0"][number / 7 % 2])"}"#
            }
        }
        let query = ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall"), by: by)
        let report = try ExperimentReport.compute(lines: users.flatMap { $0 }, query: query, document: ExperimentLines.document)
        let groups = try #require(report.groups)
        let values: [String] = switch by {
        case .locale: ["de", "en", "es"]
        case .platform: ["iOS", "macOS"]
        default: ["1.0", "2.0"]
        }
        #expect(groups.keys.sorted() == values)
        #expect(report.srmPValue != nil && report.folded == nil)
        #expect((report.variations.first?.users ?? 0) > 30)
        for value in values {
            let theirs = users.filter { $0.first?.contains(#""\#(by.rawValue)":"\#(value)""#) == true }.flatMap { $0 }
            var plainQuery = query
            plainQuery.by = nil
            let alone = try ExperimentReport.compute(lines: theirs, query: plainQuery, document: ExperimentLines.document)
            let expected = alone.variations.map { variation in
                var variation = variation
                variation.power = nil
                return variation
            }
            #expect(groups[value] == expected, "\(by) \(value)")
            #expect((groups[value]?.first?.users ?? 0) > 0)
        }
    }
}
