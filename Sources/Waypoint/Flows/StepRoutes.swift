/// Where each step of one flow leads: the single statement of Waypoint's navigation rules.
///
/// The runtime (``FlowState`` through ``FlowDefinition``), the document's graph (lint, `paths`,
/// `graph`) and the command-line player all read their navigation from this table, so they cannot
/// disagree. It knows the steps' shapes only — ids, declared outcomes, whether a step runs a
/// subflow — never their conditions or contexts. The rules:
///
/// - A step with declared outcomes accepts exactly those, except `back`, which is reserved for
///   going back. A step without any accepts `next`, which leads to the following step in declared
///   order, and from the last step completes the flow.
/// - A skipped step (its condition is false) continues with its `skip` outcome if it declares
///   one, otherwise its `next` outcome, otherwise declared order.
/// - A subflow step, once its subflow completes, continues with its outcome `next` under the same
///   rule: declared, or declared order when it declares no outcomes. A subflow step whose outcomes
///   do not include `next` cannot go on (lint reports it as `dead-end`).
/// - The flow starts at the declared start step, otherwise the first; a flow without steps
///   completes at once.
/// - A step id names the first step declared with it.
@usableFromInline
package final class StepRoutes: Sendable, Hashable {
    /// Where a route leads, resolved against the list.
    @usableFromInline
    package enum Resolved: Sendable, Hashable {
        /// The step at this position.
        case step(Int)
        /// The flow completes.
        case complete
        /// A step id the list does not declare.
        case unknown(String)
    }

    /// One way out of a step.
    @usableFromInline
    package struct Route: Sendable, Hashable {
        /// Why a route exists.
        @usableFromInline
        package enum Kind: Sendable, Hashable {
            /// An outcome the step declares.
            case declared
            /// `next` to the following step (or completion), because the step declares no outcome it could use.
            case documentOrder
        }

        /// The outcome's name.
        @usableFromInline package let outcome: String
        /// The target as declared.
        @usableFromInline package let target: Destination
        /// The target, resolved.
        @usableFromInline package let destination: Resolved
        @usableFromInline package let kind: Kind
    }

    /// What the rules need to know of a step.
    struct Shape<Outcomes: Collection> where Outcomes.Element == (name: String, target: Destination) {
        let id: String
        /// The outcomes the step declares, in declaration order (empty when it declares none).
        let outcomes: Outcomes
        let runsSubflow: Bool
    }

    /// The step ids, in declared order.
    @usableFromInline package let ids: [String]
    /// The position of the first step with each id.
    @usableFromInline package let positions: [String: Int]
    /// The outcomes each step accepts, in declaration order.
    @usableFromInline package let outcomes: [[Route]]
    /// Where each step goes when it is skipped.
    @usableFromInline package let skips: [Route]
    /// Where the flow starts.
    @usableFromInline package let start: Resolved
    /// The id of the start step as declared (or the first step's), `nil` for a flow without steps.
    @usableFromInline package let startID: String?
    /// Whether each step runs a subflow.
    @usableFromInline package let runsSubflow: [Bool]

    init<Outcomes>(_ shapes: [Shape<Outcomes>], start declaredStart: String?) {
        ids = shapes.map(\.id)
        runsSubflow = shapes.map(\.runsSubflow)
        // Each id is looked up once here; the position each step's id names (the first step with
        // it) serves the routes in declared order below.
        var positions: [String: Int] = [:]
        positions.reserveCapacity(shapes.count)
        var named: [Int] = []
        named.reserveCapacity(shapes.count)
        for (position, shape) in shapes.enumerated() {
            let index = positions.index(forKey: shape.id)
            if let index {
                named.append(positions.values[index])
            } else {
                positions[shape.id] = position
                named.append(position)
            }
        }
        self.positions = positions
        func resolve(_ target: Destination) -> Resolved {
            switch target {
            case .complete: .complete
            case .step(let id): positions[id].map(Resolved.step) ?? .unknown(id)
            }
        }
        var outcomes: [[Route]] = []
        var skips: [Route] = []
        outcomes.reserveCapacity(shapes.count)
        skips.reserveCapacity(shapes.count)
        for (position, shape) in shapes.enumerated() {
            var accepted: [Route] = []
            accepted.reserveCapacity(shape.outcomes.count)
            // The first declared `skip` and `next`, which say where a skipped step goes.
            var skip: Route?
            var next: Route?
            for outcome in shape.outcomes where outcome.name != Outcome.back {
                let route = Route(outcome: outcome.name, target: outcome.target, destination: resolve(outcome.target), kind: .declared)
                accepted.append(route)
                if skip == nil, outcome.name == Outcome.skip { skip = route }
                if next == nil, outcome.name == Outcome.next { next = route }
            }
            let inOrder = position + 1 < shapes.count
                ? Route(outcome: Outcome.next, target: .step(shapes[position + 1].id), destination: .step(named[position + 1]), kind: .documentOrder)
                : Route(outcome: Outcome.next, target: .complete, destination: .complete, kind: .documentOrder)
            outcomes.append(shape.outcomes.isEmpty ? [inOrder] : accepted)
            let skipped = skip ?? next ?? inOrder
            skips.append(Route(outcome: Outcome.skip, target: skipped.target, destination: skipped.destination, kind: skipped.kind))
        }
        self.outcomes = outcomes
        self.skips = skips
        startID = declaredStart ?? shapes.first?.id
        start = startID.map { resolve(.step($0)) } ?? .complete
    }

    @usableFromInline
    package static func == (lhs: StepRoutes, rhs: StepRoutes) -> Bool {
        lhs === rhs || (lhs.ids == rhs.ids && lhs.outcomes == rhs.outcomes && lhs.skips == rhs.skips && lhs.start == rhs.start)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(outcomes)
        hasher.combine(skips)
        hasher.combine(start)
    }

    /// The number of steps.
    @usableFromInline package var count: Int { ids.count }

    /// The position of the first step with `id`.
    ///
    /// Short lists are scanned: comparing a few short ids costs less than hashing one.
    @usableFromInline
    package func position(of id: String) -> Int? {
        ids.count <= 8 ? ids.firstIndex(of: id) : positions[id]
    }

    /// Whether the step at `position` is the first with its id (the one the id names).
    package func isFirst(_ position: Int) -> Bool {
        positions.count == ids.count || positions[ids[position]] == position
    }

    /// The route `outcome` takes from the step at `position`; `nil` when the step does not accept it.
    @usableFromInline
    package func route(from position: Int, outcome: String) -> Route? {
        for route in outcomes[position] where route.outcome == outcome { return route }
        return nil
    }

    /// Where the subflow step at `position` continues once its subflow completes; `nil` when it
    /// does not accept `next`.
    @usableFromInline
    package func exit(from position: Int) -> Route? { route(from: position, outcome: Outcome.next) }

    /// The routes by which navigation can leave the step at `position` once it is entered: a screen
    /// step's outcomes, or a subflow step's exit.
    package func leaving(_ position: Int) -> [Route] {
        guard runsSubflow[position] else { return outcomes[position] }
        return exit(from: position).map { [$0] } ?? []
    }

    /// The outcome names a screen step accepts, in declaration order (`back` is always possible
    /// too, where there is a step to go back to).
    static func acceptedOutcomes(declared: [(name: String, target: Destination)]) -> [String] {
        declared.isEmpty ? [Outcome.next] : declared.map(\.name).filter { $0 != Outcome.back }
    }
}

