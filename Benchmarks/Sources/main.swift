// The Waypoint benchmarks. Run in release mode:
//
//     swift run -c release WaypointBenchmarks
//
// Figures and targets are in Benchmarks/README.md.

var report: [String] = []
report += runDispatchBenchmarks()
print(report.joined(separator: "\n"))
