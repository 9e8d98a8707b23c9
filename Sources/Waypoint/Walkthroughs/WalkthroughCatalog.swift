import Foundation

/// Everything a ``HintCoordinator`` decides from: the walkthroughs, their groups, the display frequency
/// and the testing overrides.
///
/// Walkthroughs are considered in the order given. A catalog never traps on bad definitions: a
/// duplicate walkthrough id keeps the first definition, a group naming an unknown walkthrough ignores
/// that member, and each such problem is reported to ``HintCoordinator/onDiagnostic`` when the
/// coordinator starts.
public struct WalkthroughCatalog<Context>: Sendable {
    /// The walkthroughs, in priority order (duplicates removed).
    package private(set) var walkthroughs: [Walkthrough<Context>]
    /// The groups (unknown members removed).
    package private(set) var groups: [WalkthroughGroup]
    /// How often a new walkthrough may start.
    public var displayFrequency: DisplayFrequency
    /// Testing overrides.
    public var testingOverrides: HintTestingOverrides
    /// What was wrong with the definitions, in words, one entry per problem.
    package private(set) var problems: [String]

    private var indexById: [String: Int]
    private var groupsByMember: [String: [Int]]
    private var targetIds: Set<String>
    private var targetsByWalkthrough: [String: Set<String>]

    /// Creates a catalog.
    public init(
        _ walkthroughs: [Walkthrough<Context>],
        groups: [WalkthroughGroup] = [],
        displayFrequency: DisplayFrequency = .immediate,
        testingOverrides: HintTestingOverrides = .none
    ) {
        var kept: [Walkthrough<Context>] = []
        var index: [String: Int] = [:]
        var problems: [String] = []
        for walkthrough in walkthroughs {
            if index[walkthrough.id] != nil {
                problems.append("Walkthrough id '\(walkthrough.id)' is used twice; the second definition is ignored. Give each walkthrough its own id.")
                continue
            }
            var seen: Set<String> = []
            for step in walkthrough.steps where !seen.insert(step.id).inserted {
                problems.append("Walkthrough '\(walkthrough.id)' has two steps with id '\(step.id)'; progress cannot tell them apart. Give each step its own id.")
            }
            if walkthrough.steps.isEmpty {
                problems.append("Walkthrough '\(walkthrough.id)' has no steps; it will never show. Add a step or remove it.")
            }
            index[walkthrough.id] = kept.count
            kept.append(walkthrough)
        }
        var cleanGroups: [WalkthroughGroup] = []
        var byMember: [String: [Int]] = [:]
        for var group in groups {
            let unknown = group.walkthroughIds.filter { index[$0] == nil }
            for id in unknown {
                problems.append("Group '\(group.id)' names walkthrough '\(id)', which is not in the catalog; the member is ignored.")
            }
            var seen: Set<String> = []
            group.walkthroughIds = group.walkthroughIds.filter { index[$0] != nil && seen.insert($0).inserted }
            for id in group.walkthroughIds { byMember[id, default: []].append(cleanGroups.count) }
            cleanGroups.append(group)
        }
        self.walkthroughs = kept
        self.groups = cleanGroups
        self.displayFrequency = displayFrequency
        self.testingOverrides = testingOverrides
        self.problems = problems
        self.indexById = index
        self.groupsByMember = byMember
        self.targetIds = Set(kept.flatMap { $0.steps.map(\.targetElementId) })
        self.targetsByWalkthrough = Dictionary(
            kept.map { ($0.id, Set($0.steps.map(\.targetElementId))) }, uniquingKeysWith: { first, _ in first }
        )
    }

    /// The walkthrough with `id`, or `nil`.
    package func walkthrough(_ id: String) -> Walkthrough<Context>? {
        guard let index = indexById[id] else { return nil }
        return walkthroughs[index]
    }

    /// The groups that `walkthroughId` belongs to.
    package func groups(containing walkthroughId: String) -> [WalkthroughGroup] {
        groupsByMember[walkthroughId, default: []].map { groups[$0] }
    }

    /// The anchors the steps of the walkthrough with `walkthroughId` point at.
    package func targets(ofWalkthrough walkthroughId: String) -> Set<String> {
        targetsByWalkthrough[walkthroughId] ?? []
    }

    /// Whether any walkthrough step targets the anchor `anchorId`.
    package func targets(_ anchorId: String) -> Bool {
        targetIds.contains(anchorId)
    }
}
