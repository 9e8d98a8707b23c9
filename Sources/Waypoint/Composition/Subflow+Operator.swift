/// How tightly `|>` binds: looser than every arithmetic, comparison and logical operator, tighter
/// than `? :` and assignment, and left-associative, so `a |> b |> c` is `(a |> b) |> c`.
precedencegroup SubflowCompositionPrecedence {
    associativity: left
    higherThan: TernaryPrecedence
    lowerThan: LogicalDisjunctionPrecedence
}

/// Composes two steps: the left one runs, and its output is the right one's input.
///
/// Operands are ``Subflow``s or `@Sendable (Input) async throws -> Output` functions, in any
/// combination; the result is always a ``Subflow``. The types must line up: the left output type
/// must be the right input type, or the line does not compile.
infix operator |> : SubflowCompositionPrecedence

/// Composes two subflows: `first` runs, then `second` with its output.
///
/// When the task is cancelled while `first` runs, `second` does not start.
public func |> <A: Sendable, B: Sendable, C: Sendable>(
    first: Subflow<A, B>,
    second: Subflow<B, C>
) -> Subflow<A, C> {
    Subflow { input in
        let middle = try await first(input)
        try Task.checkCancellation()
        return try await second(middle)
    }
}

/// Composes a subflow and a function: `first` runs, then `second` with its output.
public func |> <A: Sendable, B: Sendable, C: Sendable>(
    first: Subflow<A, B>,
    second: @escaping @Sendable (B) async throws -> C
) -> Subflow<A, C> {
    first |> Subflow(second)
}

/// Composes a function and a subflow: `first` runs, then `second` with its output.
public func |> <A: Sendable, B: Sendable, C: Sendable>(
    first: @escaping @Sendable (A) async throws -> B,
    second: Subflow<B, C>
) -> Subflow<A, C> {
    Subflow(first) |> second
}

/// Composes two functions into a subflow: `first` runs, then `second` with its output.
public func |> <A: Sendable, B: Sendable, C: Sendable>(
    first: @escaping @Sendable (A) async throws -> B,
    second: @escaping @Sendable (B) async throws -> C
) -> Subflow<A, C> {
    Subflow(first) |> Subflow(second)
}
