import ArgumentParser
import Foundation

/// The one check of a server's address on the command line (`--server`, `--send-to`).
enum ServerURL {
    /// `text` as an http or https URL with a host, or a validation error naming `option`.
    @discardableResult
    static func parse(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("\(option) must be an http or https URL such as https://waypoint.example.com, not `\(text)`.")
        }
        return url
    }
}
