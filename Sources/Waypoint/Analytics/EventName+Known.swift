extension EventName {
    /// Whether Waypoint emits this name (one of ``all``).
    package var isKnown: Bool { Self.all.contains(self) }

    /// The name of ``all`` that this one is likely a typo of (`Flow Strated` → `Flow Started`), or `nil`.
    package var suggestion: EventName? {
        Spelling.suggestion(for: rawValue, among: Self.all.map(\.rawValue)).map(EventName.init(rawValue:))
    }
}
