extension WaypointDocument {
    /// The locale tags the document's texts are written in: every locale of a localized text of a
    /// flow step's `content` or a hint's `tooltipText`, and ``defaultLocale``; empty for a document
    /// without localized text or default locale.
    package var textLocales: Set<String> {
        var locales: Set<String> = []
        if let defaultLocale { locales.insert(defaultLocale) }
        func visit(_ value: ContentValue) {
            switch value {
            case .text(let text): locales.formUnion(text.locales)
            case .number, .bool: break
            case .array(let elements): elements.forEach(visit)
            case .object(let members): members.values.forEach(visit)
            }
        }
        for flow in flows {
            for step in flow.steps { step.content?.values.forEach(visit) }
        }
        for walkthrough in walkthroughs {
            for step in walkthrough.steps { locales.formUnion(step.tooltipText.locales) }
        }
        return locales
    }

    /// The locale the user's text is shown in: ``TextLocalization``'s choice among
    /// ``textLocales``; `nil` when the document has none.
    package func shownLocale(_ localization: TextLocalization) -> String? {
        let locales = textLocales
        guard !locales.isEmpty else { return nil }
        return localization.chosenLocale(in: Dictionary(uniqueKeysWithValues: locales.map { ($0, ()) }))
    }
}
