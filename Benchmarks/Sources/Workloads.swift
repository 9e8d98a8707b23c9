import Foundation

/// Single workloads, run once each, for instruction counts under callgrind (repeatable whatever
/// else the machine is doing).
let workloads: [String: @Sendable () -> Void] = [
    "dispatch-hand-written": { handWrittenRuns(20_000) },
    "dispatch-state-machine": { machineRuns(20_000) },
    "dispatch-flow-state": { flowRuns(20_000) },
    "dispatch-flow-subflow": { subflowRuns(20_000) },
    "document-validate": { documentValidateWorkload() },
    "document-plain-decode": { documentPlainDecodeWorkload() },
    "document-lint": { documentLintWorkload() },
    "cli-lint-and-count": { cliGraphWorkload() },
    "cli-count-10k": { blackHole(cliCountWorkload(steps: 10_000)) },
    "cli-count-100k": { blackHole(cliCountWorkload(steps: 100_000)) },
    "cli-decode-10k": { cliDecodeWorkload(steps: 10_000) },
    "cli-decode-100k": { cliDecodeWorkload(steps: 100_000) },
    "cli-layered-10k": { blackHole(validateAndCount(cliLayeredText(), flow: "layered")) },
    "cli-layered-unknown-10k": { blackHole(validateAndCount(cliLayeredText(unknownTargets: true), flow: "layered")) },
    "startup": {},
]
