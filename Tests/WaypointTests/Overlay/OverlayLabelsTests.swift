import Foundation
import Testing
import TestSupport
@testable import Waypoint

@Suite("Overlay labels: bundled translations, locale fallback, number formats and app overrides")
struct OverlayLabelsTests {
    static let shipped = ["de", "en", "es", "fr", "it", "ja", "ko", "nl", "pt-BR", "zh-Hans"]

    /// Every label as the overlay shows it, with "2 of 5", 2.5 seconds and the event `exported`.
    static func shown(_ label: OverlayLabel, _ labels: OverlayLabels) -> String? {
        switch label {
        case .next: labels.title(of: .next)
        case .done: labels.title(of: .next, isLast: true)
        case .skip: labels.title(of: .skip)
        case .back: labels.title(of: .back)
        case .progress: labels.progress(2, of: 5)
        case .stepProgress: labels.stepProgress(labels.progress(2, of: 5))
        case .tapInstruction: labels.instruction(for: .tap(elementId: "x"))
        case .swipeLeftInstruction: labels.instruction(for: .swipe(.left))
        case .swipeRightInstruction: labels.instruction(for: .swipe(.right))
        case .swipeUpInstruction: labels.instruction(for: .swipe(.up))
        case .swipeDownInstruction: labels.instruction(for: .swipe(.down))
        case .timerInstruction: labels.instruction(for: .timer(seconds: 2.5))
        case .eventInstruction: labels.instruction(for: .event(name: "exported"))
        case .highlightedElement: labels.text(.highlightedElement)
        }
    }

