import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes events as JSON Lines, through ``AtomicFile``.
enum EventsFile {
    /// Replaces (or, with `append`, extends) the file at `path` with `lines`.
    ///
    /// - Throws: ``CLIError`` naming the file and the system's reason.
    static func write(_ lines: [String], to path: String, append: Bool) throws {
        var data = Data()
        if append {
            switch POSIXRead.contents(of: path) {
            case .missing: break
            case .data(let existing):
                data = existing
                if let last = data.last, last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
            case .failed(let reason): throw CLIError("Cannot append the events to \(path): \(reason).")
            }
        }
        for line in lines { data.append(contentsOf: Array((line + "\n").utf8)) }
        try AtomicFile.replace(path, with: data, what: "the events")
    }
}

/// Writes a file to a temporary file beside the destination, synced, then renamed over it, so the file is
/// always either the old one or the complete new one.
enum AtomicFile {
    /// Replaces the file at `path` with `data`; `what` names the contents in messages ("the events").
    ///
    /// - Throws: ``CLIError`` naming the file and the system's reason.
    static func replace(_ path: String, with data: Data, what: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        func fail(_ action: String) -> CLIError {
            let reason = String(cString: strerror(errno))
            return CLIError("Cannot write \(what) to \(path): \(action) failed: \(reason). Check that its folder exists and is writable.")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw fail("creating a temporary file") }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let error = fail("writing")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = fail("renaming the temporary file")
            unlink(temporary)
            throw error
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
        #else
        Darwin.write(descriptor, pointer, count)
        #endif
    }
}

/// Reading a whole file with the system's reason on failure.
private enum POSIXRead {
    enum Contents { case missing, data(Data), failed(String) }

    static func contents(of path: String) -> Contents {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        do {
            return .data(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failed((error as NSError).localizedDescription)
        }
    }
}
