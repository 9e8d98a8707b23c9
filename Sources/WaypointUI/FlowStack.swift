#if canImport(SwiftUI)
#if canImport(Accessibility)
import Accessibility
#endif
import SwiftUI
import Waypoint

/// What a ``FlowStack`` gives the view of the current step.
public struct FlowScreen: Hashable, Sendable {
    /// The id of the step (or custom step) being shown.
    public var stepID: String
    /// The name of the screen that presents it.
    public var screen: String
    /// Whether the navigator can go back from here.
    public var canGoBack: Bool
    /// What the step's screen shows, texts already in the user's locale (``FlowNavigator/currentContent``).
    public var content: StepContent

    /// Creates the description of a screen (the stack makes these; previews may too).
    public init(stepID: String, screen: String, canGoBack: Bool, content: StepContent = .empty) {
        self.stepID = stepID
        self.screen = screen
        self.canGoBack = canGoBack
        self.content = content
    }
}

/// Presents the current step of a ``FlowNavigator``: the declarative step stack.
///
/// The navigator decides which step comes next (conditions, jumps, custom steps, back, restore);
/// the stack shows the view for the current screen, sliding the next one in from the side it
/// comes from, or cross-fading under Reduce Motion (a step replaced at the same depth animates
/// too); once the outgoing step has left, VoiceOver moves to the new screen (a screen-changed
/// notification). Start the navigator (`await navigator.start()`) before or
/// while showing the stack; screens call `navigator.next(_:)`, `back()` and so on.
///
/// ```swift
/// FlowStack(navigator) { screen in
///     switch screen.screen {
///     case "Welcome": WelcomeView { try? navigator.next() }
///     case "Paywall": PaywallView(headline: screen.content.string("headline") ?? "Go premium") { try? navigator.next() }
///     case "Permission": PermissionView(kind: screen.stepID) { try? navigator.next() }
///     default: DoneView()
///     }
/// }
/// ```
public struct FlowStack<Context, Content: View>: View {
    private let navigator: FlowNavigator<Context>
    private let content: (FlowScreen) -> Content
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var shownDepth = 0
    @State private var hasShownAStep = false

    /// Creates a stack over `navigator`, building each step's view with `content`.
    public init(_ navigator: FlowNavigator<Context>, @ViewBuilder content: @escaping (FlowScreen) -> Content) {
        self.navigator = navigator
        self.content = content
    }

    public var body: some View {
        let depth = navigator.state.path.count
        let key = navigator.currentVisit.map { "\(depth)/\($0.stepID)" }
        ZStack {
            if let visit = navigator.currentVisit, let screen = navigator.currentScreen {
                content(FlowScreen(stepID: visit.stepID, screen: screen, canGoBack: navigator.canGoBack, content: navigator.currentContent))
                    .id(key)
                    .transition(transition(forward: depth >= shownDepth))
            }
        }
        // Keyed on the step, not the depth: a step replaced at the same depth animates too.
        .animation(reduceMotion ? .easeInOut(duration: 0.25) : .snappy, value: key)
        .transaction(value: key) { transaction in
            // Once the outgoing step has left the tree, VoiceOver moves to the new screen (not
            // for the first step, which appears with the stack).
            guard hasShownAStep else { return }
            transaction.addAnimationCompletion(criteria: .removed) {
                Task { @MainActor in Self.announceScreenChange() }
            }
        }
        // Read by the transaction of the next change: the first step is not announced.
        .onChange(of: key, initial: true) { _, new in if new != nil { hasShownAStep = true } }
        .onChange(of: depth) { _, new in shownDepth = new }
    }

    /// Tells VoiceOver that the screen changed, so its focus moves to the new step.
    @MainActor private static func announceScreenChange() {
        #if canImport(Accessibility)
        AccessibilityNotification.ScreenChanged(nil).post()
        #endif
    }

    /// The new step slides in from the trailing edge going forward and from the leading edge going
    /// back while the old one fades (the direction is known only once the navigator has moved);
    /// under Reduce Motion both fade.
    private func transition(forward: Bool) -> AnyTransition {
        if reduceMotion { return .opacity }
        return .asymmetric(insertion: .move(edge: forward ? .trailing : .leading), removal: .opacity)
    }
}
#endif
