import Foundation

/// Where `waypoint login` keeps a server's personal token, and how it is written: one file per
/// server, holding the token alone, readable by its owner only (mode 0600), written to a temporary
/// file and renamed so that it is never half there.
///
/// The folder is `$XDG_CONFIG_HOME/waypoint/tokens` (`~/.config/waypoint/tokens` without it); the
/// file is named by the server's host and port, such as `waypoint.example.com` or `127.0.0.1_8080`.
enum LoginTokenFile {
    /// The default file for `server`, or nil when there is no home folder to put it in.
    static func path(for server: URL) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let config: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = URL(fileURLWithPath: xdg)
        } else if let home = environment["HOME"], !home.isEmpty {
            config = URL(fileURLWithPath: home).appendingPathComponent(".config")
        } else {
            return nil
        }
        guard let host = server.host, !host.isEmpty else { return nil }
        let name = server.port.map { "\(host)_\($0)" } ?? host
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "_" })
        return config.appendingPathComponent("waypoint/tokens").appendingPathComponent(safe)
    }

    /// Writes `token` to `file` with mode 0600, creating its folder (mode 0700) when missing.
    static func write(_ token: String, to file: URL) throws {
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError("Could not make the folder \(folder.path) for the token: \(error.reason). Pass --token-file with a path you can write.")
        }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        guard manager.createFile(atPath: temporary.path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CLIError("Could not write the token to \(folder.path). Pass --token-file with a path you can write.")
        }
        if rename(temporary.path, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw CLIError("Could not save the token as \(file.path): \(reason). Pass --token-file with a path you can write.")
        }
    }
}