    static let expected: [String: [OverlayLabel: String]] = [
        "en": [
            .next: "Next", .done: "Done", .skip: "Skip", .back: "Back", .progress: "2 of 5",
            .stepProgress: "Step 2 of 5", .tapInstruction: "Tap the highlighted element",
            .swipeLeftInstruction: "Swipe left", .swipeRightInstruction: "Swipe right",
            .swipeUpInstruction: "Swipe up", .swipeDownInstruction: "Swipe down",
            .timerInstruction: "Continues in 2.5 s", .eventInstruction: "Waiting for “exported”",
            .highlightedElement: "Highlighted element",
        ],
        "de": [
            .next: "Weiter", .done: "Fertig", .skip: "Überspringen", .back: "Zurück", .progress: "2 von 5",
            .stepProgress: "Schritt 2 von 5", .tapInstruction: "Tippe auf das hervorgehobene Element",
            .swipeLeftInstruction: "Nach links streichen", .swipeRightInstruction: "Nach rechts streichen",
            .swipeUpInstruction: "Nach oben streichen", .swipeDownInstruction: "Nach unten streichen",
            .timerInstruction: "Weiter in 2,5\u{A0}s", .eventInstruction: "Warten auf „exported“",
            .highlightedElement: "Hervorgehobenes Element",
        ],
        "fr": [
            .next: "Suivant", .done: "Terminé", .skip: "Passer", .back: "Retour", .progress: "2 sur 5",
            .stepProgress: "Étape 2 sur 5", .tapInstruction: "Touchez l’élément mis en évidence",
            .swipeLeftInstruction: "Balayez vers la gauche", .swipeRightInstruction: "Balayez vers la droite",
            .swipeUpInstruction: "Balayez vers le haut", .swipeDownInstruction: "Balayez vers le bas",
            .timerInstruction: "Suite dans 2,5\u{A0}s", .eventInstruction: "En attente de «\u{A0}exported\u{A0}»",
            .highlightedElement: "Élément mis en évidence",
        ],
        "es": [
            .next: "Siguiente", .done: "OK", .skip: "Omitir", .back: "Atrás", .progress: "2 de 5",
            .stepProgress: "Paso 2 de 5", .tapInstruction: "Toca el elemento resaltado",
            .swipeLeftInstruction: "Desliza hacia la izquierda", .swipeRightInstruction: "Desliza hacia la derecha",
            .swipeUpInstruction: "Desliza hacia arriba", .swipeDownInstruction: "Desliza hacia abajo",
            .timerInstruction: "Continúa en 2,5\u{A0}s", .eventInstruction: "Esperando “exported”",
            .highlightedElement: "Elemento resaltado",
        ],
        "pt-BR": [
            .next: "Seguinte", .done: "OK", .skip: "Pular", .back: "Voltar", .progress: "2 de 5",
            .stepProgress: "Etapa 2 de 5", .tapInstruction: "Toque no elemento destacado",
            .swipeLeftInstruction: "Deslize para a esquerda", .swipeRightInstruction: "Deslize para a direita",
            .swipeUpInstruction: "Deslize para cima", .swipeDownInstruction: "Deslize para baixo",
            .timerInstruction: "Continua em 2,5\u{A0}s", .eventInstruction: "Aguardando “exported”",
            .highlightedElement: "Elemento destacado",
        ],
        "it": [
            .next: "Avanti", .done: "Fine", .skip: "Salta", .back: "Indietro", .progress: "2 di 5",
            .stepProgress: "Passaggio 2 di 5", .tapInstruction: "Tocca l’elemento evidenziato",
            .swipeLeftInstruction: "Scorri verso sinistra", .swipeRightInstruction: "Scorri verso destra",
            .swipeUpInstruction: "Scorri verso l’alto", .swipeDownInstruction: "Scorri verso il basso",
            .timerInstruction: "Prosegue tra 2,5\u{A0}s", .eventInstruction: "In attesa di “exported”",
            .highlightedElement: "Elemento evidenziato",
        ],
        "nl": [
            .next: "Volgende", .done: "Gereed", .skip: "Sla over", .back: "Terug", .progress: "2 van 5",
            .stepProgress: "Stap 2 van 5", .tapInstruction: "Tik op het gemarkeerde onderdeel",
            .swipeLeftInstruction: "Veeg naar links", .swipeRightInstruction: "Veeg naar rechts",
            .swipeUpInstruction: "Veeg omhoog", .swipeDownInstruction: "Veeg omlaag",
            .timerInstruction: "Gaat over 2,5\u{A0}s verder", .eventInstruction: "Wachten op ‘exported’",
            .highlightedElement: "Gemarkeerd onderdeel",
        ],
        "ja": [
            .next: "次へ", .done: "完了", .skip: "スキップ", .back: "戻る", .progress: "2/5",
            .stepProgress: "ステップ 2/5", .tapInstruction: "ハイライトされた項目をタップ",
            .swipeLeftInstruction: "左にスワイプ", .swipeRightInstruction: "右にスワイプ",
            .swipeUpInstruction: "上にスワイプ", .swipeDownInstruction: "下にスワイプ",
            .timerInstruction: "2.5秒後に続行", .eventInstruction: "“exported”を待機中",
            .highlightedElement: "ハイライトされた項目",
        ],
        "ko": [
            .next: "다음", .done: "완료", .skip: "건너뛰기", .back: "뒤로", .progress: "5단계 중 2단계",
            .stepProgress: "5단계 중 2단계", .tapInstruction: "강조 표시된 항목을 탭하세요",
            .swipeLeftInstruction: "왼쪽으로 쓸어넘기세요", .swipeRightInstruction: "오른쪽으로 쓸어넘기세요",
            .swipeUpInstruction: "위로 쓸어올리세요", .swipeDownInstruction: "아래로 쓸어내리세요",
            .timerInstruction: "2.5초 후 계속", .eventInstruction: "‘exported’ 대기 중",
            .highlightedElement: "강조 표시된 항목",
        ],
        "zh-Hans": [
            .next: "下一步", .done: "完成", .skip: "跳过", .back: "返回", .progress: "第 2 步，共 5 步",
            .stepProgress: "第 2 步，共 5 步", .tapInstruction: "轻点高亮显示的项目",
            .swipeLeftInstruction: "向左轻扫", .swipeRightInstruction: "向右轻扫",
            .swipeUpInstruction: "向上轻扫", .swipeDownInstruction: "向下轻扫",
            .timerInstruction: "2.5 秒后继续", .eventInstruction: "正在等待“exported”",
            .highlightedElement: "高亮显示的项目",
        ],
    ]

