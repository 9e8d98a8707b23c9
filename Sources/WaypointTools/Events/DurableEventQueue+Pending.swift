import Waypoint

extension DurableEventQueue {
    /// How many events wait on disk for delivery: for tools and end-to-end checks that watch a
    /// queue drain.
    public var pendingEventCount: Int { statistics.pendingEvents }
}
