#if canImport(UIKit) && (os(iOS) || os(visionOS))
import UIKit
import Waypoint

/// Draws an ``OverlayLayout`` in UIKit: a `CAShapeLayer` with an even-odd fill for the dimmed
/// screen and its cutout, one for the arrow, and the tooltip's labels and buttons at the frames the
/// core computed.
///
/// Touches in the cutout pass through to the target underneath. For VoiceOver the overlay is modal
/// and offers `OverlayLayout.accessibilityElements` — the tooltip's text, its buttons and the
/// target — as elements made once and updated in place; the tooltip takes the focus when a move
/// ends. Moves follow the core's overlay motion frame by frame (a cross-fade under Reduce Motion).
/// Changes of size, safe area, text size, Bold Text, appearance or layout direction call
/// ``onEnvironmentChange`` so that the layout is computed again.
public final class WalkthroughOverlayUIView: UIView {
    /// Called when a tooltip button is pressed.
    public var onButton: (@MainActor (TooltipButton.Action) -> Void)?
    /// Called when the user swipes across the overlay.
    public var onSwipe: (@MainActor (SwipeDirection) -> Void)?
    /// Called on the accessibility escape gesture (VoiceOver's two-finger scrub); pass
    /// ``HintCoordinator/escape()``.
    public var onEscape: (@MainActor () -> Void)?
    /// Called when the overlay's size, safe area, text size, Bold Text, appearance or layout
    /// direction changed: compute the layout again and ``apply(_:animated:)`` it.
    public var onEnvironmentChange: (@MainActor () -> Void)?
    /// The fonts layouts are measured with; pass it to ``OverlayLayout`` too.
    public var measurer: SystemFontTextMeasurer

    /// The layout drawn now (the end of a move in progress), with its content in the view's layout direction.
    public var layout: OverlayLayout? { motion.destination }

    private var motion = OverlayMotion()
    private let dimLayer = CAShapeLayer()
    private let arrowLayer = CAShapeLayer()
    private let tooltipView = UIView()
    private var labels: [UILabel] = []
    private var buttons: [TooltipUIButton] = []
    /// The measurer the buttons' fonts come from (their fonts are captured when they are made).
    private var buttonsMeasurer: SystemFontTextMeasurer?
    private lazy var summaryElement: UIAccessibilityElement = {
        let element = UIAccessibilityElement(accessibilityContainer: tooltipView)
        element.accessibilityTraits = .staticText
        return element
    }()
    private lazy var targetElement = UIAccessibilityElement(accessibilityContainer: self)
    private var displayLink: CADisplayLink?
    private var laidOutFor: (size: CGSize, insets: UIEdgeInsets)?

    /// The label VoiceOver reads for the target, when the target view has none.
    public var targetAccessibilityLabel: String?

