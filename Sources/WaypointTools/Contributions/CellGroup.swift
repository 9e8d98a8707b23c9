import Foundation

/// The group of a flow or experiment cell: one grouping a report splits by and the users' value in
/// it (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A user's row names all of their groups at once (``FlowGroup``, ``ExperimentGroup``). Summed
/// by that whole combination, cells would multiply: app versions × locales × platforms ×
/// variations of every experiment. So a store sums each row into one cell per grouping instead
/// (``ContributionRow/cellRows()``), and a report reads the cells of the groupings it shows
/// (``CellSelection``): the number of cells is the sum of the values of each grouping, not their
/// product.
///
/// Its canonical text starts with `{"by":"…"` (``by``), which no user's group does; a report told
/// a user's row splits it as a store would.
struct CellGroup: Codable, Hashable, CanonicalGroup {
    /// What the cell splits by.
    enum Grouping: String, Codable, Hashable {
        /// Every user; a flow cell holds the users alike in which experiments they carry.
        case all
        /// A flow's users by their variation of whatever experiment (a split naming none).
        case variation
        /// A flow's users carrying ``CellGroup/experiment``, by their variation in it.
        case experiment
        /// The users by the revision of their first `Flow Started`.
        case revision
        /// The users by app version, locale or platform (of their last event with one).
        case appVersion, locale, platform

        /// The grouping of an attribute dimension.
        init(_ attribute: ReportDimension) {
            switch attribute {
            case .locale: self = .locale
            case .platform: self = .platform
            default: self = .appVersion
            }
        }
    }

    var by: Grouping
    /// The experiment: of an experiment cell, and of a flow's ``Grouping/experiment`` cell.
    var experiment: String?
    /// The experiments a flow's ``Grouping/all`` cell's users carry, sorted.
    var experiments: [String]?
    /// The revision of a ``Grouping/revision`` cell (absent: the users whose start carries none).
    var revision: Int64?
    /// Every variation of the experiment its users' events carry, sorted (an experiment's ``Grouping/all`` cell).
    var seen: [String]?
    /// The users' value of the grouping (absent: they have none).
    var value: String?
    /// The users' variation of an experiment cell.
    var variation: String?
    /// `true` when an experiment cell's subject is a walkthrough (absent for a flow).
    var walkthrough: Bool?

    /// What every cell's canonical text starts with, and no user's group does.
    static let marker = "{\"by\":"

    func write(to writer: inout ContributionGroup.Writer) {
        writer.member("by", by.rawValue)
        writer.member("experiment", experiment)
        if let experiments { writer.member("experiments", experiments) }
        writer.member("revision", revision)
        if let seen { writer.member("seen", seen) }
        writer.member("value", value)
        writer.member("variation", variation)
        writer.member("walkthrough", walkthrough)
    }

    var text: String { ContributionGroup.text(self) }

    /// The text every cell of `grouping` (of `experiment`, when given) starts with, and no other
    /// does: the canonical text without its closing brace, so it ends with the closing quote of
    /// its last member (`{"by":"all"` is not the start of `{"by":"allX"`).
    static func prefix(_ grouping: Grouping, experiment: String? = nil) -> String {
        String(CellGroup(by: grouping, experiment: experiment).text.dropLast())
    }

    init(by: Grouping, experiment: String? = nil) {
        self.by = by
        self.experiment = experiment
    }

    /// The cells of a user's flow group: every user, their variation, their variation in each
    /// experiment they carry, their revision, app version, locale and platform.
    static func cells(of user: FlowGroup) -> [CellGroup] {
        var all = CellGroup(by: .all)
        all.experiments = user.experiments
        var cells = [all]
        var variation = CellGroup(by: .variation)
        variation.value = user.variation
        cells.append(variation)
        for experiment in user.experiments {
            var cell = CellGroup(by: .experiment, experiment: experiment)
            cell.value = user.variations[experiment]
            cells.append(cell)
        }
        var revision = CellGroup(by: .revision)
        revision.revision = user.revision
        cells.append(revision)
        for attribute in ReportDimension.attributes {
            var cell = CellGroup(by: Grouping(attribute))
            cell.value = user.value(of: attribute)
            cells.append(cell)
        }
        return cells
    }

    /// The cells of a user's experiment group: every user exposed (with every variation they were
    /// seen in), then by app version, locale and platform.
    static func cells(of user: ExperimentGroup) -> [CellGroup] {
        var all = CellGroup(by: .all, experiment: user.experiment)
        all.seen = user.seen
        all.variation = user.variation
        all.walkthrough = user.walkthrough
        var cells = [all]
        for attribute in ReportDimension.attributes {
            var cell = CellGroup(by: Grouping(attribute), experiment: user.experiment)
            cell.value = user.value(of: attribute)
            cell.variation = user.variation
            cell.walkthrough = user.walkthrough
            cells.append(cell)
        }
        return cells
    }

    /// The cell groups of a row's group of `kind`: a cell's group is its own; a user's flow or
    /// experiment group is split into its cells; a walkthrough's group is its cell (its groupings
    /// are few: variations and app versions).
    static func texts(of group: String, kind: ContributionKind) throws(ContributionError) -> [String] {
        if group.hasPrefix(marker) || kind == .walkthrough { return [group] }
        switch kind {
        case .flow: return cells(of: try FlowGroup(text: group)).map(\.text)
        case .experiment: return cells(of: try ContributionGroup.read(ExperimentGroup.self, from: group, kind: kind)).map(\.text)
        case .walkthrough: return [group]
        }
    }

    /// Reads a cell's canonical text.
    init(text: String, kind: ContributionKind) throws(ContributionError) {
        self = try ContributionGroup.read(CellGroup.self, from: text, kind: kind)
    }
}

/// Reads the cells of rows' groups for a report, each group text once: a report meets few
/// distinct groups among many rows (``CellGroup/texts(of:kind:)``).
struct CellGroupReader {
    let kind: ContributionKind
    private var read: [ExactID: [(text: String, cell: CellGroup)]] = [:]

    init(kind: ContributionKind) {
        self.kind = kind
    }

    /// The cells `group` is summed into, with their texts; damage is the report's error.
    mutating func cells(of group: String) throws(ReportError) -> [(text: String, cell: CellGroup)] {
        if let known = read[ExactID(group)] { return known }
        do {
            let kind = kind
            let cells = try CellGroup.texts(of: group, kind: kind).map { text throws(ContributionError) in
                (text: text, cell: try CellGroup(text: text, kind: kind))
            }
            read[ExactID(group)] = cells
            return cells
        } catch {
            throw .damagedContributions(error)
        }
    }
}
