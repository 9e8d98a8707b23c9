import Waypoint

extension LocalizedText {
    /// Whether the text has one string per locale (`{"$text": {…}}`), not one for everyone.
    var isTranslated: Bool {
        if case .translations = self { return true }
        return false
    }
}