    /// Creates an overlay view; add it over the whole window.
    public init(measurer: SystemFontTextMeasurer = SystemFontTextMeasurer()) {
        self.measurer = measurer
        super.init(frame: .zero)
        backgroundColor = .clear
        dimLayer.fillRule = .evenOdd
        dimLayer.fillColor = UIColor.black.withAlphaComponent(0.6).cgColor
        layer.addSublayer(dimLayer)
        layer.addSublayer(arrowLayer)
        tooltipView.layer.cornerCurve = .continuous
        tooltipView.layer.shadowColor = UIColor.black.cgColor
        tooltipView.layer.shadowOpacity = 0.25
        tooltipView.layer.shadowRadius = 8
        tooltipView.layer.shadowOffset = CGSize(width: 0, height: 2)
        tooltipView.isAccessibilityElement = false
        addSubview(tooltipView)
        // Modal: VoiceOver reaches the tooltip and the target, never what is behind the dim.
        isAccessibilityElement = false
        accessibilityViewIsModal = true
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
        registerForTraitChanges(
            [UITraitUserInterfaceStyle.self, UITraitPreferredContentSizeCategory.self, UITraitLayoutDirection.self,
             UITraitLegibilityWeight.self]
        ) { (view: WalkthroughOverlayUIView, _: UITraitCollection) in
            view.environmentChanged()
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Shows `layout`, moving from what is on screen when `animated`.
    ///
    /// Pass layouts with their content left to right; in a right-to-left layout direction the
    /// tooltip's content is mirrored here.
    public func apply(_ layout: OverlayLayout, animated: Bool) {
        let directed = effectiveUserInterfaceLayoutDirection == .rightToLeft ? layout.rightToLeft() : layout
        let now = CACurrentMediaTime()
        motion.show(directed, at: now, reduceMotion: UIAccessibility.isReduceMotionEnabled, animated: animated)
        render(at: now)
        if motion.isMoving(at: now), displayLink == nil {
            let link = CADisplayLink(target: self, selector: #selector(step(_:)))
            link.add(to: .main, forMode: .common)
            displayLink = link
        }
    }

    /// The escape gesture skips the hint when it can be skipped, otherwise closes it.
    public override func accessibilityPerformEscape() -> Bool {
        guard motion.destination != nil, let onEscape else { return false }
        onEscape()
        return true
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let layout = motion.frame(at: CACurrentMediaTime())?.layout else { return false }
        if tooltipView.frame.contains(point) { return true }
        return layout.cutout.dims(Waypoint.OverlayPoint(point))
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let current = (bounds.size, safeAreaInsets)
        if let previous = laidOutFor, previous.size != current.0 || previous.insets != current.1 {
            laidOutFor = current
            environmentChanged()
        } else {
            laidOutFor = current
        }
    }

    public override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }

    public override func removeFromSuperview() {
        stopMove()
        motion.show(nil, at: CACurrentMediaTime(), reduceMotion: false)
        super.removeFromSuperview()
    }

    private func environmentChanged() {
        if let frame = motion.frame(at: CACurrentMediaTime()) { draw(frame) }
        onEnvironmentChange?()
    }

    // MARK: Drawing

    /// Draws the frame at `time`, stops the display link when the move is over, and announces.
    private func render(at time: CFTimeInterval) {
        guard let frame = motion.frame(at: time) else { return }
        draw(frame)
        if !motion.isMoving(at: time) {
            stopMove()
            if motion.takeAnnouncement(at: time) != nil {
                // After the last frame: focus lands on the tooltip where it stays.
                UIAccessibility.post(notification: .screenChanged, argument: summaryElement)
            }
        }
    }

    private func draw(_ frame: OverlayMotion.Frame) {
        let layout = frame.layout
        let palette = OverlayPalette.adaptive
        let background = color(palette.background).resolvedColor(with: traitCollection)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dimLayer.path = layout.cutout.cgPath
        arrowLayer.path = layout.arrow?.cgPath
        arrowLayer.fillColor = background.cgColor
        arrowLayer.opacity = Float(frame.tooltipOpacity)
        CATransaction.commit()

        let tooltip = layout.tooltip
        tooltipView.frame = CGRect(tooltip.frame)
        tooltipView.alpha = CGFloat(frame.tooltipOpacity)
        tooltipView.backgroundColor = background
        tooltipView.layer.cornerRadius = CGFloat(tooltip.cornerRadius)
        // A shadow without a path is recomputed from the layer's contents on every frame. CGPath
        // traps when twice the corner radius exceeds a side (a tooltip squeezed mid-move).
        let bounds = tooltipView.bounds
        let radius = min(max(0, CGFloat(tooltip.cornerRadius)), bounds.width / 2, bounds.height / 2)
        tooltipView.layer.shadowPath = CGPath(roundedRect: bounds, cornerWidth: radius, cornerHeight: radius, transform: nil)

        let lines = tooltip.allLines
        while labels.count < lines.count {
            let label = UILabel()
            label.isAccessibilityElement = false
            tooltipView.addSubview(label)
            labels.append(label)
        }
        for (index, label) in labels.enumerated() {
            guard index < lines.count else {
                label.isHidden = true
                continue
            }
            let line = lines[index]
            label.isHidden = false
            // The paragraph's own writing direction (a line of Arabic text that starts with a Latin
            // word still reads right to left), else the view's; geometry stays left to right.
            let rightToLeft = line.direction.map { $0 == .rightToLeft } ?? (effectiveUserInterfaceLayoutDirection == .rightToLeft)
            let paragraph = NSMutableParagraphStyle()
            paragraph.baseWritingDirection = rightToLeft ? .rightToLeft : .leftToRight
            paragraph.alignment = rightToLeft ? .right : .left
            label.attributedText = NSAttributedString(string: line.text, attributes: [
                .font: measurer.platformFont(for: line.role),
                .foregroundColor: color(palette.text(for: line.role)),
                .paragraphStyle: paragraph,
            ])
            label.frame = CGRect(line.frame)
        }

        let wanted = tooltip.buttons.map(\.button)
        // Buttons capture their font: make them again when the text size or Bold Text changed.
        if buttons.compactMap(\.tooltipButton) != wanted || buttonsMeasurer != measurer {
            buttons.forEach { $0.removeFromSuperview() }
            buttons = wanted.map(makeButton)
            buttonsMeasurer = measurer
            buttons.forEach(tooltipView.addSubview)
        }
        for (button, placed) in zip(buttons, tooltip.buttons) {
            button.frame = CGRect(placed.frame)
            button.fitTitle(width: CGFloat(measurer.width(of: placed.button.title, role: .button)))
        }
        updateAccessibility(layout)
    }

    /// Updates the same elements in place (new elements on every frame would lose VoiceOver's focus).
    private func updateAccessibility(_ layout: OverlayLayout) {
        var inTooltip: [Any] = []
        var outside: [Any] = [tooltipView]
        for element in layout.accessibilityElements {
            switch element {
            case .tooltip(let label, _):
                // The part above the buttons, so that the buttons stay reachable by touch.
                summaryElement.accessibilityLabel = label
                summaryElement.accessibilityFrameInContainerSpace = CGRect(layout.tooltip.textFrame)
                inTooltip.append(summaryElement)
            case .button(let button, _):
                if let view = buttons.first(where: { $0.tooltipButton == button }) { inTooltip.append(view) }
            case .target(_, let frame):
                // Activating it taps its centre, which the cutout lets through to the target.
                targetElement.accessibilityLabel = targetAccessibilityLabel ?? element.label
                targetElement.accessibilityFrameInContainerSpace = CGRect(frame)
                outside.append(targetElement)
            }
        }
        tooltipView.accessibilityElements = inTooltip
        accessibilityElements = outside
    }

    /// A button drawn as the SwiftUI overlay draws it: corner radius 8; Next filled with the accent
    /// colour, Back outlined (clear, a 1 pt accent stroke, accent title), Skip plain.
    ///
    /// Everything goes through the configuration, which UIKit applies last: settings made on
    /// `titleLabel` would be reset by it. The title's font, and its shrinking when a title comes
    /// out a little wider than measured, are re-applied by the configuration update handler.
    private func makeButton(_ button: TooltipButton) -> TooltipUIButton {
        var configuration: UIButton.Configuration = button.action == .next ? .filled() : .plain()
        configuration.baseForegroundColor = color(OverlayPalette.adaptive.title(of: button.action))
        configuration.cornerStyle = .fixed
        configuration.background.cornerRadius = 8
        switch button.action {
        case .next:
            configuration.baseBackgroundColor = color(.accent)
        case .back:
            configuration.background.backgroundColor = .clear
            configuration.background.strokeColor = color(.accent)
            configuration.background.strokeWidth = 1
        case .skip:
            configuration.background.backgroundColor = .clear
        }
        configuration.contentInsets = .zero
        configuration.title = button.title
        // One line; a title too wide is cut at the edge (after shrinking), never wrapped or given an ellipsis.
        configuration.titleLineBreakMode = .byClipping
        configuration.titleTextAttributesTransformer = TooltipUIButton.titleAttributes(font: measurer.platformFont(for: .button))
        let action = button.action
        let view = TooltipUIButton(configuration: configuration, primaryAction: UIAction { [weak self] _ in
            self?.onButton?(action)
        })
        view.tooltipButton = button
        view.titleFont = measurer.platformFont(for: .button)
        view.configurationUpdateHandler = { button in
            guard let button = button as? TooltipUIButton, var configuration = button.configuration else { return }
            if let font = button.titleFont {
                let scaled = button.titleScale < 1 ? font.withSize(font.pointSize * button.titleScale) : font
                configuration.titleTextAttributesTransformer = TooltipUIButton.titleAttributes(font: scaled)
            }
            if button.tooltipButton?.action == .back {
                // The accent colour as it is now (the tint can change after the button is made).
                configuration.background.strokeColor = button.tintColor
                configuration.baseForegroundColor = button.tintColor
            }
            button.configuration = configuration
        }
        return view
    }

    /// The UIKit colour of a palette role.
    private func color(_ role: OverlayPalette.Color) -> UIColor {
        switch role {
        case .raisedBackground: return .secondarySystemGroupedBackground
        case .label: return .label
        case .secondaryLabel: return .secondaryLabel
        case .accent: return tintColor
        case .onAccent: return .white
        case .fixed(let white): return UIColor(white: CGFloat(white), alpha: 1)
        }
    }

    // MARK: Moving

    @objc private func step(_ link: CADisplayLink) {
        render(at: link.targetTimestamp)
    }

    private func stopMove() {
        displayLink?.invalidate()
        displayLink = nil
    }

    // MARK: Swipes

    @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        let translation = recognizer.translation(in: self)
        if let direction = SwipeDirection(translation: Waypoint.OverlayPoint(translation)) {
            onSwipe?(direction)
        }
    }
}

/// A tooltip button that remembers which ``TooltipButton`` it shows, and shrinks its title to fit.
final class TooltipUIButton: UIButton {
    var tooltipButton: TooltipButton?
    /// The font the title is measured and drawn in.
    var titleFont: UIFont?
    /// The factor the title's font is drawn at (1, or down to 0.5 for a title wider than the button).
    private(set) var titleScale: CGFloat = 1

    /// Shrinks the title when `width` (its measured width at full size) exceeds the button's, down
    /// to half, as `adjustsFontSizeToFitWidth` would: the configuration owns the title's font.
    func fitTitle(width: CGFloat) {
        let available = bounds.width
        let scale = width > available && width > 0 && available > 0 ? max(0.5, available / width) : 1
        guard scale != titleScale else { return }
        titleScale = scale
        setNeedsUpdateConfiguration()
    }

    /// The title's attributes with `font`.
    static func titleAttributes(font: UIFont) -> UIConfigurationTextAttributesTransformer {
        UIConfigurationTextAttributesTransformer { attributes in
            var attributes = attributes
            attributes.font = font
            return attributes
        }
    }
}
#endif
