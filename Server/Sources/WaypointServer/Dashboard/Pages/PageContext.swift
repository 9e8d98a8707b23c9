/// The values one template names, as a type.
///
/// swift-mustache reads them with `Mirror`, so every value a template names is a stored property
/// (`Mirror` sees no computed one), an optional one for a section shown only when it has a value.
protocol PageContext: Sendable {
    /// The name of the template (in ``Templates``) that renders this context.
    static var template: String { get }
}
