/// A problem that stops a command, with what went wrong and what to do; exits with status 1.
struct CLIError: Error, CustomStringConvertible {
    /// The message, as printed after `Error:`.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
