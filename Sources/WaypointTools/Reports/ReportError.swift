import Foundation
import Waypoint

/// Why a report could not be computed; the message says how to fix it.
public struct ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case missingFile(String)
        case notAFile(String)
        case unreadable(path: String, message: String)
        case noSteps(flowID: String)
        case tooManySteps(Int)
        case damagedContributions(String)
        case sequentialFromContributions(flowID: String)
        case noValidEvents(source: String?, invalidLines: Int, line: Int64, why: String)
        case noEventsOfFlow(flowID: String, otherFlows: [String], events: Int)
        case noEventsOfWalkthrough(walkthroughID: String, otherWalkthroughs: [String], events: Int)
        case unknownSteps([String], flowID: String, known: [String])
        case notGroupedByUser(String)
        case severalExperiments([String], subject: Subject)
        case unknownExperiment(String, subject: Subject, carried: [String])
        case experimentNotInDocument(String, known: [String])
        case unknownVariation(String, experiment: String, variations: [String])
        case experimentFlowNotInDocument(String, experiment: String, known: [String])
        case experimentDoesNotReach(String, experiment: String, reached: [String])
        case experimentReachesNothing(String)
        case experimentReachesSeveral(String, reached: [String])
        case unknownGoalStep(String, subject: Subject, known: [String])
        case unknownGoalOutcome(step: String, outcome: String, subject: Subject, known: [String])
        case badMinimumDetectableEffect(Double)
        case unknownDimension(String, choices: [String])
    }

    /// What a report is about, as its messages name it.
    enum Subject: Sendable, Equatable {
        case flow(String)
        case walkthrough(String)

        var text: String {
            switch self {
            case .flow(let id): "flow \"\(id)\""
            case .walkthrough(let id): "walkthrough \"\(id)\""
            }
        }
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func missingFile(_ path: String) -> ReportError { ReportError(.missingFile(path)) }
    static func notAFile(_ path: String) -> ReportError { ReportError(.notAFile(path)) }
    static func unreadable(_ path: String, _ error: SystemCallError) -> ReportError {
        ReportError(.unreadable(path: path, message: error.message))
    }
    static func noSteps(flowID: String) -> ReportError { ReportError(.noSteps(flowID: flowID)) }
    static func tooManySteps(_ count: Int) -> ReportError { ReportError(.tooManySteps(count)) }
    static func damagedContributions(_ error: ContributionError) -> ReportError { ReportError(.damagedContributions(error.description)) }
    static func sequentialFromContributions(flowID: String) -> ReportError { ReportError(.sequentialFromContributions(flowID: flowID)) }
    static func noValidEvents(source: String?, invalidLines: Int, line: Int64, bytes: [UInt8]) -> ReportError {
        ReportError(.noValidEvents(source: source, invalidLines: invalidLines, line: line, why: Self.whyInvalid(bytes)))
    }
    static func noEventsOfFlow(_ flowID: String, otherFlows: [String], events: Int) -> ReportError {
        ReportError(.noEventsOfFlow(flowID: flowID, otherFlows: otherFlows.sorted(), events: events))
    }
    static func noEventsOfWalkthrough(_ walkthroughID: String, otherWalkthroughs: [String], events: Int) -> ReportError {
        ReportError(.noEventsOfWalkthrough(walkthroughID: walkthroughID, otherWalkthroughs: otherWalkthroughs.sorted(), events: events))
    }
    static func unknownSteps(_ steps: [String], flowID: String, known: [String]) -> ReportError {
        ReportError(.unknownSteps(steps, flowID: flowID, known: known))
    }
    static func notGroupedByUser(_ userID: String) -> ReportError { ReportError(.notGroupedByUser(userID)) }
    static func severalExperiments(_ experiments: [String], of subject: Subject) -> ReportError {
        ReportError(.severalExperiments(experiments.sorted(), subject: subject))
    }
    static func unknownExperiment(_ key: String, of subject: Subject, carried: [String]) -> ReportError {
        ReportError(.unknownExperiment(key, subject: subject, carried: carried.sorted()))
    }

    static func experimentNotInDocument(_ key: String, known: [String]) -> ReportError {
        ReportError(.experimentNotInDocument(key, known: known))
    }
    static func unknownVariation(_ name: String, experiment: String, variations: [String]) -> ReportError {
        ReportError(.unknownVariation(name, experiment: experiment, variations: variations))
    }
    static func experimentFlowNotInDocument(_ id: String, experiment: String, known: [String]) -> ReportError {
        ReportError(.experimentFlowNotInDocument(id, experiment: experiment, known: known))
    }
    static func experimentDoesNotReach(_ id: String, experiment: String, reached: [String]) -> ReportError {
        ReportError(.experimentDoesNotReach(id, experiment: experiment, reached: reached))
    }
    static func experimentReachesNothing(_ key: String) -> ReportError { ReportError(.experimentReachesNothing(key)) }
    static func experimentReachesSeveral(_ key: String, reached: [String]) -> ReportError {
        ReportError(.experimentReachesSeveral(key, reached: reached))
    }
    static func unknownGoalStep(_ step: String, of subject: Subject, known: [String]) -> ReportError {
        ReportError(.unknownGoalStep(step, subject: subject, known: known))
    }
    static func unknownGoalOutcome(step: String, outcome: String, of subject: Subject, known: [String]) -> ReportError {
        ReportError(.unknownGoalOutcome(step: step, outcome: outcome, subject: subject, known: known))
    }
    static func badMinimumDetectableEffect(_ value: Double) -> ReportError { ReportError(.badMinimumDetectableEffect(value)) }
    static func unknownDimension(_ by: String, choices: [String]) -> ReportError { ReportError(.unknownDimension(by, choices: choices)) }

    /// Whether the report was refused because it cannot be split by what `by` names.
    public var isUnknownDimension: Bool {
        if case .unknownDimension = reason { return true }
        return false
    }

    /// When an experiment report was refused because the document has no such experiment, the
    /// experiment asked for and the document's experiments; `nil` for any other reason.
    public var experimentNotInDocument: (key: String, known: [String])? {
        if case .experimentNotInDocument(let key, let known) = reason { return (key, known) }
        return nil
    }

    /// Whether an experiment report was refused because of what was asked (a variation, flow or
    /// goal the document does not have for the experiment), not because of the events.
    public var isExperimentQueryProblem: Bool {
        switch reason {
        case .experimentNotInDocument, .unknownVariation, .experimentFlowNotInDocument, .experimentDoesNotReach,
             .experimentReachesNothing, .experimentReachesSeveral, .unknownGoalStep, .unknownGoalOutcome,
             .badMinimumDetectableEffect, .unknownDimension:
            return true
        default:
            return false
        }
    }

    /// When `--by variation` was refused because the events carry more than one experiment, those
    /// experiments, sorted (a caller with its own spelling of `--experiment` words its own message).
    public var experimentsToChooseFrom: [String]? {
        if case .severalExperiments(let experiments, _) = reason { return experiments }
        return nil
    }

    /// Whether the events file does not exist.
    public var isMissingFile: Bool {
        if case .missingFile = reason { return true }
        return false
    }

    /// The flow a report found no events of, and the flows its input had events of (sorted), when
    /// that is why it failed; `nil` for any other reason.
    ///
    /// A caller that words the error itself (the server's API) reads the facts here.
    public var flowWithoutEvents: (flowID: String, flowsWithEvents: [String])? {
        if case .noEventsOfFlow(let flowID, let others, _) = reason { return (flowID, others) }
        return nil
    }

    /// The walkthrough a report found no events of, and the walkthroughs its input had events of
    /// (sorted), when that is why it failed; `nil` for any other reason.
    public var walkthroughWithoutEvents: (walkthroughID: String, walkthroughsWithEvents: [String])? {
        if case .noEventsOfWalkthrough(let walkthroughID, let others, _) = reason { return (walkthroughID, others) }
        return nil
    }

    /// The name of `candidates` that `name` is likely a typo of, or `nil`: the did-you-mean of
    /// every report message, for callers that word the error themselves.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        Spelling.suggestion(for: name, among: candidates)
    }

    public var description: String {
        switch reason {
        case .missingFile(let path):
            return "No events file at \(path). Pass the JSON Lines file your app or server wrote, e.g. events.jsonl."
        case .notAFile(let path):
            return "\(path) is not a regular file. Pass a JSON Lines file of events."
        case .unreadable(let path, let message):
            return "Could not read \(path): \(message)."
        case .noSteps(let flowID):
            return "No steps to measure for flow \"\(flowID)\": --steps is empty. List the steps in order, such as --steps splash,login."
        case .damagedContributions(let message):
            return message
        case .unknownDimension(let by, let choices):
            let hint = Spelling.suggestion(for: by, among: choices).map { " Did you mean \"\($0)\"?" } ?? ""
            return "This report cannot be split by \"\(by)\".\(hint) Split it by one of: \(choices.joined(separator: ", "))."
        case .sequentialFromContributions(let flowID):
            return "A sequential funnel of flow \"\(flowID)\" follows each user's attempts in time, which report contributions do not keep; "
                + "compute it over the events (the export of the flow)."
        case .tooManySteps(let count):
            return "\(count) steps is more than a funnel can measure (at most 65533). List fewer steps."
        case .noValidEvents(let source, let invalidLines, let line, let why):
            let file = source.map { "\($0) has" } ?? "The input has"
            return "\(file) no valid events (\(invalidLines) invalid \(invalidLines == 1 ? "line" : "lines"); line \(line): \(why)). "
                + "Pass a JSON Lines file: one event object per line."
        case .noEventsOfFlow(let flowID, let others, let events):
            guard !others.isEmpty else {
                return events == 0
                    ? "No events of flow \"\(flowID)\": the input has no events. Pass the events your app or server wrote."
                    : "No events of flow \"\(flowID)\" among \(events) events (none of them is a flow event). Check the flow id, "
                        + "or pass --document to report on a flow without events yet."
            }
            let hint = Spelling.suggestion(for: flowID, among: others).map { " Did you mean \"\($0)\"?" } ?? ""
            return "No events of flow \"\(flowID)\".\(hint) Flows with events: \(others.joined(separator: ", ")). "
                + "Check the flow id, or pass --document to report on a flow without events yet."
        case .noEventsOfWalkthrough(let walkthroughID, let others, let events):
            guard !others.isEmpty else {
                return events == 0
                    ? "No events of walkthrough \"\(walkthroughID)\": the input has no events. Pass the events your app or server wrote."
                    : "No events of walkthrough \"\(walkthroughID)\" among \(events) events (none of them is a walkthrough event). "
                        + "Check the walkthrough id, or pass --document to report on a walkthrough without events yet."
            }
            let hint = Spelling.suggestion(for: walkthroughID, among: others).map { " Did you mean \"\($0)\"?" } ?? ""
            return "No events of walkthrough \"\(walkthroughID)\".\(hint) Walkthroughs with events: \(others.joined(separator: ", ")). "
                + "Check the walkthrough id, or pass --document to report on a walkthrough without events yet."
        case .unknownSteps(let steps, let flowID, let known):
            // Bounded whatever was asked: the first few unknown steps, each with its did-you-mean,
            // and every known step only when there are few of them, else the closest few and the count.
            let shown = steps.prefix(Self.listedNames)
            let each = shown.map { step in
                "\"\(step)\"" + (Spelling.suggestion(for: step, among: known).map { " (did you mean \"\($0)\"?)" } ?? "")
            }
            let more = steps.count > shown.count ? " (and \(steps.count - shown.count) more)" : ""
            let knownText = known.count <= Self.listedNames * 2
                ? "Known steps: \(known.joined(separator: ", "))."
                : "Closest known steps: \(Spelling.closest(to: Array(shown), among: known, limit: Self.listedNames).joined(separator: ", ")) "
                    + "(of \(known.count) known)."
            return "No event of flow \"\(flowID)\" mentions step \(each.joined(separator: ", "))\(more)"
                + " and no document declares \(steps.count == 1 ? "it" : "them"). \(knownText) "
                + "Fix the step \(steps.count == 1 ? "id" : "ids"), or pass --document when \(steps.count == 1 ? "the step has" : "the steps have") "
                + "no events yet."
        case .severalExperiments(let experiments, let subject):
            return "The events of \(subject.text) carry \(experiments.count) experiments: \(experiments.joined(separator: ", ")). "
                + "--by variation splits users by the variations of one experiment; pass --experiment KEY to say which, "
                + "such as --experiment \(experiments.first ?? "KEY")."
        case .unknownExperiment(let key, let subject, let carried):
            guard !carried.isEmpty else {
                return "No event of \(subject.text) carries experiment \"\(key)\": none of its events carries an experiment. "
                    + "Check the experiment key, or drop --experiment."
            }
            let hint = Spelling.suggestion(for: key, among: carried).map { " Did you mean \"\($0)\"?" } ?? ""
            return "No event of \(subject.text) carries experiment \"\(key)\".\(hint) Experiments its events carry: "
                + "\(carried.joined(separator: ", ")). Pass one of them to --experiment."
        case .experimentNotInDocument(let key, let known):
            guard !known.isEmpty else {
                return "The document has no experiment \"\(key)\": it declares no experiments. Add it to the document's experiments, "
                    + "or pass the document the experiment runs in."
            }
            let hint = Spelling.suggestion(for: key, among: known).map { " Did you mean \"\($0)\"?" } ?? ""
            return "The document has no experiment \"\(key)\".\(hint) Its experiments: \(known.joined(separator: ", ")). "
                + "Check the experiment key."
        case .unknownVariation(let name, let experiment, let variations):
            let hint = Spelling.suggestion(for: name, among: variations).map { " Did you mean \"\($0)\"?" } ?? ""
            return "Experiment \"\(experiment)\" has no variation \"\(name)\".\(hint) Its variations: "
                + "\(variations.joined(separator: ", ")). Choose the control among them (the first is the default)."
        case .experimentFlowNotInDocument(let id, let experiment, let known):
            let hint = Spelling.suggestion(for: id, among: known).map { " Did you mean \"\($0)\"?" } ?? ""
            return "The document has no flow or walkthrough \"\(id)\".\(hint) Experiment \"\(experiment)\" reaches: "
                + "\(known.isEmpty ? "nothing" : known.joined(separator: ", ")). Pass one of them as the flow."
        case .experimentDoesNotReach(let id, let experiment, let reached):
            let hint = Spelling.suggestion(for: id, among: reached).map { " Did you mean \"\($0)\"?" } ?? ""
            return "Experiment \"\(experiment)\" does not reach \"\(id)\": no entry of it, or of a subflow it runs, varies by "
                + "the experiment.\(hint) It reaches: \(reached.isEmpty ? "nothing" : reached.joined(separator: ", ")). "
                + "Pass one of them as the flow."
        case .experimentReachesNothing(let key):
            return "Experiment \"\(key)\" reaches no flow or walkthrough: no entry names it. Give an entry of a flow "
                + "\"experiment\": \"\(key)\" and a \"variation\", then report on it."
        case .experimentReachesSeveral(let key, let reached):
            return "Experiment \"\(key)\" reaches \(reached.count) flows or walkthroughs: \(reached.joined(separator: ", ")). "
                + "Say which one to report on with --flow (flow= on the API), such as --flow \(reached.first ?? "ID")."
        case .unknownGoalStep(let step, let subject, let known):
            let hint = Spelling.suggestion(for: step, among: known).map { " Did you mean \"\($0)\"?" } ?? ""
            return "The goal names step \"\(step)\", which \(subject.text) does not have.\(hint) Its steps: "
                + "\(known.joined(separator: ", ")). Use $complete, a step id, or STEP:OUTCOME."
        case .unknownGoalOutcome(let step, let outcome, let subject, let known):
            let hint = Spelling.suggestion(for: outcome, among: known).map { " Did you mean \"\(step):\($0)\"?" } ?? ""
            return "The goal names outcome \"\(outcome)\" of step \"\(step)\", which it does not declare in \(subject.text).\(hint) "
                + "Its outcomes: \(known.joined(separator: ", ")). Use STEP:OUTCOME with one of them."
        case .badMinimumDetectableEffect(let value):
            return "The minimum detectable effect is \(value); it is a relative uplift above 0, such as 0.1 for 10%."
        case .notGroupedByUser(let user):
            return "The events of user \"\(user)\" came back after another user's: compute(userOrderedEvents:) needs each user's "
                + "events together. Order them by user, or use compute(events:)."
        }
    }

    /// The most names a message lists of something that can be long (the unknown steps of a funnel,
    /// the closest known ones); a list of known names at most twice as long is given whole.
    static let listedNames = 5

    /// Why a line is not a valid event, in a few words.
    static func whyInvalid(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x1F, 0x8B]) {
            return "the file is gzip-compressed; decompress it first (gunzip)"
        }
        let text = bytes.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        if text.first == UInt8(ascii: "[") {
            return "a JSON array, not one event object per line; convert it with jq -c '.[]'"
        }
        guard String(validating: bytes, as: UTF8.self) != nil || bytes.count == 256 else {
            return "not UTF-8 text (a binary file?)"
        }
        guard text.first == UInt8(ascii: "{") else { return "not a JSON object" }
        do {
            _ = try JSONDecoder().decode(OnboardingEvent.self, from: Data(bytes))
            if let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
               object["event"] as? String == "Step Viewed" {
                return "a Step Viewed event needs a flowId and a stepId"
            }
            return "not a valid event"
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, _): return "the field \"\(key.stringValue)\" is missing"
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                return "the field \"\(context.codingPath.last?.stringValue ?? "?")\" has the wrong type"
            case .dataCorrupted(let context):
                if let key = context.codingPath.last { return "the field \"\(key.stringValue)\": \(context.debugDescription)" }
                return bytes.count == 256 ? "not a valid event" : "not valid JSON"
            @unknown default:
                return "not a valid event"
            }
        } catch {
            return "not valid JSON"
        }
    }
}
