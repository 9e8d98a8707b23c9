import Foundation

extension Error {
    /// The error's description as a clause to embed in a sentence: Foundation's descriptions end
    /// with a period, which would otherwise double up before the advice that follows.
    var reason: String {
        var text = localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
