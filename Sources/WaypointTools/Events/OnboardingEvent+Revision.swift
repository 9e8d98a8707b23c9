import Waypoint

extension OnboardingEvent {
    /// The event's `revision` (the document revision the app ran the flow or walkthrough from) as
    /// the reports read it from a decoded event; `nil` when it has none.
    ///
    /// Reports read `revision` from JSON lines with ``EventLineScanner``; for events already
    /// decoded, the property is found by name, so that the in-memory reports read exactly what an
    /// event carries, whatever integer type the core gives it.
    var reportedRevision: Int64? {
        for child in Mirror(reflecting: self).children where child.label == "revision" {
            switch child.value {
            case let value as Int: return Int64(value)
            case let value as Int64: return value
            case let value as Int?: return value.map(Int64.init)
            case let value as Int64?: return value
            default: return nil
            }
        }
        return nil
    }
}
