// The Waypoint benchmarks. Run in release mode:
//
//     swift run -c release WaypointBenchmarks            # every benchmark, timed
//     swift run -c release WaypointBenchmarks --only graph   # one group: dispatch, hints, documents or graph
//     swift run -c release WaypointBenchmarks --list     # the single workloads, for callgrind
//     valgrind --tool=callgrind .build/release/WaypointBenchmarks --workload dispatch-flow
//     swift run -c release WaypointBenchmarks --ladder-document 100000 > ladder.json   # the graph benchmarks' flow
//
// Figures and targets are in Benchmarks/README.md.

import Foundation

let usage = """
    usage: WaypointBenchmarks [--only GROUP | --list | --workload NAME | --ladder-document STEPS | --help]

    Without arguments, runs every benchmark and prints the figures (build with -c release).
      --only GROUP              run one group of benchmarks: dispatch, hints, documents or graph
      --list                    print the names of the single workloads
      --workload NAME           run one workload once (for callgrind)
      --ladder-document STEPS   print the graph benchmarks' document of STEPS steps
    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
} else if arguments.first == "--list" {
    for workload in workloads.keys.sorted() { print(workload) }
} else if arguments.first == "--workload", arguments.count == 2 {
    guard let workload = workloads[arguments[1]] else {
        print("unknown workload '\(arguments[1])'; use --list to see them")
        exit(64)
    }
    workload()
} else if arguments.first == "--ladder-document", arguments.count == 2, let steps = Int(arguments[1]), steps > 0 {
    FileHandle.standardOutput.write(cliLadderText(steps: steps))
} else if arguments.first == "--only", arguments.count == 2 {
    let groups: [String: () async -> [String]] = [
        "dispatch": { runDispatchBenchmarks() }, "hints": { await runHintBenchmarks() }, "documents": { runDocumentBenchmarks() },
        "graph": { runGraphBenchmarks() },
    ]
    guard let group = groups[arguments[1]] else {
        FileHandle.standardError.write(Data("unknown group '\(arguments[1])'; the groups are \(groups.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(64)
    }
    print((await group()).joined(separator: "\n"))
} else if !arguments.isEmpty {
    FileHandle.standardError.write(Data("unknown arguments: \(arguments.joined(separator: " "))\n\(usage)\n".utf8))
    exit(64)
} else {
    var report: [String] = []
    report += runDispatchBenchmarks()
    report.append("")
    report += await runHintBenchmarks()
    report.append("")
    report += runDocumentBenchmarks()
    report += [""] + runGraphBenchmarks()
    print(report.joined(separator: "\n"))
}
