#if canImport(SwiftUI)
#if canImport(Accessibility)
import Accessibility
#endif
import SwiftUI
import Waypoint

/// Draws an ``OverlayLayout``: the dimmed screen with its cutout, the arrow and the tooltip.
///
/// Every position comes from the layout and every move from the core's overlay motion; this view
/// decides nothing. Touches in the cutout reach the target underneath. For VoiceOver the overlay
/// is modal and offers `OverlayLayout.accessibilityElements`: the tooltip's text, its buttons and
/// the target; the tooltip takes the focus once its move has ended.
///
/// Text is drawn in the measurer's fonts exactly (with Bold Text on, create the measurer with
/// `boldText: true`, as `.walkthroughOverlay(_:)` does), so lines are as wide as measured.
///
/// The layout is in coordinates whose origin is the top-left corner, whatever the layout
/// direction; in a right-to-left environment (or with `contentDirection: .rightToLeft`) the
/// tooltip's content is mirrored (`OverlayLayout.rightToLeft()`) and the geometry is not. Only
/// the geometry is drawn left to right: each text is written in its own direction
/// (`TooltipLayout.Line.direction`, else the content's), so Arabic and Hebrew punctuation and
/// mixed runs come out right.
///
/// Keyboards: Return presses Next and Escape escapes (``HintCoordinator/escape()``) wherever the
/// focus is, on iOS, iPadOS, macOS and visionOS. On tvOS a tooltip without buttons (a timer, an
/// event or a swipe step) takes the focus itself, so Menu still escapes.
public struct WalkthroughOverlayView: View {
    /// The layout to draw.
    public var layout: OverlayLayout
    /// The fonts the layout was measured with.
    public var measurer: SystemFontTextMeasurer
    /// The direction of the tooltip's text; `nil` reads it from the environment.
    public var contentDirection: LayoutDirection?
    /// What VoiceOver reads for the target (`nil`: the layout's, "Highlighted element").
    public var targetLabel: String?
    /// Called when a tooltip button is pressed.
    public var onButton: @MainActor (TooltipButton.Action) -> Void
    /// Called when the user swipes across the overlay (never on tvOS, which has no drag gesture).
    public var onSwipe: @MainActor (SwipeDirection) -> Void
    /// Called on the accessibility escape gesture (VoiceOver's two-finger scrub) and on the Menu
    /// button or Escape key where the overlay has the focus (tvOS, macOS); pass
    /// ``HintCoordinator/escape()``.
    public var onEscape: @MainActor () -> Void

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.layoutDirection) private var environmentDirection
    @State private var motion = OverlayMotion()
    @State private var isMoving = false
    @AccessibilityFocusState private var tooltipFocused: Bool

    /// Creates the view.
    public init(
        layout: OverlayLayout, measurer: SystemFontTextMeasurer = SystemFontTextMeasurer(),
        contentDirection: LayoutDirection? = nil, targetLabel: String? = nil,
        onButton: @escaping @MainActor (TooltipButton.Action) -> Void,
        onSwipe: @escaping @MainActor (SwipeDirection) -> Void = { _ in },
        onEscape: @escaping @MainActor () -> Void = {}
    ) {
        self.layout = layout
        self.measurer = measurer
        self.contentDirection = contentDirection
        self.targetLabel = targetLabel
        self.onButton = onButton
        self.onSwipe = onSwipe
        self.onEscape = onEscape
    }

    public var body: some View {
        TimelineView(.animation(minimumInterval: nil, paused: !isMoving)) { context in
            // Once the move is over, draw its end exactly, whatever the timeline's last date.
            let time = isMoving ? context.date.timeIntervalSinceReferenceDate : .infinity
            if let frame = motion.frame(at: time) {
                OverlayCanvas(
                    frame: frame, measurer: measurer, textDirection: textDirection, targetLabel: targetLabel,
                    onButton: onButton, tooltipFocused: $tooltipFocused)
            }
        }
        .background { EscapeKey(onEscape: onEscape) }
        // The layout's coordinates start at the top left: offsets and paths must agree. Texts set
        // their own direction inside their frames.
        .environment(\.layoutDirection, .leftToRight)
        // The measurer's fonts already carry the Bold Text weight; the system must not add to it.
        .environment(\.legibilityWeight, .regular)
        .accessibilityElement(children: .contain)
        .accessibilityAddTraits(.isModal)
        .accessibilityAction(.escape) { onEscape() }
        #if os(tvOS)
        // The overlay's buttons (or its text, when it has none) form one focus section; Menu escapes.
        .focusSection()
        .onExitCommand { onEscape() }
        #elseif os(macOS)
        .focusSection()
        #endif
        .modifier(SwipeRecognizer(onSwipe: onSwipe))
        .onChange(of: directedLayout, initial: true) { _, new in
            let now = Self.now
            motion.show(new, at: now, reduceMotion: reduceMotion)
            isMoving = motion.isMoving(at: now)
        }
        // Restarted when a move starts or a tooltip needs announcing, not on every scroll frame.
        .task(id: motion.settling) { await finishMove() }
    }

    /// The direction of the tooltip's content: the app's, unless given.
    private var textDirection: LayoutDirection { contentDirection ?? environmentDirection }

    /// The layout with its content in the text's direction.
    private var directedLayout: OverlayLayout {
        textDirection == .rightToLeft ? layout.rightToLeft() : layout
    }

    private static var now: Double { Date().timeIntervalSinceReferenceDate }

    /// Waits for the move to end, stops the timeline and announces the new tooltip.
    private func finishMove() async {
        let remaining = motion.remaining(at: Self.now)
        if remaining > 0 {
            try? await Task.sleep(for: .seconds(remaining))
            if Task.isCancelled { return }
        }
        if isMoving { isMoving = false }
        guard let tooltip = motion.takeAnnouncement(at: Self.now) else { return }
        if tooltipFocused {
            // Focus is already on the tooltip: moving it there again would say nothing.
            AccessibilityNotification.Announcement(tooltip.accessibilityLabel).post()
        } else {
            tooltipFocused = true
        }
    }
}

