import Foundation

/// The decision whether a downloaded document replaces the last known good one: a pure function of
/// the bytes, so every case is tested without a network.
///
/// A download replaces the last known good copy only when it validates with no error. Unknown keys
/// are warnings here (an older app accepts a newer document that only adds keys); a `schemaVersion`
/// this version does not read, a syntax error (such as a truncated body), an empty body or any other
/// error keeps the copy the app has. The same bytes again change nothing.
struct DownloadReview: Sendable {
    /// What to do with the download.
    enum Verdict: Sendable, Hashable {
        /// Use it: save it as the last known good copy.
        case replace
        /// It is the document already kept; nothing to write.
        case unchanged
        /// Refuse it and keep the last known good copy.
        case refuse
    }

    /// What to do.
    let verdict: Verdict
    /// The document read from the download, when it has no error.
    let document: WaypointDocument?
    /// Every diagnostic of the download: the warnings of an accepted one, the errors of a refused one.
    let diagnostics: [Diagnostic]
    /// Why a download was refused.
    let refusal: RemoteDocumentError?

    /// Reviews `data` against the bytes of the last known good copy (`nil` when there is none).
    init(reviewing data: Data, lastKnownGood: Data?) {
        if data.isEmpty {
            verdict = .refuse
            document = nil
            diagnostics = []
            refusal = .emptyBody
            return
        }
        let validation = WaypointDocument.validate(data, unknownKeys: .warning)
        diagnostics = validation.diagnostics
        guard let document = validation.document else {
            verdict = .refuse
            self.document = nil
            refusal = .invalid(validation.diagnostics)
            return
        }
        self.document = document
        refusal = nil
        verdict = data == lastKnownGood ? .unchanged : .replace
    }
}
