/// A publish refused, nothing changed, because it needs confirmation and did not have it.
///
/// Its preview says users in flight would be moved back or lose their progress
/// (``PublishPreview/needsConfirmation``).
struct PublishNeedsConfirmation: Error, Sendable, CustomStringConvertible {
    /// The preview the publisher is asked to confirm.
    let preview: PublishPreview

    var description: String { "Nothing was published: \(preview.discardWarning)" }
}