/// Reports straight drags across the overlay as swipes; tvOS has no drag gesture.
struct SwipeRecognizer: ViewModifier {
    let onSwipe: @MainActor (SwipeDirection) -> Void

    func body(content: Content) -> some View {
        #if os(tvOS)
        content
        #else
        content.gesture(DragGesture(minimumDistance: 20).onEnded { value in
            let translation = Waypoint.OverlayPoint(x: Double(value.translation.width), y: Double(value.translation.height))
            if let direction = SwipeDirection(translation: translation) { onSwipe(direction) }
        })
        #endif
    }
}

/// Escape, wherever the focus is (iOS, iPadOS, macOS, visionOS): a hidden button with the cancel
/// shortcut. Return presses Next through the Next button's default-action shortcut.
struct EscapeKey: View {
    let onEscape: @MainActor () -> Void

    var body: some View {
        #if os(iOS) || os(macOS) || os(visionOS)
        Button(action: { onEscape() }, label: { EmptyView() })
            .keyboardShortcut(.cancelAction)
            .frame(width: 0, height: 0)
            .opacity(0)
            .accessibilityHidden(true)
        #else
        EmptyView()
        #endif
    }
}

/// One frame of the overlay: everything at the positions of the frame's layout.
struct OverlayCanvas: View {
    let frame: OverlayMotion.Frame
    let measurer: SystemFontTextMeasurer
    let textDirection: LayoutDirection
    let targetLabel: String?
    let onButton: @MainActor (TooltipButton.Action) -> Void
    let tooltipFocused: AccessibilityFocusState<Bool>.Binding

