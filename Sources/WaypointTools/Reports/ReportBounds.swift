/// How reports stay bounded whatever events they read (docs/ARCHITECTURE.md, "Reports").
///
/// Events come from apps, and anyone holding an app's SDK key can send them, so a report's size must
/// not grow with the number of distinct step ids, variations or app versions in its events, let
/// alone with their product:
///
/// - With the document's variations (``FunnelQuery/declaredVariations``), a group is named only for
///   a declared variation; every other variation's users are the one group ``otherGroup``.
///   Without them (no document), the flow report names the ``namedGroups`` variations with the
///   most users and folds the others into ``otherGroup``. App versions, which no document
///   declares, are always bounded that way.
/// - With the document's steps (``FunnelQuery/declaredSteps``), the ``listedSteps`` step ids it
///   does not declare with the most viewers (then by id) keep their own rows, after the declared
///   steps, by id (a step an earlier revision had stays visible in a report over every revision);
///   the others are summed into the one row ``otherSteps``: its views, skips and outcomes are the
///   sums of the folded ids' (a user who viewed two of them counts twice), its drop-offs and
///   durations theirs together (a user drops off at one step). Sums, so that the row is the same
///   whether a report reads events or adds up users' contributions (docs/ARCHITECTURE.md, "Reports at scale").
///   To choose them with bounded memory and work, a report tracks the first ``trackedSteps``
///   distinct undeclared ids it reads on their own and folds any id first read after those as it
///   reads it; at the end it keeps the ``listedSteps`` most viewed of the tracked ids and folds the
///   rest. Its one imprecision: an id first read after ``trackedSteps`` others is folded however
///   many viewers it has (a file read in ranges tracks per range, and an id folded in any range is
///   folded).
/// - Each group lists the declared steps and only the other steps its own users reached, among the
///   ones everyone's figures list (the same kept ids), and its own users' share of ``otherSteps``.
/// - The walkthrough report bounds its variations and app versions as the flow report does without
///   a document; the sequential funnel's groups follow the document's variations.
///
/// What was folded is counted in the report's `folded`, so nothing is dropped silently.
public enum ReportBounds {
    /// The group of the users whose variation or app version is not named.
    public static let otherGroup = "(other)"
    /// The row of the steps the document does not declare.
    public static let otherSteps = "(other steps)"
    /// How many groups (besides `(none)` and `(other)`) are named when the document declares none.
    public static let namedGroups = 20
    /// How many step ids the document does not declare are listed on their own rows (those with
    /// the most viewers, then by id); the others are ``otherSteps``.
    public static let listedSteps = 50
    /// How many distinct undeclared step ids a report tracks on their own while reading, to choose
    /// the ``listedSteps`` with the most viewers at the end; ids first seen after this many others
    /// are folded into ``otherSteps`` as they are read. A few thousand ids is far more than any
    /// revision history of a flow holds, yet it caps the per-step figures (a few dozen bytes per
    /// id, in everyone's figures) whatever an app sends.
    static let trackedSteps = 4096
}

/// What a report folded to stay bounded (``ReportBounds``): `"folded":{"appVersions":980,"steps":1000,"variations":998}`,
/// with `"revisions"` only when revisions were folded.
public struct FoldedValues: Sendable, Hashable, Codable {
    /// Distinct variations whose users are reported under `(other)`.
    public var variations: Int
    /// Distinct app versions whose users are reported under `(other)`.
    public var appVersions: Int
    /// Distinct step ids reported together as `(other steps)` (not those listed on their own rows).
    public var steps: Int
    /// Distinct revisions whose users are reported under `(other)`.
    public var revisions: Int
    /// Distinct locales whose users are reported under `(other)`.
    public var locales: Int
    /// Distinct platforms whose users are reported under `(other)`.
    public var platforms: Int

    /// Creates the counts.
    public init(variations: Int = 0, appVersions: Int = 0, steps: Int = 0, revisions: Int = 0, locales: Int = 0, platforms: Int = 0) {
        self.variations = variations
        self.appVersions = appVersions
        self.steps = steps
        self.revisions = revisions
        self.locales = locales
        self.platforms = platforms
    }

    /// Whether nothing was folded (the report then has no `folded`).
    public var isEmpty: Bool { variations == 0 && appVersions == 0 && steps == 0 && revisions == 0 && locales == 0 && platforms == 0 }

    /// Adds `count` folded values of `dimension`.
    mutating func add(_ count: Int, of dimension: ReportDimension) {
        switch dimension {
        case .variation: variations += count
        case .revision: revisions += count
        case .appVersion: appVersions += count
        case .locale: locales += count
        case .platform: platforms += count
        }
    }

    enum CodingKeys: String, CodingKey { case variations, appVersions, steps, revisions, locales, platforms }

    /// Reads the counts; `revisions`, `locales` and `platforms` are 0 when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        variations = try container.decode(Int.self, forKey: .variations)
        appVersions = try container.decode(Int.self, forKey: .appVersions)
        steps = try container.decode(Int.self, forKey: .steps)
        revisions = try container.decodeIfPresent(Int.self, forKey: .revisions) ?? 0
        locales = try container.decodeIfPresent(Int.self, forKey: .locales) ?? 0
        platforms = try container.decodeIfPresent(Int.self, forKey: .platforms) ?? 0
    }

    /// Writes the counts; `revisions`, `locales` and `platforms` only when some were folded, so
    /// that reports without them keep their shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(variations, forKey: .variations)
        try container.encode(appVersions, forKey: .appVersions)
        try container.encode(steps, forKey: .steps)
        if revisions > 0 { try container.encode(revisions, forKey: .revisions) }
        if locales > 0 { try container.encode(locales, forKey: .locales) }
        if platforms > 0 { try container.encode(platforms, forKey: .platforms) }
    }
}

/// Which groups a report computed at its end names (``ReportBounds``): `(none)`, the
/// ``ReportBounds/namedGroups`` groups with the most users (then by name), and `(other)` for the rest.
struct GroupBounds {
    /// By group number (0: none, n: the table's entry n − 1), the reported group's number.
    let slots: [Int]
    /// The reported groups' names, by reported number.
    let names: [String]
    /// Groups with users reported under `(other)`.
    let folded: Int

    /// - Parameter users: users per group number.
    init(users: [Int], names table: ByteStringTable) {
        var names = [FunnelReport.noVariation]
        var slots = [Int](repeating: 0, count: users.count)
        let candidates = (1..<max(users.count, 1)).filter { users[$0] > 0 }
            .map { (number: $0, name: table.string(at: $0 - 1)) }
            .sorted { lhs, rhs in users[lhs.number] != users[rhs.number] ? users[lhs.number] > users[rhs.number] : ExactID(lhs.name) < ExactID(rhs.name) }
        var other: [Int] = []
        var folded = 0
        for (rank, candidate) in candidates.enumerated() {
            if rank < ReportBounds.namedGroups, candidate.name != ReportBounds.otherGroup, candidate.name != FunnelReport.noVariation {
                slots[candidate.number] = names.count
                names.append(candidate.name)
            } else {
                other.append(candidate.number)
                if candidate.name != ReportBounds.otherGroup { folded += 1 }
            }
        }
        if !other.isEmpty {
            for number in other { slots[number] = names.count }
            names.append(ReportBounds.otherGroup)
        }
        self.slots = slots
        self.names = names
        self.folded = folded
    }
}
