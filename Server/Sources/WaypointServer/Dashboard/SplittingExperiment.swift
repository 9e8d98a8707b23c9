import Waypoint
import WaypointTools

/// Which experiment splits a report page's users by variation when the page does not say
/// (`?experiment=`) and the events carry more than one (a report then refuses to choose:
/// docs/ARCHITECTURE.md, "Reports").
///
/// The page chooses the experiment its document declares for the flow or walkthrough when the
/// events carry it, else the first the events carry, and says so with the others it could show.
struct SplittingExperiment: Sendable {
    /// The experiment chosen.
    let key: String
    /// Every experiment the events carry.
    let choices: [String]

    /// The choice among `choices` for a flow of `document`.
    init(choices: [String], flowID: String, document: WaypointDocument?) {
        let declared = document.flatMap { ExperimentReach(document: $0).experiments(reaching: flowID).first?.key }
        self.init(choices: choices, declared: declared)
    }

    /// The choice among `choices` for a walkthrough of `document`.
    init(choices: [String], walkthroughID: String, document: WaypointDocument?) {
        let declared = document?.walkthroughs.first { $0.id == walkthroughID && $0.experiment != nil }?.experiment
        self.init(choices: choices, declared: declared)
    }

    private init(choices: [String], declared: String?) {
        self.choices = choices
        key = declared.flatMap { choices.contains($0) ? $0 : nil } ?? choices.first ?? ""
    }

    /// The page's note: which experiment splits the users, and how to see another.
    var note: String {
        let others = choices.filter { $0 != key }
        return "Users are split by the variations of \(key); this page's events also carry "
            + others.joined(separator: ", ") + ". Add experiment=KEY to the address to split them by another."
    }

    /// Runs `report` with `scope`; when it refuses because the events carry several experiments and
    /// the scope names none, runs it again split by the one `choose` picks, and returns that choice.
    static func reporting<Report>(
        _ scope: ReportScope, choose: ([String]) -> SplittingExperiment, _ report: (ReportScope) async throws -> Report
    ) async throws -> (Report, SplittingExperiment?) {
        do {
            return (try await report(scope), nil)
        } catch let error as ReportError {
            guard scope.experiment == nil, let choices = error.experimentsToChooseFrom, !choices.isEmpty else { throw error }
            let chosen = choose(choices)
            var split = scope
            split.experiment = chosen.key
            return (try await report(split), chosen)
        }
    }
}
