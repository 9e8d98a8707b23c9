import Foundation

/// Where VoiceOver's focus goes when the hint on screen changes, for the adapters to carry out.
package enum OverlayFocusChange: Sendable, Hashable {
    /// A hint appeared over the app: remember the element that has the focus, then give the
    /// focus to the tooltip.
    case takeFocus
    /// The last hint went away: give the focus back to the element remembered (or, where it cannot
    /// be known, to the hint's target).
    case returnFocus

    /// What changes when the hint on screen goes from `old` to `new`: `nil` while one hint follows
    /// another (the tooltip keeps the focus and the new one is announced) or nothing changes.
    package static func between(_ old: HintID?, _ new: HintID?) -> OverlayFocusChange? {
        switch (old, new) {
        case (nil, .some): .takeFocus
        case (.some, nil): .returnFocus
        default: nil
        }
    }
}
