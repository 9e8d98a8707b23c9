/// The UI layer's side of flow steps: it shows screens that a flow asks for.
///
/// Define one `Screen` enum for your app whose cases carry the ``StepContinuation`` each screen
/// finishes, typed by what the screen produces. The presenter only shows screens; the flow, written
/// with ``Subflow`` and `|>`, decides which one comes next.
///
/// ```swift
/// enum Screen {
///     case rolePicker(StepContinuation<Role>)
///     case createTeam(StepContinuation<Team>)
///     case info(String, StepContinuation<Void>)
/// }
///
/// @MainActor @Observable final class Router: ScreenPresenter {
///     var path: [Screen] = []
///     func present(_ screen: Screen) { path.append(screen) }
/// }
///
/// let pickRole = Subflow<Void, Role>.step("Role") { try await router.show { .rolePicker($0) } }
/// ```
///
/// The compiler checks that a step's output type is the one its screen finishes with: a
/// `.rolePicker` screen can only finish a step that returns a `Role`. When the presenter drops a
/// screen (the user swiped it away) its handle goes with it and the step throws
/// `CancellationError`; when the flow is cancelled first, ``StepContinuation/onCancel(_:)`` tells
/// the screen to go away.
@MainActor
public protocol ScreenPresenter<Screen>: Sendable {
    /// The app's screens, each case carrying the ``StepContinuation`` that the screen finishes.
    associatedtype Screen

    /// Shows `screen`. Keep its continuation reachable from the screen until the user finishes it.
    func present(_ screen: Screen)
}

extension ScreenPresenter {
    /// Presents the screen built by `makeScreen` and suspends until the user finishes it.
    ///
    /// - Throws: `CancellationError` when the screen is dismissed unfinished, its continuation is
    ///   dropped, or the calling task is cancelled; the error the screen passed to
    ///   ``StepContinuation/fail(_:)``.
    public func show<Output: Sendable>(
        _ makeScreen: (StepContinuation<Output>) -> Screen
    ) async throws -> Output {
        try await withStepContinuation { step in
            present(makeScreen(step))
        }
    }
}

extension Subflow {
    /// A named step that shows a screen on `presenter` and continues with what the screen produces.
    ///
    /// ```swift
    /// let joinTeam = Subflow<Team, Void>.screen("JoinTeam", on: router) { team, done in
    ///     .joinTeam(team, done)
    /// }
    /// ```
    public static func screen<Presenter: ScreenPresenter>(
        _ name: String,
        on presenter: Presenter,
        _ makeScreen: @escaping @Sendable (Input, StepContinuation<Output>) -> Presenter.Screen
    ) -> Subflow {
        step(name) { input in
            try await presenter.show { makeScreen(input, $0) }
        }
    }
}