    var body: some View {
        let layout = frame.layout
        ZStack(alignment: .topLeading) {
            CutoutShape(layout.cutout)
                .fill(Color.black.opacity(0.6), style: FillStyle(eoFill: true))
                .contentShape(CutoutShape(layout.cutout), eoFill: true)
                .accessibilityHidden(true)
            Group {
                if let arrow = layout.arrow {
                    TooltipArrowShape(arrow)
                        .fill(OverlayPalette.current.background.color)
                        .accessibilityHidden(true)
                }
                TooltipView(
                    tooltip: layout.tooltip, measurer: measurer, textDirection: textDirection, onButton: onButton,
                    focused: tooltipFocused)
                    .offset(x: CGFloat(layout.tooltip.frame.minX), y: CGFloat(layout.tooltip.frame.minY))
                    .accessibilitySortPriority(1)
            }
            .opacity(frame.tooltipOpacity)
            if let target = layout.accessibilityElements.last, case .target(_, let targetFrame) = target {
                // VoiceOver reaches the target through the cutout; activating this element taps
                // its centre, which the cutout lets through to the target.
                Color.clear
                    .frame(width: CGFloat(targetFrame.width), height: CGFloat(targetFrame.height))
                    .offset(x: CGFloat(targetFrame.minX), y: CGFloat(targetFrame.minY))
                    .allowsHitTesting(false)
                    .accessibilityElement()
                    .accessibilityLabel(Text(verbatim: targetLabel ?? target.label))
                    .accessibilitySortPriority(0)
            }
        }
        .frame(width: CGFloat(layout.screen.width), height: CGFloat(layout.screen.height), alignment: .topLeading)
    }
}

/// The tooltip: its background, lines and buttons at the frames the core gave them.
struct TooltipView: View {
    let tooltip: TooltipLayout
    let measurer: SystemFontTextMeasurer
    /// The direction of the content, for texts without a letter and for button titles.
    let textDirection: LayoutDirection
    let onButton: @MainActor (TooltipButton.Action) -> Void
    let focused: AccessibilityFocusState<Bool>.Binding

    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: CGFloat(tooltip.cornerRadius), style: .continuous)
                .fill(OverlayPalette.current.background.color)
                .shadow(color: .black.opacity(0.25), radius: 8, y: 2)
                .accessibilityHidden(true)
            ForEach(Array(tooltip.allLines.enumerated()), id: \.offset) { _, line in
                let direction = line.direction.map(LayoutDirection.init) ?? textDirection
                Text(verbatim: line.text)
                    .font(measurer.font(for: line.role))
                    .foregroundStyle(OverlayPalette.current.text(for: line.role).color)
                    .lineLimit(1)
                    // Measured with the drawn font; should a line still come out wider, it shrinks
                    // a little rather than spilling out of the tooltip.
                    .minimumScaleFactor(0.8)
                    // The text's own writing direction, inside a frame placed left to right.
                    .environment(\.layoutDirection, direction)
                    .frame(
                        width: CGFloat(line.frame.width), height: CGFloat(line.frame.height),
                        alignment: direction == .rightToLeft ? .trailing : .leading)
                    .offset(x: CGFloat(line.frame.minX), y: CGFloat(line.frame.minY))
                    .accessibilityHidden(true)
            }
            // The whole text as one focusable element over the drawn lines (which may be cut).
            Color.clear
                .frame(width: CGFloat(tooltip.textFrame.width), height: CGFloat(tooltip.textFrame.height))
                .accessibilityElement()
                .accessibilityLabel(Text(verbatim: tooltip.accessibilityLabel))
                .accessibilityAddTraits(.isStaticText)
                .accessibilityFocused(focused)
                .accessibilitySortPriority(Double(tooltip.buttons.count + 1))
                #if os(tvOS)
                // Without buttons nothing else could take the focus: the text does, so that the
                // focus does not fall on disabled content and Menu reaches the overlay.
                .focusable(tooltip.buttons.isEmpty)
                #endif
            ForEach(Array(tooltip.buttons.enumerated()), id: \.element.button.action) { index, placed in
                Button {
                    onButton(placed.button.action)
                } label: {
                    Text(verbatim: placed.button.title)
                        .font(measurer.font(for: .button))
                        .minimumScaleFactor(0.5)
                        .lineLimit(1)
                        .environment(\.layoutDirection, textDirection)
                        .frame(width: CGFloat(placed.frame.width), height: CGFloat(placed.frame.height))
                }
                .buttonStyle(TooltipButtonStyle(action: placed.button.action))
                .modifier(TooltipButtonShortcut(action: placed.button.action))
                .offset(x: CGFloat(placed.frame.minX), y: CGFloat(placed.frame.minY))
                // Buttons read in their logical order (Skip, Back, Next), however they are drawn.
                .accessibilitySortPriority(Double(tooltip.buttons.count - index))
            }
        }
        .frame(width: CGFloat(tooltip.frame.width), height: CGFloat(tooltip.frame.height), alignment: .topLeading)
        .accessibilityElement(children: .contain)
    }
}

