/// A page of one app's events to read, described once: which events, in which order, after which
/// position; each store renders it to its SQL with ``EventQuery/statement(in:)``.
struct EventQuery: Sendable, Hashable {
    /// Which of the app's events, by flow.
    enum FlowFilter: Sendable, Hashable {
        /// Every event.
        case anyFlow
        /// The events of this flow.
        case flow(String)
        /// The events of no flow (walkthrough events).
        case noFlow
    }

    /// The order of the page, and where it starts.
    enum Order: Sendable, Hashable {
        /// Storage order (`seq`), after this `seq` (nil: from the start).
        case stored(after: Int64?)
        /// By user, then time, then storage order, after this position (nil: from the start).
        case byUser(after: UserOrderCursor?)
    }

    var appID: AppID
    /// Which environment's events (every environment's when nil).
    var environment: EnvironmentName? = nil
    var flow: FlowFilter
    /// Which of the app's events, by time (every event when nil).
    var timestamps: EventTimeRange? = nil
    var order: Order
    /// At most this many events.
    var limit: Int

    /// An app's events of every flow, in storage order, of those in `timestamps` (every event when
    /// nil) and `environment` (every environment when nil).
    static func stored(appID: AppID, environment: EnvironmentName? = nil, timestamps: EventTimeRange? = nil, after cursor: Int64?, limit: Int) -> EventQuery {
        EventQuery(appID: appID, environment: environment, flow: .anyFlow, timestamps: timestamps, order: .stored(after: cursor), limit: limit)
    }

    /// An app's events of one flow (`flowID` nil: of no flow) in `environment` (every environment
    /// when nil), by user, then time.
    static func byUser(appID: AppID, environment: EnvironmentName? = nil, flowID: String?, after cursor: UserOrderCursor?, limit: Int) -> EventQuery {
        EventQuery(appID: appID, environment: environment, flow: flowID.map(FlowFilter.flow) ?? .noFlow, order: .byUser(after: cursor), limit: limit)
    }
}
