import Foundation

/// Where a hint's tooltip sits relative to its target.
public enum TooltipPosition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Above the target.
    case above
    /// Below the target.
    case below
    /// Wherever there is more room (the default).
    case auto
}
