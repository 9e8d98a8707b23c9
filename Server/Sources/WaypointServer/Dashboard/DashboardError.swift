/// Why a dashboard form was refused.
struct DashboardError: Error, Sendable {
    private enum Reason: Sendable {
        case forgedForm
    }

    private let reason: Reason

    /// The form's CSRF token is missing or is not this session's.
    static let forgedForm = DashboardError(reason: .forgedForm)

    /// The error page's status and message.
    var apiError: APIError {
        switch reason {
        case .forgedForm:
            .forbidden("This form expired or was not sent from this dashboard, so nothing was changed. Reload the page and send it again.")
        }
    }
}
