import Foundation
import Waypoint
import WaypointTools

/// The revision page's experiments: each in words, with the experiment form for those who may edit
/// (Server/README.md, "The dashboard").
extension DashboardController {
    func addExperiments(to page: inout RevisionPageContext, app: AppRecord, number: Int, document: WaypointDocument?, may: Permissions, notice: String?) {
        page.notice = notice
        let base = "/apps/\(FormText.percentEncoded(app.id.rawValue))/revisions/\(number)/experiments/"
        guard let document else { return }
        if may.edit { page.newExperimentHref = base + "new" }
        var seen: Set<String> = []
        page.experiments = document.experiments.filter { seen.insert($0.key).inserted }.map { experiment in
            RevisionPageContext.Experiment(
                key: experiment.key, summary: Self.summary(of: experiment),
                editHref: may.edit ? base + FormText.percentEncoded(experiment.key) : nil)
        }
        page.hasExperiments = !page.experiments.isEmpty
    }

    /// `control 50%, short 50% · goal $complete`.
    static func summary(of experiment: ExperimentEntry) -> String {
        let weights = experiment.weights.flatMap { $0.count == experiment.variations.count ? $0 : nil }
        let variations = experiment.variations.enumerated().map { index, name in
            weights.map { "\(name) \(ExperimentForm.percent($0[index]))%" } ?? name
        }
        return variations.joined(separator: ", ") + " · goal " + ResolveReport.ExperimentPurpose(experiment).goal
    }
}
