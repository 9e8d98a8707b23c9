import Foundation

/// The overlay's built-in texts — "Next", "Skip", "Done", "2 of 5", the instructions and the
/// accessibility labels — in a locale's language, with the app's own wording where it gives one.
///
/// Each ``OverlayLabel`` is, first, the app's override if ``overrides`` has one; otherwise the
/// package's translation for ``locale`` (English, German, French, Spanish,
/// Brazilian Portuguese, Italian, Dutch, Japanese, Korean and Simplified Chinese), matched by
/// language with region, with script, then alone (`de-AT` uses `de`, `zh-CN` uses `zh-Hans`), then
/// by language written in the same script (`pt-PT` uses `pt-BR`; `zh-TW`, written in Traditional
/// characters, does not use `zh-Hans`); otherwise English. Numbers ("2 of 5", "Continues in 2.5 s")
/// are formatted for ``locale``.
///
/// ```swift
/// var style = OverlayStyle()
/// style.labels = OverlayLabels(locale: Locale(identifier: "de"), overrides: [.skip: "Später"])
/// // Buttons "Später" and "Weiter", the counter "2 von 5"
/// ```
public struct OverlayLabels: Sendable, Hashable {
    /// The locale whose language and number format the labels use; `nil` follows the app's
    /// current locale (`Locale.current`, read each time a label is made).
    public var locale: Locale?
    /// The app's own text for some labels, used instead of the translations in every language.
    ///
    /// Mark arguments as the label's ``OverlayLabel`` documentation shows (`%@`, or `%1$@` and
    /// `%2$@`); a `%` followed by anything else is shown as written.
    public var overrides: [OverlayLabel: String]

    /// Creates labels for `locale` (the app's current locale when `nil`) with the app's `overrides`.
    public init(locale: Locale? = nil, overrides: [OverlayLabel: String] = [:]) {
        self.locale = locale
        self.overrides = overrides
    }

    /// The translations in the app's current locale, with no override.
    public static let standard = OverlayLabels()

    /// The languages the package ships translations for, sorted: `de`, `en`, `es`, `fr`, `it`, `ja`,
    /// `ko`, `nl`, `pt-BR`, `zh-Hans`.
    package static var bundledLanguages: [String] { BundledOverlayStrings.tables.keys.sorted() }

    /// The locale the labels are made for now: ``locale``, or the app's current locale.
    package var effectiveLocale: Locale { locale ?? .current }

    /// These labels in `locale` when they name no locale of their own: a SwiftUI overlay passes
    /// its environment's locale, which a view may have set for its content.
    package func defaulting(to locale: Locale) -> OverlayLabels {
        var labels = self
        if labels.locale == nil { labels.locale = locale }
        return labels
    }

    /// The bundled language the translations come from for ``effectiveLocale`` (`en` when the
    /// package has none of its language).
    package var language: String {
        BundledOverlayStrings.language(for: effectiveLocale, among: BundledOverlayStrings.tables.keys)
    }

    /// The text of `label` before its arguments are filled in: the override, otherwise the
    /// translation, otherwise English.
    package func template(for label: OverlayLabel) -> String {
        if let override = overrides[label] { return override }
        return BundledOverlayStrings.text(label.key, language: language)
    }

    /// The text of `label` with `arguments` in place of its `%@` (in order) and `%1$@`, `%2$@`
    /// (by position) markers.
    package func text(_ label: OverlayLabel, _ arguments: String...) -> String {
        Self.fill(template(for: label), with: arguments)
    }

    /// The step counter for step `number` (from 1) of `count`, numbers formatted for the locale:
    /// "2 of 5", "2 von 5", "2 sur 5", "5단계 중 2단계".
    package func progress(_ number: Int, of count: Int) -> String {
        text(.progress, format(number), format(count))
    }

    /// What VoiceOver reads for a step counter (`progress`, from ``progress(_:of:)``): "Step 2 of 5".
    package func stepProgress(_ progress: String) -> String {
        text(.stepProgress, progress)
    }

    /// The title of a button doing `action`; `isLast` turns "Next" into "Done".
    package func title(of action: TooltipButton.Action, isLast: Bool = false) -> String {
        switch action {
        case .skip: text(.skip)
        case .back: text(.back)
        case .next: text(isLast ? .done : .next)
        }
    }

    /// A button doing `action`, titled with ``title(of:isLast:)``.
    package func button(_ action: TooltipButton.Action, isLast: Bool = false) -> TooltipButton {
        TooltipButton(action, title: title(of: action, isLast: isLast))
    }

    /// What to tell the user to do for `trigger`; `nil` for ``CompletionTrigger/button`` ("Next" says it).
    ///
    /// "Tap the highlighted element", "Swipe left", "Continues in 4 s", "Waiting for “exported”".
    package func instruction(for trigger: CompletionTrigger) -> String? {
        switch trigger {
        case .button: nil
        case .tap: text(.tapInstruction)
        case .swipe(let direction): text(.swipeInstruction(direction))
        case .timer(let seconds): text(.timerInstruction, format(seconds.isFinite ? max(0, seconds) : 0))
        case .event(let name): text(.eventInstruction, name)
        }
    }

    /// `number` as the locale writes it: "1,234" in English, "1.234" in German.
    package func format(_ number: Int) -> String {
        number.formatted(.number.locale(effectiveLocale))
    }

    /// `number` as the locale writes it, with at most two decimals: "2.5" in English, "2,5" in German.
    package func format(_ number: Double) -> String {
        guard number.isFinite else { return format(0) }
        return number.formatted(.number.precision(.fractionLength(0...2)).locale(effectiveLocale))
    }

    /// `template` with `arguments` in place of `%@` (the next argument), `%n$@` (argument `n`,
    /// from 1) and `%%` (a percent sign); any other `%`, and a marker with no argument, stay as written.
    static func fill(_ template: String, with arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var nextArgument = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("%") {
                result += "%"
                rest = after.dropFirst()
            } else if after.hasPrefix("@"), nextArgument < arguments.count {
                result += arguments[nextArgument]
                nextArgument += 1
                rest = after.dropFirst()
            } else if let position = Self.position(in: after, count: arguments.count) {
                result += arguments[position.index]
                rest = after.dropFirst(position.length)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }

    /// The argument a positional marker at the start of `text` (`1$@`) refers to, and the marker's
    /// length after the `%`; `nil` when `text` starts with none or refers past `count` arguments.
    private static func position(in text: Substring, count: Int) -> (index: Int, length: Int)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, text.dropFirst(digits.count).hasPrefix("$@"),
              let number = Int(digits), number >= 1, number <= count else { return nil }
        return (number - 1, digits.count + 2)
    }
}
