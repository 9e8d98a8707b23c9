/// Why a publish was refused and nothing changed: its preview says users in flight would be moved
/// back or lose their progress (``PublishPreview/needsConfirmation``), and it was not confirmed.
struct PublishNeedsConfirmation: Error, Sendable, CustomStringConvertible {
    /// The preview the publisher is asked to confirm.
    let preview: PublishPreview

    var description: String { "Nothing was published: \(preview.discardWarning)" }
}
