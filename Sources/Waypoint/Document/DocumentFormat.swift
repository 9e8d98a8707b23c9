/// Rules of the format that tools outside the decoder check too (the edits of `DocumentEdits`, lint).
package enum DocumentFormat {
    /// Whether `text` is an id: a non-empty string of letters, digits, `.`, `_` and `-`.
    package static func isID(_ text: String) -> Bool { DocumentDecoder.isID(text) }

    /// What is wrong with a locale tag (`label` names it in the message), or `nil` for a BCP 47 tag in form.
    package static func localeTagProblem(_ tag: String, label: String) -> String? {
        DocumentDecoder.localeTagProblem(tag, label: label)
    }

    /// What is wrong with the text of an experiment goal, or `nil` for `$complete`, `STEP` or `STEP:OUTCOME`.
    package static func goalProblem(_ text: String) -> String? { DocumentDecoder.goalProblem(text) }
}
