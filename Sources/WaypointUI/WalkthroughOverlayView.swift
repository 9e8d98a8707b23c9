#if canImport(SwiftUI)
#if canImport(Accessibility)
import Accessibility
#endif
import SwiftUI
import Waypoint

/// Draws an ``OverlayLayout``: the dimmed screen with its cutout, the arrow and the tooltip.
///
/// Every position comes from the layout; this view decides nothing. Touches in the cutout reach
/// the target underneath; the dimmed background is hidden from VoiceOver; the tooltip is one
/// accessibility element (its buttons inside it) announced when it appears. A new layout moves
/// smoothly to its place using the core's interpolation, or cross-fades under Reduce Motion.
public struct WalkthroughOverlayView: View {
    /// The layout to draw.
    public var layout: OverlayLayout
    /// The fonts the layout was measured with.
    public var measurer: SystemFontTextMeasurer
    /// Called when a tooltip button is pressed.
    public var onButton: @MainActor (TooltipButton.Action) -> Void
    /// Called when the user swipes across the overlay.
    public var onSwipe: @MainActor (SwipeDirection) -> Void

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var move = Move(from: nil, to: nil)

    /// A move from one layout to the next, animated by the core's interpolation.
    struct Move: Equatable {
        var from: OverlayLayout?
        var to: OverlayLayout?
    }

    /// Creates the view.
    public init(
        layout: OverlayLayout, measurer: SystemFontTextMeasurer = SystemFontTextMeasurer(),
        onButton: @escaping @MainActor (TooltipButton.Action) -> Void,
        onSwipe: @escaping @MainActor (SwipeDirection) -> Void = { _ in }
    ) {
        self.layout = layout
        self.measurer = measurer
        self.onButton = onButton
        self.onSwipe = onSwipe
    }

    public var body: some View {
        Group {
            if reduceMotion {
                ZStack {
                    OverlayCanvas(layout: layout, measurer: measurer, onButton: onButton)
                        .id(layout.tooltip.accessibilityLabel)
                        .transition(.opacity)
                }
                .animation(.easeInOut(duration: 0.25), value: layout)
            } else {
                KeyframeAnimator(initialValue: 1.0, trigger: move) { fraction in
                    OverlayCanvas(layout: displayed(at: fraction), measurer: measurer, onButton: onButton)
                } keyframes: { _ in
                    MoveKeyframe(0.0)
                    SpringKeyframe(1.0, duration: 0.35)
                }
            }
        }
        .gesture(DragGesture(minimumDistance: 20).onEnded { value in
            let translation = Waypoint.Point(x: Double(value.translation.width), y: Double(value.translation.height))
            if let direction = SwipeDirection(translation: translation) { onSwipe(direction) }
        })
        .onChange(of: layout, initial: true) { old, new in
            move = Move(from: old == new ? nil : old, to: new)
        }
    }

    /// The layout on screen `fraction` of the way through the current move.
    private func displayed(at fraction: Double) -> OverlayLayout {
        guard let to = move.to, to == layout else { return move.to ?? layout }
        guard let from = move.from else { return to }
        return from.interpolated(to: to, fraction: fraction)
    }
}

/// One frame of the overlay: everything at the positions of `layout`.
struct OverlayCanvas: View {
    let layout: OverlayLayout
    let measurer: SystemFontTextMeasurer
    let onButton: @MainActor (TooltipButton.Action) -> Void

    var body: some View {
        ZStack(alignment: .topLeading) {
            CutoutShape(layout.cutout)
                .fill(Color.black.opacity(0.6), style: FillStyle(eoFill: true))
                .contentShape(CutoutShape(layout.cutout), eoFill: true)
                .accessibilityHidden(true)
            if let arrow = layout.arrow {
                TooltipArrowShape(arrow)
                    .fill(Color.tooltipBackground)
                    .accessibilityHidden(true)
            }
            TooltipView(tooltip: layout.tooltip, measurer: measurer, onButton: onButton)
                .offset(x: CGFloat(layout.tooltip.frame.minX), y: CGFloat(layout.tooltip.frame.minY))
        }
        .frame(width: CGFloat(layout.screen.width), height: CGFloat(layout.screen.height), alignment: .topLeading)
    }
}

/// The tooltip: its background, lines and buttons at the frames the core gave them.
struct TooltipView: View {
    let tooltip: TooltipLayout
    let measurer: SystemFontTextMeasurer
    let onButton: @MainActor (TooltipButton.Action) -> Void

    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: CGFloat(tooltip.cornerRadius), style: .continuous)
                .fill(Color.tooltipBackground)
                .shadow(color: .black.opacity(0.25), radius: 8, y: 2)
            ForEach(Array(tooltip.allLines.enumerated()), id: \.offset) { _, line in
                Text(verbatim: line.text)
                    .font(measurer.font(for: line.role))
                    .foregroundStyle(line.role == .body ? Color.primary : Color.secondary)
                    .lineLimit(1)
                    .fixedSize()
                    .frame(width: CGFloat(line.frame.width), height: CGFloat(line.frame.height), alignment: .leading)
                    .offset(x: CGFloat(line.frame.minX), y: CGFloat(line.frame.minY))
                    .accessibilityHidden(true)
            }
            ForEach(tooltip.buttons, id: \.button.action) { placed in
                Button {
                    onButton(placed.button.action)
                } label: {
                    Text(verbatim: placed.button.title)
                        .font(measurer.font(for: .button))
                        .minimumScaleFactor(0.5)
                        .lineLimit(1)
                        .frame(width: CGFloat(placed.frame.width), height: CGFloat(placed.frame.height))
                }
                .buttonStyle(TooltipButtonStyle(action: placed.button.action))
                .offset(x: CGFloat(placed.frame.minX), y: CGFloat(placed.frame.minY))
            }
        }
        .frame(width: CGFloat(tooltip.frame.width), height: CGFloat(tooltip.frame.height), alignment: .topLeading)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(Text(verbatim: tooltip.accessibilityLabel))
        .onAppear { announce() }
        .onChange(of: tooltip.accessibilityLabel) { announce() }
    }

    private func announce() {
        AccessibilityNotification.Announcement(tooltip.accessibilityLabel).post()
    }
}

/// Next is filled, Back outlined, Skip plain.
struct TooltipButtonStyle: ButtonStyle {
    let action: TooltipButton.Action

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .foregroundStyle(action == .next ? Color.white : action == .back ? Color.accentColor : Color.secondary)
            .background {
                RoundedRectangle(cornerRadius: 8, style: .continuous)
                    .fill(action == .next ? Color.accentColor : Color.clear)
                if action == .back {
                    RoundedRectangle(cornerRadius: 8, style: .continuous)
                        .strokeBorder(Color.accentColor, lineWidth: 1)
                }
            }
            .opacity(configuration.isPressed ? 0.6 : 1)
    }
}

extension Color {
    /// The tooltip's background: white in light mode, a raised grey in dark mode.
    static var tooltipBackground: Color {
        #if canImport(UIKit) && os(iOS) || os(visionOS)
        Color(uiColor: .secondarySystemGroupedBackground)
        #elseif canImport(AppKit)
        Color(nsColor: .windowBackgroundColor)
        #else
        Color.white
        #endif
    }
}
#endif
