import Foundation
import Waypoint
import WaypointTools

/// The experiment form's values as typed, and the one `add-experiment` or `update-experiment` edit
/// they make (Server/README.md, "The dashboard"). The edit goes through the same code as
/// `POST /v1/apps/{app}/revisions/{base}/edits`, which checks every value: a weight that is not a
/// number is sent as typed, so the format's own message is shown beside the field.
struct ExperimentForm: Sendable {
    struct Variation: Sendable, Hashable {
        var name: String
        /// Percent, as typed.
        var weight: String
    }

    var key: String
    /// The flow (or walkthrough) whose goals and steps the form offers.
    var subject: String
    var variations: [Variation]
    /// Percent of users who take part, as typed.
    var coverage: String
    /// The condition builder's rows; ignored when ``keepsCondition``.
    var conditionRows: [ConditionRow]
    /// Whether the experiment's condition cannot be written as rows, so the form leaves it as it is.
    var keepsCondition: Bool
    var goal: String
    var guardrails: [String]
    /// Percent, as typed (10 is a relative effect of 0.1).
    var minimumDetectableEffect: String
    var hypothesis: String
    /// Problems of rows the form itself found (an operator it does not offer), by row.
    var rowProblems: [Int: String] = [:]

    /// A new experiment's form: a control and one variation, half each.
    static func blank(subject: String) -> ExperimentForm {
        ExperimentForm(
            key: "", subject: subject, variations: [Variation(name: "control", weight: "50"), Variation(name: "", weight: "50")],
            coverage: "", conditionRows: [ConditionRow("", .eq, "")], keepsCondition: false, goal: ExperimentGoal.complete.description,
            guardrails: [], minimumDetectableEffect: "", hypothesis: "")
    }

    /// The form of an existing experiment.
    init(experiment: ExperimentEntry, subject: String) {
        key = experiment.key
        self.subject = subject
        let weights = experiment.weights.flatMap { $0.count == experiment.variations.count ? $0 : nil }
        variations = experiment.variations.enumerated().map { index, name in
            Variation(name: name, weight: weights.map { Self.percent($0[index]) } ?? "")
        }
        coverage = experiment.coverage.map(Self.percent) ?? ""
        if let condition = experiment.condition {
            if let rows = ConditionRows.rows(from: condition.json) {
                conditionRows = rows.isEmpty ? [ConditionRow("", .eq, "")] : rows
                keepsCondition = false
            } else {
                conditionRows = []
                keepsCondition = true
            }
        } else {
            conditionRows = [ConditionRow("", .eq, "")]
            keepsCondition = false
        }
        let purpose = ResolveReport.ExperimentPurpose(experiment)
        goal = purpose.goal
        guardrails = purpose.guardrails
        minimumDetectableEffect = experiment.minimumDetectableEffect.map(Self.percent) ?? ""
        hypothesis = purpose.hypothesis ?? ""
    }

    init(
        key: String, subject: String, variations: [Variation], coverage: String, conditionRows: [ConditionRow], keepsCondition: Bool,
        goal: String, guardrails: [String], minimumDetectableEffect: String, hypothesis: String
    ) {
        self.key = key
        self.subject = subject
        self.variations = variations
        self.coverage = coverage
        self.conditionRows = conditionRows
        self.keepsCondition = keepsCondition
        self.goal = goal
        self.guardrails = guardrails
        self.minimumDetectableEffect = minimumDetectableEffect
        self.hypothesis = hypothesis
    }

