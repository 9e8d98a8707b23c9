/// A form that carries the session's CSRF token.
protocol CSRFForm: Decodable {
    var csrf: String? { get }
}
