/// Which cells of a subject a report reads: the groupings it shows, each a range of the cells'
/// groups (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A store sums each user's row into one cell per grouping (``ContributionRow/cellRows()``); a
/// report needs only some of them, so a store reads the cells whose group starts with one of
/// ``prefixes`` (every cell when there are none to choose from) and gives the report those, and
/// the users' rows it reads, split as ``ContributionRow/cellRows()`` splits them. Groups compare
/// by their bytes, so each prefix is the range [`prefix`, ``upperBound(of:)``) of a byte-ordered key.
public struct CellSelection: Sendable, Hashable {
    /// The starts of the groups read; `nil`: every group.
    public let prefixes: [String]?

    /// Every cell of the subject.
    public static let every = CellSelection(prefixes: nil)

    init(prefixes: [String]?) {
        self.prefixes = prefixes
    }

    /// Whether a cell's group is read.
    public func contains(_ group: String) -> Bool {
        guard let prefixes else { return true }
        return prefixes.contains { group.utf8.starts(with: $0.utf8) }
    }

    /// The smallest text above every text that starts with `prefix`: a prefix ends with a quote
    /// (``CellGroup/prefix(_:experiment:)``), which becomes `#`, the next character.
    public static func upperBound(of prefix: String) -> String {
        String(prefix.dropLast()) + "#"
    }
}

extension FunnelQuery {
    /// The cells the flow report of this query reads: every user (which experiments they carry),
    /// app versions, revisions unless it is scoped to one, and the variations or attribute it is
    /// split by.
    public var cellSelection: CellSelection {
        var groupings: [String] = [CellGroup.prefix(.all), CellGroup.prefix(.appVersion)]
        if scope.revision == nil { groupings.append(CellGroup.prefix(.revision)) }
        if groupByVariation {
            if let experiment = scope.experiment {
                groupings.append(CellGroup.prefix(.experiment, experiment: experiment))
            } else {
                groupings.append(CellGroup.prefix(.variation))
            }
        }
        if let splitAttribute { groupings.append(CellGroup.prefix(CellGroup.Grouping(splitAttribute))) }
        return CellSelection(prefixes: groupings)
    }
}

extension ExperimentQuery {
    /// The cells the experiment report of this query reads: the experiment's users, and their
    /// values of the dimension it is split by.
    public var cellSelection: CellSelection {
        var groupings = [CellGroup.prefix(.all, experiment: experiment)]
        if let by { groupings.append(CellGroup.prefix(CellGroup.Grouping(by), experiment: experiment)) }
        return CellSelection(prefixes: groupings)
    }
}
