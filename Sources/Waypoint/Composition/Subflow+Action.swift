extension Subflow {
    /// A step that executes `action` with its input and continues with the action's output.
    ///
    /// The step throws what prevented an output: the work's error, `CancellationError`, or
    /// ``ActionError/discarded`` when the action was already executing (for example because the
    /// user tapped its button at the same moment). Outputs and errors are also published on the
    /// action's streams, and its ``Action/isExecuting`` drives a spinner while the step runs.
    public init(_ action: Action<Input, Output>) {
        self.init { input in
            try await action.execute(input).get()
        }
    }
}