    /// The submitted form. Rows left wholly empty are dropped; `keepsCondition` is the page's (the
    /// rows of a condition they cannot express are not sent).
    init(fields: FormFields, keepsCondition: Bool) {
        key = (fields["key"] ?? "").trimmingCharacters(in: .whitespaces)
        subject = fields["flow"] ?? ""
        variations = fields.rowNumbers(prefix: "variation").map { number in
            Variation(
                name: (fields["variation-\(number)-name"] ?? "").trimmingCharacters(in: .whitespaces),
                weight: (fields["variation-\(number)-weight"] ?? "").trimmingCharacters(in: .whitespaces))
        }.filter { !$0.name.isEmpty || !$0.weight.isEmpty }
        coverage = (fields["coverage"] ?? "").trimmingCharacters(in: .whitespaces)
        var rows: [ConditionRow] = []
        var problems: [Int: String] = [:]
        for number in fields.rowNumbers(prefix: "condition") {
            let attribute = fields["condition-\(number)-attribute"] ?? "", value = fields["condition-\(number)-value"] ?? ""
            let opText = fields["condition-\(number)-operator"] ?? ConditionRowOperator.eq.rawValue
            guard !attribute.trimmingCharacters(in: .whitespaces).isEmpty || !value.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let op = ConditionRowOperator(rawValue: opText)
            if op == nil {
                problems[rows.count] = "\(String(reflecting: opText)) is not an operator of this form; choose one of the list."
            }
            rows.append(ConditionRow(attribute, op ?? .eq, value))
        }
        conditionRows = rows
        rowProblems = problems
        self.keepsCondition = keepsCondition
        goal = fields["goal"] ?? ExperimentGoal.complete.description
        guardrails = fields.values("guardrail")
        minimumDetectableEffect = (fields["minimumDetectableEffect"] ?? "").trimmingCharacters(in: .whitespaces)
        // Browsers send a textarea's line breaks as CRLF.
        hypothesis = (fields["hypothesis"] ?? "").replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: The edit

    /// The condition the rows make (nil: everyone); throws the first row's problem.
    func condition() throws(ConditionRowError) -> JSONValue? {
        if let first = rowProblems.min(by: { $0.key < $1.key }) { throw ConditionRowError(row: first.key, message: first.value) }
        return try ConditionRows.condition(from: conditionRows)
    }

    /// The `add-experiment` edit of the form.
    func addEdit() throws(ConditionRowError) -> JSONValue {
        var experiment: [String: JSONValue] = ["key": .string(key), "variations": .array(variations.map { .string($0.name) })]
        if variations.contains(where: { !$0.weight.isEmpty }) {
            experiment["weights"] = .array(variations.map { Self.fraction(percent: $0.weight) ?? .string("") })
        }
        if let coverage = Self.fraction(percent: coverage) { experiment["coverage"] = coverage }
        if let condition = try condition() { experiment["condition"] = condition }
        experiment["goal"] = .string(goal)
        if !guardrails.isEmpty { experiment["guardrails"] = .array(guardrails.map(JSONValue.string)) }
        if let effect = Self.fraction(percent: minimumDetectableEffect) { experiment["minimumDetectableEffect"] = effect }
        if !hypothesis.isEmpty { experiment["hypothesis"] = .string(hypothesis) }
        return .object(["op": .string(DocumentEdit.Operation.addExperiment.rawValue), "experiment": .object(experiment)])
    }

    /// The `update-experiment` edit of the form: the fields that differ from `existing` (`null`
    /// removes one, back to its default).
    func updateEdit(of existing: ExperimentEntry) throws(ConditionRowError) -> JSONValue {
        var set: [String: JSONValue] = [:]
        let before = ExperimentForm(experiment: existing, subject: subject)
        if variations.map(\.weight) != before.variations.map(\.weight) {
            set["weights"] = variations.allSatisfy { $0.weight.isEmpty }
                ? .null : .array(variations.map { Self.fraction(percent: $0.weight) ?? .string("") })
        }
        if coverage != before.coverage { set["coverage"] = Self.fraction(percent: coverage) ?? .null }
        if !keepsCondition {
            let condition = try condition()
            let blank = [ConditionRow("", .eq, "")]
            let beforeRows = before.conditionRows == blank ? [] : before.conditionRows
            if conditionRows != beforeRows { set["condition"] = condition ?? .null }
        }
        if goal != before.goal { set["goal"] = .string(goal) }
        // The checkboxes list goals in the flow's order: the same goals in another order are no change.
        if guardrails.sorted() != before.guardrails.sorted() {
            set["guardrails"] = guardrails.isEmpty ? .null : .array(guardrails.map(JSONValue.string))
        }
        if minimumDetectableEffect != before.minimumDetectableEffect {
            set["minimumDetectableEffect"] = Self.fraction(percent: minimumDetectableEffect) ?? .null
        }
        if hypothesis != before.hypothesis.trimmingCharacters(in: .whitespacesAndNewlines) { set["hypothesis"] = hypothesis.isEmpty ? .null : .string(hypothesis) }
        return .object([
            "op": .string(DocumentEdit.Operation.updateExperiment.rawValue), "key": .string(existing.key), "set": .object(set),
        ])
    }

    /// The body of the edits route for one edit.
    static func body(_ edit: JSONValue) -> Data { Data(JSONValue.object(["edits": .array([edit])]).jsonText.utf8) }

    // MARK: Percentages

    /// A percentage as typed (`5`, `12.5`, `50 %`) as the share the document stores (`0.05`), the
    /// decimal moved two places so `5` is exactly the `0.05` a person would type in JSON; the text
    /// itself when it is not a number (the format then says what is wrong); nil when empty.
    static func fraction(percent text: String) -> JSONValue? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil,
              let decimal = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else { return .string(text) }
        let share = decimal / 100
        guard let value = Double(NSDecimalNumber(decimal: share).stringValue) else { return .string(text) }
        return .number(value)
    }

    /// A share (`0.05`) as the percentage the form shows (`5`).
    static func percent(_ share: Double) -> String {
        guard let decimal = Decimal(string: JSONValue.number(share).jsonText, locale: Locale(identifier: "en_US_POSIX")) else {
            return JSONValue.number(share * 100).jsonText
        }
        return NSDecimalNumber(decimal: decimal * 100).stringValue
    }

    // MARK: Where a finding belongs

    /// The form field a finding at document path `path` concerns, for the experiment at position
    /// `index` of the document's `experiments`: `key`, `variations`, `variation-N-name`,
    /// `variation-N-weight`, `weights`, `coverage`, `condition`, `goal`, `guardrails`,
    /// `minimumDetectableEffect`, `hypothesis` or `changes`; nil for any other place.
    static func field(ofPath path: String, experimentIndex index: Int) -> String? {
        let prefix = "experiments[\(index)]"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        guard rest.hasPrefix(".") else { return nil }
        let member = rest.dropFirst()
        let name = String(member.prefix { $0 != "." && $0 != "[" })
        let after = member.dropFirst(name.count)
        let position: Int? = after.hasPrefix("[") ? Int(after.dropFirst().prefix { $0 != "]" }) : nil
        switch name {
        case "key": return "key"
        case "variations": return position.map { "variation-\($0)-name" } ?? "variations"
        case "weights": return position.map { "variation-\($0)-weight" } ?? "weights"
        case "coverage", "condition", "goal", "guardrails", "minimumDetectableEffect", "hypothesis", "changes": return name
        default: return nil
        }
    }
}
