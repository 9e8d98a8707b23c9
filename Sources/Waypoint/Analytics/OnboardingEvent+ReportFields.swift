extension EventName {
    /// The fields, besides `messageId`, `userId`, `event` and `timestamp`, without which the reports
    /// cannot count an event of this name (docs/ARCHITECTURE.md, "Events"): the flow report and the
    /// experiment report read flow events by `flowId`, and step events by their `stepId` too; the
    /// walkthrough report reads walkthrough events by `walkthroughId`, and hint events by their
    /// `stepId` too. Empty for a name that is not one of ``all``.
    ///
    /// Fields whose absence only leaves a detail out stay optional: a `Step Completed` without
    /// `outcome` still counts its duration, a `Hint Completed` without `trigger` still counts as
    /// completed.
    package var reportFields: [String] {
        switch self {
        case .flowStarted, .flowCompleted, .flowAbandoned: Self.flowFields
        case .stepViewed, .stepCompleted, .stepSkipped: Self.stepFields
        case .walkthroughStarted, .walkthroughCompleted: Self.walkthroughFields
        case .hintShown, .hintCompleted, .hintSkipped, .targetNotFound: Self.hintFields
        // And a `flowId` or a `walkthroughId`: where the run was exposed (``OnboardingEvent/missingReportField``).
        case .experimentViewed: Self.exposureFields
        default: []
        }
    }

    private static let flowFields = ["flowId"]
    private static let stepFields = ["flowId", "stepId"]
    private static let walkthroughFields = ["walkthroughId"]
    private static let hintFields = ["walkthroughId", "stepId"]
    private static let exposureFields = ["experiment", "variation"]
}

extension OnboardingEvent {
    /// Why the reports cannot count this event, naming the first of ``EventName/reportFields`` it
    /// lacks (missing or empty), or `nil` when it carries them all.
    ///
    /// The server refuses such an event, one by one, with this reason (`POST /v1/events`): stored,
    /// it would count in no figure. The check reads the decoded event's fields only.
    ///
    /// ```swift
    /// event.missingReportField
    /// // "\"Step Viewed\" has no \"stepId\"; give the id of the step it is about, or no report can count it."
    /// ```
    package var missingReportField: String? {
        for field in event.reportFields {
            let value: String?
            let about: String
            switch field {
            case "flowId": (value, about) = (flowID, "flow")
            case "walkthroughId": (value, about) = (walkthroughID, "walkthrough")
            case "experiment": (value, about) = (experiment, "experiment")
            case "variation": (value, about) = (variation, "variation")
            default: (value, about) = (stepID, "step")
            }
            if value?.isEmpty != false {
                return "\"\(event)\" has no \"\(field)\"; give the id of the \(about) it is about, or no report can count it."
            }
        }
        // An exposure belongs to the flow or the walkthrough whose run it exposed: either id will do.
        if event == .experimentViewed, flowID?.isEmpty != false, walkthroughID?.isEmpty != false {
            return "\"\(event)\" has neither \"flowId\" nor \"walkthroughId\"; give the id of the flow or walkthrough whose run "
                + "was exposed, or no report can count it."
        }
        return nil
    }
}
