import Foundation

extension OnboardingEvent {
    /// The analytics event for a walkthrough event reported by a ``HintCoordinator``.
    ///
    /// - Parameters:
    ///   - hint: the coordinator's event (name, walkthrough, step, trigger, duration).
    ///   - attribution: the user, their experiment variation when the walkthrough is part of one, the
    ///     app's version, the document's revision, the text's locale and the platform.
    ///   - messageID: the event's unique id.
    package init(
        _ hint: HintAnalyticsEvent, attribution: EventAttribution,
        messageID: String = UUID().uuidString.lowercased()
    ) {
        self.init(
            messageID: messageID, userID: attribution.userID, event: EventName(hint.event.rawValue),
            timestamp: hint.timestamp, stepID: hint.stepId, stepIndex: hint.stepIndex,
            walkthroughID: hint.walkthroughId, walkthroughVersion: hint.walkthroughVersion, trigger: hint.trigger,
            experiment: attribution.experiment, variation: attribution.variation,
            durationMs: hint.durationMs.map(Int64.init), appVersion: attribution.appVersion,
            revision: attribution.revision, locale: attribution.locale, platform: attribution.platform)
    }
}
