import Waypoint
import Foundation

/// One answer to `waypoint play`, typed at the prompt or given as an item of `--script`: both are read
/// by ``read(_:choices:canGoBack:)``, so they accept the same things.
enum PlayAnswer: Equatable {
    /// Leave the step with this choice (an outcome of a flow step, an action of a hint).
    case choice(String)
    /// Go back to the previous step.
    case back
    /// Stop here.
    case quit

    /// What `text` asks for at a step offering `choices` (in order; numbered from 1), or a message
    /// that says what can be typed instead.
    ///
    /// An empty answer means `next` when `next` is offered (the first choice of a hint); a number picks
    /// that choice; `back` is accepted only when going back is possible; an answer that differs from a
    /// choice by case or a typo gets a suggestion.
    static func read(_ text: String, choices: [String], canGoBack: Bool, emptyMeans fallback: String? = Outcome.next) -> Result<PlayAnswer, Refusal> {
        let answer = text.trimmingCharacters(in: .whitespaces)
        let offered = "Type " + options(choices: choices, canGoBack: canGoBack) + "."
        if answer.isEmpty {
            guard let fallback, choices.contains(fallback) else {
                return .failure(Refusal("An empty answer means `next`, which this step does not offer. \(offered)"))
            }
            return .success(.choice(fallback))
        }
        if answer == "quit" || answer == "q" { return .success(.quit) }
        if answer == Outcome.back {
            guard canGoBack else { return .failure(Refusal("`back` is not possible at the first step. \(offered)")) }
            return .success(.back)
        }
        if let number = Int(answer) {
            guard number >= 1, number <= choices.count else {
                return .failure(Refusal("There is no choice \(number) here. \(offered)"))
            }
            return .success(.choice(choices[number - 1]))
        }
        if choices.contains(answer) { return .success(.choice(answer)) }
        let candidates = choices + (canGoBack ? [Outcome.back] : []) + ["quit"]
        let hint = Spelling.suggestion(for: answer, among: candidates).map { " Did you mean `\($0)`?" } ?? ""
        return .failure(Refusal("`\(answer)` is not accepted here.\(hint) \(offered)"))
    }

    /// "1 `login`, 2 `register`, `back` or `quit`".
    static func options(choices: [String], canGoBack: Bool) -> String {
        let items = choices.enumerated().map { "\($0.offset + 1) `\($0.element)`" } + (canGoBack ? ["`back`"] : []) + ["`quit`"]
        return items.dropLast().joined(separator: ", ") + " or " + (items.last ?? "")
    }

    /// The items of `--script`, in order: split at commas, each trimmed; an empty item is an empty answer.
    static func scriptItems(_ script: String) -> [String] {
        script.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Why an answer was refused, and what to type instead.
    struct Refusal: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
