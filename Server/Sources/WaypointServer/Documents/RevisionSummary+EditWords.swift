import Foundation
import WaypointTools

extension RevisionSummary {
    /// The edits that made the revision, each in words (`paywall · headline (es): "Hazte premium"`);
    /// nil for an uploaded revision. Shared by `GET …/revisions` and the app page.
    var editWords: [String]? {
        edits.map { json in (try? DocumentEdits.decode(Data(json.utf8)))?.map(\.description) ?? [] }
    }
}
