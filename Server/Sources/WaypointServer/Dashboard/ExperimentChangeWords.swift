import Foundation
import Waypoint
import WaypointTools

/// A variation's change to a step in words, one line per field: `paywall · screen: PaywallAnnual`,
/// `paywall · headline: "Save 40% with a year" (en), "Spare 40 %" (de)`, `paywall · trialDays removed`; a
/// hint's fields by the names its editor gives them: `intro · position: "above"`, `intro · done on: tap (elementId "x")`.
enum ExperimentChangeWords {
    /// The lines of one change, in the format's order of fields.
    static func lines(_ change: ExperimentChange) -> [String] {
        guard let data = try? JSONEncoder().encode(change), case .object(let written)? = try? JSONValue(parsing: data),
              case .object(let set)? = written["set"]
        else { return [] }
        let fields = DocumentEdits.fieldNames(of: change)
        var lines: [String] = []
        let isHint = change.walkthrough != nil
        for field in fields {
            guard let value = set[field] else { continue }
            switch (field, value) {
            case ("content", .object(let members)):
                for key in members.keys.sorted() {
                    let item = members[key] ?? .null
                    lines.append(item.isNull ? "\(change.step) · \(key) removed" : "\(change.step) · \(key): \(words(item))")
                }
            case ("skip", .bool(true)):
                lines.append("\(change.step) · skipped")
            case ("when", _):
                lines.append("\(change.step) · shown when \(ConditionRows.words(value))")
            case ("on", .object(let outcomes)):
                let pairs = outcomes.keys.sorted().map { "\($0) → \(words(outcomes[$0] ?? .null))" }
                lines.append("\(change.step) · outcomes: \(pairs.joined(separator: ", "))")
            default:
                lines.append("\(change.step) · \(isHint ? hintField(field) : field): \(words(value))")
            }
        }
        return lines
    }

    /// A hint's field as the hint editor names it.
    static func hintField(_ field: String) -> String {
        switch field {
        case "tooltipText": "text"
        case "tooltipPosition": "position"
        case "highlightShape": "highlight"
        case "completionTrigger": "done on"
        case "canSkip": "can be skipped"
        case "targetElementId": "element"
        default: field
        }
    }

    /// A value in words: a text quoted, a localized text per locale, a list by commas, an object of a
    /// `type` (a hint's highlight or trigger) as the type and its other members.
    static func words(_ value: JSONValue) -> String {
        switch value {
        case .null: return "removed"
        case .bool, .number: return value.jsonText
        case .string(let text): return "\"\(text)\""
        case .array(let items): return items.map(words).joined(separator: ", ")
        case .object(let members):
            if members.count == 1, case .object(let translations)? = members["$text"] {
                return translations.keys.sorted().map { "\(words(translations[$0] ?? .null)) (\($0))" }.joined(separator: ", ")
            }
            let others = members.keys.sorted().filter { $0 != "type" }.map { "\($0) \(words(members[$0] ?? .null))" }.joined(separator: ", ")
            if case .string(let type)? = members["type"] { return others.isEmpty ? type : "\(type) (\(others))" }
            return others
        }
    }
}
