/// The observer and the enclosing step names of the running subflow, carried as a task-local value.
struct SubflowTrace: Sendable {
    /// The trace of the current task, or `nil` when no observer was given.
    @TaskLocal static var current: SubflowTrace?

    let observer: any SubflowObserver
    let path: [String]

    /// The trace inside the step called `name`.
    func entering(_ name: String) -> SubflowTrace {
        SubflowTrace(observer: observer, path: path + [name])
    }
}