/// Return presses Next where there is a keyboard (not on tvOS or watchOS).
struct TooltipButtonShortcut: ViewModifier {
    let action: TooltipButton.Action

    func body(content: Content) -> some View {
        #if os(iOS) || os(macOS) || os(visionOS)
        if action == .next {
            content.keyboardShortcut(.defaultAction)
        } else {
            content
        }
        #else
        content
        #endif
    }
}

extension LayoutDirection {
    /// SwiftUI's direction for a text's writing direction.
    init(_ direction: TextDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

/// Next is filled, Back outlined, Skip plain; focused buttons (tvOS) grow and lift, and buttons
/// show the system hover effect (visionOS, and iPad pointers).
struct TooltipButtonStyle: ButtonStyle {
    let action: TooltipButton.Action

    func makeBody(configuration: Configuration) -> some View {
        TooltipButtonBody(action: action, label: configuration.label, isPressed: configuration.isPressed)
    }
}

/// A tooltip button's appearance, reading whether the button has the focus.
struct TooltipButtonBody<Label: View>: View {
    let action: TooltipButton.Action
    let label: Label
    let isPressed: Bool
    @Environment(\.isFocused) private var isFocused

    var body: some View {
        let shape = RoundedRectangle(cornerRadius: 8, style: .continuous)
        label
            .foregroundStyle(OverlayPalette.current.title(of: action).color)
            .background {
                shape.fill(action == .next ? Color.accentColor : Color.clear)
                if action == .back {
                    shape.strokeBorder(Color.accentColor, lineWidth: 1)
                }
                if isFocused && action != .next {
                    // An outlined or plain button shows the focus with a tint behind its title.
                    shape.fill(Color.accentColor.opacity(0.2))
                }
            }
            .contentShape(shape)
            #if os(iOS) || os(visionOS)
            .contentShape(.hoverEffect, shape)
            .hoverEffect()
            #endif
            .scaleEffect(isFocused ? 1.1 : 1)
            .shadow(color: .black.opacity(isFocused ? 0.3 : 0), radius: isFocused ? 6 : 0, y: isFocused ? 3 : 0)
            .animation(.easeOut(duration: 0.15), value: isFocused)
            .opacity(isPressed ? 0.6 : 1)
    }
}

extension OverlayPalette {
    /// The palette of this platform: adaptive where there is an adaptive raised background
    /// (iOS, visionOS, macOS), fixed light colours on tvOS and watchOS.
    static var current: OverlayPalette {
        #if (canImport(UIKit) && (os(iOS) || os(visionOS))) || canImport(AppKit)
        return .adaptive
        #else
        return .light
        #endif
    }
}

extension OverlayPalette.Color {
    /// The SwiftUI colour of this role.
    var color: SwiftUI.Color {
        switch self {
        case .raisedBackground:
            #if canImport(UIKit) && (os(iOS) || os(visionOS))
            return SwiftUI.Color(uiColor: .secondarySystemGroupedBackground)
            #elseif canImport(AppKit)
            return SwiftUI.Color(nsColor: .windowBackgroundColor)
            #else
            return SwiftUI.Color.white
            #endif
        case .label: return SwiftUI.Color.primary
        case .secondaryLabel: return SwiftUI.Color.secondary
        case .accent: return SwiftUI.Color.accentColor
        case .onAccent: return SwiftUI.Color.white
        case .fixed(let white): return SwiftUI.Color(.sRGB, white: white, opacity: 1)
        }
    }
}
#endif