    @Test("The translations load from the package's resource bundle, one table per shipped language")
    func bundledTablesLoad() throws {
        let bundle = BundledOverlayStrings.bundle
        // The build may change the case of a folder's name (SwiftPM writes `pt-br.lproj`).
        let resources = try #require(bundle.resourceURL)
        let built = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".lproj") }
        for language in Self.shipped {
            let folder = try #require(
                built.first { $0.lowercased() == language.lowercased() + ".lproj" }, "\(language).lproj is missing from \(bundle.bundlePath)")
            let url = resources.appendingPathComponent(folder).appendingPathComponent("Localizable.strings")
            let table = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: String])
            #expect(table == BundledOverlayStrings.tables[language], "\(language)")
        }
        #expect(OverlayLabels.bundledLanguages == Self.shipped)
        // Every language folder in the sources is shipped.
        let sources = Repository.root.appendingPathComponent("Sources/Waypoint/Resources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
        #expect(folders == OverlayLabels.bundledLanguages)
    }

    @Test("Every key of English is in every language, with the same argument markers, and every label has a key")
    func everyKeyInEveryLanguage() throws {
        let english = try #require(BundledOverlayStrings.tables["en"])
        #expect(Set(english.keys) == Set(OverlayLabel.allCases.map(\.key)), "the English table and OverlayLabel disagree")
        for (language, table) in BundledOverlayStrings.tables where language != "en" {
            for (key, text) in english {
                let translation = try #require(table[key], "\(language).lproj lacks \(key)")
                #expect(Self.markers(translation) == Self.markers(text), "\(language): \(key) has other markers than English")
                #expect(!translation.isEmpty)
            }
            #expect(Set(table.keys).subtracting(english.keys).isEmpty, "\(language).lproj has keys English lacks")
        }
        for label in OverlayLabel.allCases {
            #expect(Self.markers(english[label.key] ?? "").count == label.argumentCount, "\(label) takes \(label.argumentCount) arguments")
        }
    }

    @Test("A label with several arguments marks them by position in every language, so that a translation can reorder them")
    func severalArgumentsArePositional() throws {
        for label in OverlayLabel.allCases where label.argumentCount > 1 {
            for (language, table) in BundledOverlayStrings.tables {
                let text = try #require(table[label.key], "\(language) lacks \(label.key)")
                #expect(!text.contains("%@"), "\(language): \(label.key) has a marker without a position")
                #expect(Set(Self.markers(text)) == Set((1...label.argumentCount).map(String.init)), "\(language): \(label.key)")
            }
        }
        // Korean names the number of steps first.
        #expect(OverlayLabels(locale: Locale(identifier: "ko")).progress(2, of: 5) == "5단계 중 2단계")
    }

    @Test("Every key of every .strings file in the sources has a translator comment", arguments: shipped)
    func everyKeyHasAComment(language: String) throws {
        let url = Repository.root.appendingPathComponent("Sources/Waypoint/Resources/\(language).lproj/Localizable.strings")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var keys: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("\"") {
            let key = String(line.dropFirst().prefix { $0 != "\"" })
            keys.append(key)
            let previous = index > 0 ? lines[index - 1] : ""
            #expect(previous.hasPrefix("/* ") && previous.hasSuffix(" */") && previous.count > 10, "\(language): \(key) has no comment above it")
        }
        #expect(Set(keys) == Set(OverlayLabel.allCases.map(\.key)), "\(language): every label once, and nothing else")
        #expect(keys.count == OverlayLabel.allCases.count, "\(language): a key written twice")
    }

    @Test("A folder name's case is made BCP 47's", arguments: [
        ("pt-br", "pt-BR"), ("zh-hans", "zh-Hans"), ("ZH_HANT_tw", "zh-Hant-TW"), ("es-419", "es-419"), ("EN", "en"), ("de", "de"),
    ])
    func canonicalTag(folder: String, tag: String) {
        #expect(BundledOverlayStrings.canonicalTag(folder) == tag)
    }

    /// The `%@` / `%1$@` markers of a text, positional markers numbered, sorted.
    static func markers(_ text: String) -> [String] {
        var found: [String] = []
        var sequential = 0
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("@") {
                sequential += 1
                found.append("\(sequential)")
            } else if let dollar = after.firstIndex(of: "$"), after[..<dollar].allSatisfy(\.isNumber), !after[..<dollar].isEmpty {
                found.append(String(after[..<dollar]))
            }
            rest = after.dropFirst()
        }
        return found.sorted()
    }

    @Test("Each label in each shipped language", arguments: shipped)
    func eachLabel(language: String) throws {
        let labels = OverlayLabels(locale: Locale(identifier: language))
        #expect(labels.language == language)
        let expected = try #require(Self.expected[language])
        for label in OverlayLabel.allCases {
            #expect(Self.shown(label, labels) == expected[label], "\(language): \(label)")
        }
    }

    @Test("A locale falls back by truncation, then to its language in the same script, and to English when its language is not shipped", arguments: [
        ("de-AT", "de"), ("de_CH", "de"), ("fr-CA", "fr"), ("fr_BE", "fr"), ("en-GB", "en"), ("en_001", "en"),
        ("ja-JP", "ja"), ("pt-BR", "pt-BR"), ("pt_BR", "pt-BR"), ("pt-PT", "pt-BR"), ("pt", "pt-BR"), ("es-MX", "es"), ("es-419", "es"),
        ("it-CH", "it"), ("nl-BE", "nl"), ("ko-KR", "ko"), ("zh-CN", "zh-Hans"), ("zh-Hans-SG", "zh-Hans"), ("zh", "zh-Hans"),
        ("zh-Hant-TW", "en"), ("zh-TW", "en"), ("zh-HK", "en"), ("sv-SE", "en"), ("", "en"), ("en_US_POSIX", "en"),
    ])
    func fallback(identifier: String, language: String) {
        let labels = OverlayLabels(locale: Locale(identifier: identifier))
        #expect(labels.language == language)
        #expect(labels.title(of: .skip) == Self.expected[language]?[.skip])
        #expect(labels.text(.highlightedElement) == Self.expected[language]?[.highlightedElement])
    }

    @Test("A key missing from a language falls back to English, and one missing everywhere shows the key")
    func missingKeyFallback() {
        #expect(BundledOverlayStrings.text("overlay.next", language: "xx") == "Next")
        #expect(BundledOverlayStrings.text("overlay.noSuchLabel", language: "de") == "overlay.noSuchLabel")
        #expect(BundledOverlayStrings.language(for: Locale(identifier: "pt-BR"), among: ["en", "pt-BR", "pt"]) == "pt-BR")
        #expect(BundledOverlayStrings.language(for: Locale(identifier: "pt-PT"), among: ["en", "pt-BR", "pt"]) == "pt")
        #expect(BundledOverlayStrings.language(for: Locale(identifier: "zh-Hant-TW"), among: ["en", "zh-Hans", "zh-Hant"]) == "zh-Hant")
    }

    @Test("The counter and the seconds use the whole locale's number format, region included", arguments: [
        ("en", "1,234 of 5,678", "Continues in 1,234.5 s", "Continues in 0.33 s"),
        ("de", "1.234 von 5.678", "Weiter in 1.234,5\u{A0}s", "Weiter in 0,33\u{A0}s"),
        ("fr", "1\u{202F}234 sur 5\u{202F}678", "Suite dans 1\u{202F}234,5\u{A0}s", "Suite dans 0,33\u{A0}s"),
        ("de-CH", "1’234 von 5’678", "Weiter in 1’234.5\u{A0}s", "Weiter in 0.33\u{A0}s"),
        ("es", "1234 de 5678", "Continúa en 1234,5\u{A0}s", "Continúa en 0,33\u{A0}s"),
        ("pt-BR", "1.234 de 5.678", "Continua em 1.234,5\u{A0}s", "Continua em 0,33\u{A0}s"),
        ("ko", "5,678단계 중 1,234단계", "1,234.5초 후 계속", "0.33초 후 계속"),
    ])
    func numbers(identifier: String, progress: String, timer: String, third: String) {
        let labels = OverlayLabels(locale: Locale(identifier: identifier))
        #expect(labels.progress(1234, of: 5678) == progress)
        #expect(labels.instruction(for: .timer(seconds: 1234.5)) == timer)
        #expect(labels.instruction(for: .timer(seconds: 1.0 / 3)) == third, "at most two decimals")
        #expect(labels.instruction(for: .timer(seconds: -.infinity)) == labels.text(.timerInstruction, "0"))
    }

    @Test("The app's override wins over the translation, in every language")
    func overrideWins() {
        let overrides: [OverlayLabel: String] = [.skip: "Not now", .progress: "%1$@/%2$@", .stepProgress: "Tour %@", .highlightedElement: "Layers"]
        for language in Self.shipped + ["sv"] {
            let labels = OverlayLabels(locale: Locale(identifier: language), overrides: overrides)
            #expect(labels.title(of: .skip) == "Not now")
            #expect(labels.progress(2, of: 5) == "2/5")
            #expect(labels.title(of: .next) == Self.expected[language == "sv" ? "en" : language]?[.next], "labels not overridden stay translated")
            let content = TooltipContent(text: "Hi", trigger: .button, canSkip: true, canGoBack: false, number: 2, count: 5, labels: labels)
            #expect(content.buttons.map(\.title).first == "Not now")
            #expect(content.progress == "2/5")
            #expect(content.accessibilityLabel == "Hi. Tour 2/5.")
            #expect(content.targetAccessibilityLabel == "Layers")
        }
    }

    @Test("Arguments fill %@, %n$@ and %%; any other % and markers past the arguments stay as written", arguments: [
        ("%1$@ of %2$@", ["2", "5"], "2 of 5"),
        ("%2$@ — %1$@", ["2", "5"], "5 — 2"),
        ("%@ then %@", ["a", "b"], "a then b"),
        ("100%% %@", ["a"], "100% a"),
        ("%d %s %3$@ %@ %", ["a"], "%d %s %3$@ a %"),
        ("%@ %@", ["a"], "a %@"),
        ("no markers", ["a"], "no markers"),
        ("%0$@ %99999$@", ["a"], "%0$@ %99999$@"),
    ])
    func fill(template: String, arguments: [String], expected: String) {
        #expect(OverlayLabels.fill(template, with: arguments) == expected)
    }

    @Test("A German tooltip is laid out with the German titles' widths, counter and accessibility labels")
    func germanLayout() throws {
        let measurer = ApproximateTextMeasurer()
        let german = OverlayStyle(labels: OverlayLabels(locale: Locale(identifier: "de-DE")))
        let english = OverlayStyle(labels: OverlayLabels(locale: Locale(identifier: "en-US")))
        func layout(_ style: OverlayStyle) -> OverlayLayout {
            OverlayLayout(
                step: layeringToolbar, index: 1, of: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50),
                screen: phone, safeArea: phoneSafeArea, style: style, measurer: measurer)
        }
        let de = layout(german)
        #expect(de.tooltip.buttons.map(\.button.title) == ["Überspringen", "Zurück", "Weiter"])
        for placed in de.tooltip.buttons {
            #expect(placed.frame.width == measurer.width(of: placed.button.title, role: .button) + 2 * german.buttonPadding)
        }
        #expect(de.tooltip.progress?.text == "2 von 3")
        #expect(de.tooltip.progress?.frame.width == measurer.width(of: "2 von 3", role: .progress))
        let en = layout(english)
        let skipDE = try #require(de.tooltip.buttons.first)
        let skipEN = try #require(en.tooltip.buttons.first)
        #expect(skipDE.frame.width > skipEN.frame.width, "Überspringen is longer than Skip")
        #expect(de.accessibilityElements.map(\.label).last == "Hervorgehobenes Element")
        #expect(de.accessibilityElements.first?.label.hasSuffix("Schritt 2 von 3.") == true)
        // The buttons fit in the tooltip, one row or two.
        for placed in de.tooltip.buttons {
            #expect(placed.frame.maxX <= de.tooltip.frame.width - german.contentPadding + 1e-9)
        }
    }

    @Test("The coordinator's layout takes its labels from the style")
    func presentationLayout() {
        let presentation = HintPresentation(
            hint: HintID(walkthroughId: "layering", stepId: "toolbar"), anchorId: "editor.bottomToolbar",
            tooltipText: "Hi", tooltipPosition: .above, highlightShape: .rectangle(cornerRadius: 8),
            completionTrigger: .button, canSkip: false, canGoBack: false, stepNumber: 3, stepCount: 3)
        let style = OverlayStyle(labels: OverlayLabels(locale: Locale(identifier: "fr"), overrides: [.done: "C’est parti"]))
        let layout = OverlayLayout(
            presentation: presentation, target: OverlayRect(x: 0, y: 700, width: 390, height: 50), screen: phone, style: style)
        #expect(layout.tooltip.buttons.map(\.button) == [TooltipButton(.next, title: "C’est parti")])
        #expect(layout.tooltip.progress?.text == "3 sur 3")
        #expect(presentation.progressText(labels: style.labels) == "3 sur 3")
    }

    @Test("Without a locale, labels follow the app's current locale")
    func defaultLocale() {
        let current = OverlayLabels(locale: .current)
        #expect(OverlayLabels.standard.language == current.language)
        #expect(OverlayLabels.standard.effectiveLocale.identifier == Locale.current.identifier)
        #expect(TooltipButton.skip.title == current.title(of: .skip))
        #expect(TooltipContent.instruction(for: .tap(elementId: "x")) == current.instruction(for: .tap(elementId: "x")))
    }

    @Test("An environment's locale applies only to labels that name none")
    func defaultingLocale() {
        let french = Locale(identifier: "fr-FR")
        #expect(OverlayLabels().defaulting(to: french).title(of: .next) == "Suivant")
        let german = OverlayLabels(locale: Locale(identifier: "de"), overrides: [.back: "Vorher"])
        #expect(german.defaulting(to: french) == german)
        #expect(german.defaulting(to: french).title(of: .next) == "Weiter")
    }
}
