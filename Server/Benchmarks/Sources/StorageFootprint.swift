import Foundation

/// The size of the server's SQLite store: the database file with its write-ahead log, and the share
/// of it the tables (with their indexes) whose name contains `contribution` take.
struct StorageFootprint {
    /// Bytes of `waypoint.sqlite` plus `waypoint.sqlite-wal`.
    let totalBytes: Int
    /// Bytes of pages of the contribution tables and their indexes; nil when there are none or
    /// `sqlite3` (with its `dbstat` table) could not say.
    let contributionBytes: Int?
    /// Why `contributionBytes` is nil, for the table.
    let note: String?

    /// Measures the store in `directory` (the server's `--data`), asking `sqlite3` for the pages of
    /// each table; it gives up on that after `timeout` seconds.
    static func measure(directory: URL, timeout: Double = 300) async -> StorageFootprint {
        let path = directory.appendingPathComponent("waypoint.sqlite").path
        let size = { (file: String) -> Int in (try? URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
        let total = size(path) + size(path + "-wal")
        let sql = "SELECT m.tbl_name, SUM(d.pgsize) FROM dbstat AS d JOIN sqlite_master AS m ON m.name = d.name GROUP BY m.tbl_name;"
        guard let output = await run(["sqlite3", "-readonly", "-separator", "\t", path, sql], timeout: timeout) else {
            return StorageFootprint(totalBytes: total, contributionBytes: nil, note: "sqlite3 with dbstat unavailable: total only")
        }
        var contributions: Int?
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, fields[0].lowercased().contains("contribution"), let bytes = Int(fields[1]) else { continue }
            contributions = (contributions ?? 0) + bytes
        }
        return StorageFootprint(totalBytes: total, contributionBytes: contributions,
                                note: contributions == nil ? "no contribution tables" : nil)
    }

    /// `command`'s standard output, or nil when it is not installed, fails, or runs out of time.
    private static func run(_ command: [String], timeout: Double) async -> String? {
        guard let executable = try? ServerBenchmarks.which(command[0]) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let handle = output.fileHandleForReading
        let reader = Task.detached { handle.readDataToEndOfFile() }
        let deadline = ContinuousClock.now + .seconds(timeout)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let data = await reader.value
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
