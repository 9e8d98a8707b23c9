import ArgumentParser
import Foundation
import Waypoint

/// A document file as read from disk: its text checked by ``WaypointDocument/validate(_:)``.
struct DocumentFile {
    /// The path as given on the command line (used in diagnostics).
    let path: String
    /// The result of reading it.
    let validation: DocumentValidation

    /// The file's bytes; a file that cannot be read is an error that says so.
    static func bytes(_ path: String) throws -> Data {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CLIError("No document at \(path). Pass the path of a Waypoint JSON document, such as waypoint.json.")
        }
        guard !isDirectory.boolValue else {
            throw CLIError("\(path) is a folder. Pass the path of a Waypoint JSON document inside it, such as \(path)/waypoint.json.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError("Cannot read \(path): \(error.reason). Check that the file is readable.")
        }
        return data
    }

    /// Reads and checks the file; a file that cannot be read is an error that says so.
    static func read(_ path: String) throws -> DocumentFile {
        let data = try bytes(path)
        return DocumentFile(path: path, validation: WaypointDocument.validate(data))
    }

    /// Reads a file that must be a valid document; otherwise the error lists its problems.
    static func readValid(_ path: String) throws -> WaypointDocument {
        let file = try read(path)
        guard let document = file.validation.document else {
            let errors = file.validation.diagnostics.filter(\.isError)
            let lines = errors.prefix(20).map { "  " + $0.formatted(file: path) }
            let more = errors.count > 20 ? ["  … and \(errors.count - 20) more"] : []
            throw CLIError(
                "\(path) is not a valid document (\(errors.count) error\(errors.count == 1 ? "" : "s")); fix "
                    + (errors.count == 1 ? "it" : "them") + " first (`waypoint validate \(path)` lists every problem):\n"
                    + (lines + more).joined(separator: "\n"))
        }
        return document
    }
}

extension WaypointDocument {
    /// The distinct flow ids, in document order.
    var flowIDs: [String] {
        var seen: Set<String> = []
        return flows.map(\.id).filter { seen.insert($0).inserted }
    }

    /// The distinct walkthrough ids, in document order.
    var walkthroughIDs: [String] {
        var seen: Set<String> = []
        return walkthroughs.map(\.id).filter { seen.insert($0).inserted }
    }
}
