import ArgumentParser
import Foundation
import Waypoint

extension WaypointCommand {
    /// `waypoint login --server URL --email E [--role R] [--days N] [--name NAME] [--token-file PATH]
    /// [--password-stdin]`: makes a personal API token with the account's email and password and
    /// keeps it where `waypoint publish` finds it.
    struct Login: InteractiveCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a personal API token with your email and password, and keep it for `waypoint publish`.",
            discussion: """
                Sends your email and password once, as HTTP Basic, to SERVER/v1/tokens, which makes a personal \
                API token (wpt_…) with the role and expiry you ask for (no more than your account's role). The \
                server checks the password under the same limits as the dashboard's sign-in. The token is \
                written, alone, to a file only you can read (mode 0600): by default \
                ~/.config/waypoint/tokens/HOST (or under $XDG_CONFIG_HOME), one per server, which \
                `waypoint publish --server` reads when neither --token-file nor WAYPOINT_TOKEN is given.

                The password is read from standard input with --password-stdin, else from the environment \
                variable WAYPOINT_PASSWORD, else asked for at the terminal without echo.

                Example:
                  waypoint login --server https://waypoint.example.com --email ada@example.com
                """)

        @Option(help: "The server's base URL, such as https://waypoint.example.com.")
        var server: String

        @Option(help: "Your account's email.")
        var email: String

        @Option(help: "The token's role: viewer, editor, publisher or owner (no more than your account's).")
        var role: String = "publisher"

        @Option(help: "Days until the token expires (1–366).")
        var days: Int = 90

        @Option(help: "The token's name on the Tokens page.")
        var name: String?

        @Option(help: "Where to write the token (default: one file per server under ~/.config/waypoint/tokens).")
        var tokenFile: String?

        @Flag(help: "Read the password from the first line of standard input.")
        var passwordStdin = false

        func validate() throws {
            try ServerURL.parse(server, option: "--server")
            guard AccountRole.ordered.contains(role) else {
                throw ValidationError("--role must be viewer, editor, publisher or owner, not `\(role)`.")
            }
            guard (1...366).contains(days) else { throw ValidationError("--days must be 1 to 366, not \(days).") }
        }

        func run(output: Output, input: Input) throws {
            guard let url = URL(string: server) else { throw CLIError("--server `\(server)` is not a URL.") }
            guard let file = tokenFile.map({ URL(fileURLWithPath: $0) }) ?? LoginTokenFile.path(for: url) else {
                throw CLIError("There is no home folder to keep the token in: pass --token-file PATH.")
            }
            let password = try self.password(input)
            let tokenName = name ?? "waypoint login (\(ProcessInfo.processInfo.hostName))"
            let body = try JSONSerialization.data(
                withJSONObject: ["name": tokenName, "role": role, "expiresInDays": days], options: [.sortedKeys])
            let answer = try ServerCall(server: url, email: email, password: password).post("v1/tokens", body: body)
            guard answer.status == 201 else {
                let message = answer.errorMessage ?? "no message"
                let fix = switch answer.status {
                case 401: "check the email and the password"
                case 403: "ask for a role no higher than your account's (--role)"
                case 429: "wait, then try again"
                case 400: "check --role and --days"
                default: "check --server"
                }
                throw CLIError("Could not make a token: the server answered \(answer.status) (\(message)); \(fix).")
            }
            guard let made = try? JSONDecoder().decode(Made.self, from: answer.body), made.token.hasPrefix("wpt_") else {
                throw CLIError("The server's answer (201) is not what a Waypoint server sends. Check --server.")
            }
            try LoginTokenFile.write(made.token, to: file)
            output.line(
                "Made the token \(made.details.tokenPrefix)… (\(made.details.role), expires \(made.details.expiresAt)) for \(email) "
                    + "and saved it in \(file.path), readable by you only. `waypoint publish --server \(server)` uses it.")
        }

        /// The password: standard input with --password-stdin, WAYPOINT_PASSWORD, or the terminal.
        private func password(_ input: Input) throws -> String {
            if passwordStdin {
                guard let line = input.readLine(), !line.isEmpty else {
                    throw CLIError("--password-stdin read no password: send it as the first line of standard input.")
                }
                return line
            }
            if let password = ProcessInfo.processInfo.environment["WAYPOINT_PASSWORD"], !password.isEmpty { return password }
            guard input.isTerminal, let typed = getpass("Password for \(email): ") else {
                throw CLIError("No password: pass --password-stdin and send it on standard input, or set WAYPOINT_PASSWORD.")
            }
            let password = String(cString: typed)
            guard !password.isEmpty else { throw CLIError("No password was typed.") }
            return password
        }

        private struct Made: Decodable {
            struct Details: Decodable {
                let tokenPrefix: String
                let role: String
                let expiresAt: String
            }
            let token: String
            let details: Details
        }
    }
}
