import ArgumentParser

extension WaypointCommand {
    /// `waypoint conformance CASES_DIR --client COMMAND`: runs the conformance cases against a client.
    struct Conformance: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the conformance cases against a Waypoint client.",
            discussion: """
                Starts COMMAND once and sends it every case of CASES_DIR (the repository's `spec` folder) \
                on its standard input, one JSON line each: {"id": …, "kind": …, "input": …}. The client \
                answers each with one line, {"id": …, "output": …} or {"id": …, "error": "…"}. Each answer \
                that is not the case's expected output is printed like a compiler error, with the case's \
                file, line and id and a diff; then `N passed, M failed`. Exits 0 when every case passed, \
                1 otherwise. docs/CLIENTS.md says what each kind of case asks.

                Examples:
                  waypoint conformance spec --client "waypoint conformance-client"
                  waypoint conformance spec --client "node my-client.js" --kind navigation
                """
        )

        @Argument(help: "The folder of the cases, with one folder per kind (documents, navigation, …).")
        var casesDirectory: String

        @Option(help: "The shell command that starts the client.")
        var client: String

        @Option(help: "Run only the cases of this kind.")
        var kind: String?

        @Option(help: "Seconds the client may take to answer one case.")
        var timeout: Double = 10

        func validate() throws {
            guard timeout > 0 else { throw ValidationError("--timeout must be a number of seconds above 0, such as 10.") }
            if let kind, ConformanceKind(rawValue: kind) == nil {
                throw ValidationError("--kind must be one of " + ConformanceKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
        }

        func run(output: Output) throws {
            let files: [(path: String, cases: [ConformanceCase])]
            do {
                files = try ConformanceSuite.load(directory: casesDirectory)
            } catch let error as ConformanceSuite.LoadError {
                throw CLIError(error.description)
            }
            let cases = files.flatMap(\.cases).filter { kind == nil || $0.kind.rawValue == kind }
            let harness = ConformanceHarness(command: client, timeout: .milliseconds(Int(timeout * 1000)))
            let outcome: ConformanceHarness.Outcome
            do {
                outcome = try harness.run(cases)
            } catch let error as ConformanceHarness.RunError {
                throw CLIError(error.description)
            }
            for mismatch in outcome.mismatches { output.write(mismatch.text) }
            output.line("\(outcome.passed) passed, \(outcome.mismatches.count) failed")
            if !outcome.mismatches.isEmpty { throw ExitCode(1) }
        }
    }

    /// `waypoint conformance-client`: answers conformance cases with the Swift core.
    struct ConformanceClientCommand: InteractiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "conformance-client",
            abstract: "Answer conformance cases with this package's core, one JSON line per case.",
            discussion: """
                Reads requests from standard input, one JSON line each ({"id": …, "kind": …, "input": …}), \
                and writes one answer line for each, until the input ends. This is the client side that \
                `waypoint conformance` drives; a client in another language does the same.

                Examples:
                  waypoint conformance spec --client "waypoint conformance-client"
                  waypoint conformance-client < requests.jsonl
                """
        )

        func run(output: Output, input: Input) throws {
            while let line = input.readLine() {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                output.line(ConformanceClient.answer(line: line))
                output.flush()
            }
        }
    }
}
