#if canImport(UIKit) && (os(iOS) || os(visionOS))
import UIKit
import Waypoint

/// Draws an ``OverlayLayout`` in UIKit: a `CAShapeLayer` with an even-odd fill for the dimmed
/// screen and its cutout, one for the arrow, and the tooltip's labels and buttons at the frames the
/// core computed.
///
/// Touches in the cutout pass through to the target underneath. The dimmed background is hidden
/// from VoiceOver; the tooltip is an accessibility element announced when it appears. Moves between
/// layouts follow the core's interpolation frame by frame, or cross-fade under Reduce Motion.
public final class WalkthroughOverlayUIView: UIView {
    /// Called when a tooltip button is pressed.
    public var onButton: (@MainActor (TooltipButton.Action) -> Void)?
    /// Called when the user swipes across the overlay.
    public var onSwipe: (@MainActor (SwipeDirection) -> Void)?
    /// The fonts layouts are measured with; pass it to ``OverlayLayout`` too.
    public let measurer: SystemFontTextMeasurer

    /// The layout drawn now (the end of a move in progress).
    public private(set) var layout: OverlayLayout?

    private let dimLayer = CAShapeLayer()
    private let arrowLayer = CAShapeLayer()
    private let tooltipView = UIView()
    private var labels: [UILabel] = []
    private var buttons: [TooltipUIButton] = []
    private var move: (from: OverlayLayout, to: OverlayLayout, start: CFTimeInterval)?
    private var displayLink: CADisplayLink?
    private static let moveDuration: CFTimeInterval = 0.35

    /// Creates an overlay view; add it over the whole window.
    public init(measurer: SystemFontTextMeasurer = SystemFontTextMeasurer()) {
        self.measurer = measurer
        super.init(frame: .zero)
        backgroundColor = .clear
        dimLayer.fillRule = .evenOdd
        dimLayer.fillColor = UIColor.black.withAlphaComponent(0.6).cgColor
        layer.addSublayer(dimLayer)
        arrowLayer.fillColor = UIColor.secondarySystemGroupedBackground.cgColor
        layer.addSublayer(arrowLayer)
        tooltipView.backgroundColor = .secondarySystemGroupedBackground
        tooltipView.layer.cornerCurve = .continuous
        tooltipView.layer.shadowColor = UIColor.black.cgColor
        tooltipView.layer.shadowOpacity = 0.25
        tooltipView.layer.shadowRadius = 8
        tooltipView.layer.shadowOffset = CGSize(width: 0, height: 2)
        tooltipView.isAccessibilityElement = false
        tooltipView.shouldGroupAccessibilityChildren = true
        addSubview(tooltipView)
        // VoiceOver sees the tooltip only, never the dimmed background.
        isAccessibilityElement = false
        accessibilityElements = [tooltipView]
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Shows `layout`, moving from the current one when `animated`.
    public func apply(_ layout: OverlayLayout, animated: Bool) {
        let previous = self.layout
        self.layout = layout
        stopMove()
        guard animated, let previous, previous != layout else {
            draw(layout)
            announceIfNeeded(previous: previous, next: layout)
            return
        }
        if UIAccessibility.isReduceMotionEnabled {
            UIView.transition(with: self, duration: 0.25, options: .transitionCrossDissolve) {
                self.draw(layout)
            }
        } else {
            move = (previous, layout, CACurrentMediaTime())
            let link = CADisplayLink(target: self, selector: #selector(step(_:)))
            link.add(to: .main, forMode: .common)
            displayLink = link
            draw(previous)
        }
        announceIfNeeded(previous: previous, next: layout)
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let layout else { return false }
        if tooltipView.frame.contains(point) { return true }
        return layout.cutout.dims(Waypoint.Point(point))
    }

    public override func removeFromSuperview() {
        stopMove()
        super.removeFromSuperview()
    }

    // MARK: Drawing

    private func draw(_ layout: OverlayLayout) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dimLayer.path = layout.cutout.cgPath
        arrowLayer.path = layout.arrow?.cgPath
        CATransaction.commit()

        let tooltip = layout.tooltip
        tooltipView.frame = CGRect(tooltip.frame)
        tooltipView.layer.cornerRadius = CGFloat(tooltip.cornerRadius)
        tooltipView.accessibilityLabel = tooltip.accessibilityLabel

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
            label.text = line.text
            label.font = measurer.platformFont(for: line.role)
            label.textColor = line.role == .body ? .label : .secondaryLabel
            label.frame = CGRect(line.frame)
        }

        let wanted = tooltip.buttons.map(\.button)
        if buttons.compactMap(\.tooltipButton) != wanted {
            buttons.forEach { $0.removeFromSuperview() }
            buttons = wanted.map(makeButton)
            buttons.forEach(tooltipView.addSubview)
        }
        for (button, placed) in zip(buttons, tooltip.buttons) {
            button.frame = CGRect(placed.frame)
        }
        var elements: [Any] = [tooltipSummary(tooltip)]
        elements.append(contentsOf: buttons)
        tooltipView.accessibilityElements = elements
    }

    private func makeButton(_ button: TooltipButton) -> TooltipUIButton {
        var configuration: UIButton.Configuration
        switch button.action {
        case .next: configuration = .filled()
        case .back: configuration = .bordered()
        case .skip: configuration = .plain()
        }
        configuration.cornerStyle = .medium
        configuration.contentInsets = .zero
        configuration.title = button.title
        let font = measurer.platformFont(for: .button)
        configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { attributes in
            var attributes = attributes
            attributes.font = font
            return attributes
        }
        let action = button.action
        let view = TooltipUIButton(configuration: configuration, primaryAction: UIAction { [weak self] _ in
            self?.onButton?(action)
        })
        view.tooltipButton = button
        view.titleLabel?.adjustsFontSizeToFitWidth = true
        return view
    }

    /// One element that reads the whole tooltip, placed over its text.
    private func tooltipSummary(_ tooltip: TooltipLayout) -> UIAccessibilityElement {
        let element = UIAccessibilityElement(accessibilityContainer: tooltipView)
        element.accessibilityLabel = tooltip.accessibilityLabel
        element.accessibilityTraits = .staticText
        element.accessibilityFrameInContainerSpace = CGRect(origin: .zero, size: CGSize(tooltip.frame.size))
        return element
    }

    private func announceIfNeeded(previous: OverlayLayout?, next: OverlayLayout) {
        guard previous?.tooltip.accessibilityLabel != next.tooltip.accessibilityLabel else { return }
        UIAccessibility.post(notification: .screenChanged, argument: tooltipView.accessibilityElements?.first)
    }

    // MARK: Moving

    @objc private func step(_ link: CADisplayLink) {
        guard let move else { return stopMove() }
        let linear = min(1, (link.targetTimestamp - move.start) / Self.moveDuration)
        let eased = 1 - pow(1 - linear, 3)
        draw(move.from.interpolated(to: move.to, fraction: eased))
        if linear >= 1 { stopMove() }
    }

    private func stopMove() {
        displayLink?.invalidate()
        displayLink = nil
        if move != nil, let layout { draw(layout) }
        move = nil
    }

    // MARK: Swipes

    @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        let translation = recognizer.translation(in: self)
        if let direction = SwipeDirection(translation: Waypoint.Point(translation)) {
            onSwipe?(direction)
        }
    }
}
/// A tooltip button that remembers which ``TooltipButton`` it shows.
final class TooltipUIButton: UIButton {
    var tooltipButton: TooltipButton?
}
#endif
