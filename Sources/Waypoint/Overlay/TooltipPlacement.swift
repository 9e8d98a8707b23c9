import Foundation

/// Where ``OverlayLayout`` put the tooltip.
public enum TooltipPlacement: Sendable, Hashable {
    /// Why the tooltip is centred on the screen instead of beside its target.
    public enum CenteringReason: String, Sendable, Hashable, Codable {
        /// The target is entirely off the screen (for example scrolled away); there is no cutout.
        case targetOffScreen
        /// The target (with its cutout) leaves no room above or below it for the tooltip.
        case targetTooLarge
    }

    /// Above the target, the arrow pointing down at it.
    case above
    /// Below the target, the arrow pointing up at it.
    case below
    /// In the middle of the screen, with no arrow.
    case centered(CenteringReason)

    /// Whether the tooltip sits beside its target and has an arrow.
    public var isBesideTarget: Bool {
        switch self {
        case .above, .below: true
        case .centered: false
        }
    }
}
