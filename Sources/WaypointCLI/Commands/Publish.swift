import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint publish FILE --server URL --app ID [--environment E] [--confirm] [--token-file PATH]`: uploads a document
    /// as a new revision (or finds the revision with the same bytes) and publishes it.
    struct Publish: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload a document to a Waypoint server as a new revision and publish it to an environment.",
            discussion: """
                Posts FILE, byte for byte, to SERVER/v1/apps/APP/revisions, then publishes the new revision to \
                the environment (default production). Apps pick it up on their next refresh and use it from their next launch. \
                Bytes the server has already are that revision: uploading them again adds none.

                When users in the middle of a flow would be moved back to an earlier step or lose their \
                progress, the server publishes nothing without a confirmation: the command prints, per flow, \
                where those users would land (resumed, moved back, discarded), exits 1, and publishes when run \
                again with --confirm.

                When the server refuses the document, its diagnostics are printed the way `waypoint lint` \
                prints them (FILE:LINE:COLUMN: severity: message [code]) and the exit status is 1. Rolling back \
                is publishing an older revision again.

                The request is sent with a token, the first of: the file of --token-file; the environment \
                variable WAYPOINT_TOKEN, a personal API token (wpt_…, made on the dashboard's Tokens page or \
                with `waypoint login`; it needs the publisher role); the file `waypoint login` wrote for this \
                server; the environment variable WAYPOINT_ADMIN_TOKEN, the server's admin token (until an \
                owner retires it). Before uploading, the command asks the server which role the token has \
                (GET /v1/me) and stops, having sent nothing, when it cannot publish.

                Example:
                  WAYPOINT_TOKEN=wpt_… waypoint publish waypoint.json --server https://waypoint.example.com --app fitness
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The server's base URL, such as https://waypoint.example.com.")
        var server: String

        @Option(help: "The app's id on the server.")
        var app: String

        @Option(help: "The environment to publish to.")
        var environment: String = "production"

        @Flag(help: "Publish even when users in flight would be moved back or lose their progress.")
        var confirm = false

        @Option(help: "A file holding the token to send (a personal API token, wpt_…); read instead of WAYPOINT_TOKEN.")
        var tokenFile: String?

        func validate() throws {
            try ServerURL.parse(server, option: "--server")
        }

        func run(output: Output) throws {
            let bytes = try DocumentFile.bytes(file)
            let token = try self.token().token
            guard let url = URL(string: server) else { throw CLIError("--server `\(server)` is not a URL.") }
            let call = ServerCall(server: url, token: token)
            try checkRole(call)
            let upload = try call.post("v1/apps/\(app)/revisions", body: bytes)
            switch upload.status {
            case 200, 201:
                let created = try decode(Created.self, upload)
                if let warnings = created.diagnostics, !warnings.isEmpty {
                    output.write(DiagnosticReport(files: [.init(path: file, diagnostics: warnings, contents: nil)]).text)
                }
                if created.existing == true {
                    output.line("\(app) has these bytes already as revision \(created.revision); no revision was added.")
                }
                let request = "{\"revision\":\(created.revision)" + (confirm ? ",\"confirm\":true}" : "}")
                let publish = try call.post("v1/apps/\(app)/environments/\(environment)/publish", body: Data(request.utf8))
                if publish.status == 409, let refused = try? JSONDecoder().decode(NeedsConfirmation.self, from: publish.body) {
                    output.write(refused.preview.text)
                    output.line("Nothing was published. Run the command again with --confirm to publish revision \(created.revision) anyway.")
                    throw ExitCode(1)
                }
                guard publish.status == 200 else {
                    throw failure(publish, doing: "publish revision \(created.revision) to \(environment)")
                }
                let published = try decode(Published.self, publish)
                if published.previousRevision == published.revision {
                    output.line("Revision \(published.revision) of \(app) (sha256 \(created.sha256)) was already published to \(published.environment); nothing changed.")
                } else {
                    let previous = published.previousRevision.map { "revision \($0)" } ?? "nothing"
                    output.line("Published revision \(published.revision) of \(app) to \(published.environment) (sha256 \(created.sha256)); it replaces \(previous).")
                }
            case 422:
                let refused = try decode(Refused.self, upload)
                output.write(DiagnosticReport(files: [.init(path: file, diagnostics: refused.diagnostics, contents: nil)]).text)
                output.line("The server refused \(file): fix the errors above and publish again; nothing was published.")
                throw ExitCode(1)
            default:
                throw failure(upload, doing: "upload \(file)")
            }
        }

        /// Asks the server which role the token acts with and stops before uploading when it cannot
        /// publish; a server that predates `GET /v1/me` (404) is not asked.
        private func checkRole(_ call: ServerCall) throws {
            let answer = try call.get("v1/me")
            guard answer.status != 404 else { return }
            guard answer.status == 200 else { throw failure(answer, doing: "check the token's role") }
            let me = try decode(Me.self, answer)
            guard AccountRole.isAtLeast(me.role, "publisher") else {
                let source = (try? token().source) ?? "the token"
                throw CLIError(
                    "\(source) acts as \(me.role == "editor" || me.role == "owner" ? "an" : "a") \(me.role) (\(me.name)); publishing needs the "
                        + "publisher role. Nothing was uploaded: ask an owner for the role, or use a token that has it.")
            }
        }

        /// The token to send and where it came from: --token-file, WAYPOINT_TOKEN, the file
        /// `waypoint login` wrote for this server, then WAYPOINT_ADMIN_TOKEN.
        private func token() throws -> (token: String, source: String) {
            if let tokenFile { return (try Self.read(tokenFile, option: "--token-file"), "the token in \(tokenFile)") }
            let environment = ProcessInfo.processInfo.environment
            if let token = environment["WAYPOINT_TOKEN"], !token.isEmpty { return (token, "WAYPOINT_TOKEN") }
            if let url = URL(string: server), let saved = LoginTokenFile.path(for: url), FileManager.default.fileExists(atPath: saved.path) {
                return (try Self.read(saved.path, option: "`waypoint login`"), "the token `waypoint login` saved in \(saved.path)")
            }
            if let token = environment["WAYPOINT_ADMIN_TOKEN"], !token.isEmpty { return (token, "WAYPOINT_ADMIN_TOKEN") }
            throw CLIError(
                "Set WAYPOINT_TOKEN to a personal API token with the publisher role (wpt_…, from the dashboard's Tokens page), "
                    + "run `waypoint login --server \(server) --email …`, or pass --token-file, to publish, such as "
                    + "`WAYPOINT_TOKEN=wpt_… waypoint publish \(file) --server \(server) --app \(app)`.")
        }

        /// The one token a token file holds.
        private static func read(_ path: String, option: String) throws -> String {
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw CLIError("Could not read the token file \(path): \(error.reason). Check \(option).")
            }
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
                throw CLIError("The token file \(path) must hold one token (wpt_…) and nothing else; it holds \(token.isEmpty ? "nothing" : "more than one word").")
            }
            return token
        }

        private func failure(_ answer: HTTPResponse, doing what: String) -> CLIError {
            let tokenSource = (try? token().source) ?? "the token"
            let fix = switch answer.status {
            case 401: "check \(tokenSource)"
            case 403: "the token's role is too low: publishing needs a token with the publisher role"
            case 404: "check --app and --environment (the app must exist on the server)"
            case 413: "the document is larger than the server accepts"
            case 500...: "the server failed; try again, and look at its log"
            default: "check --server"
            }
            return CLIError("Could not \(what): the server answered \(answer.status) (\(answer.errorMessage ?? "no message")); \(fix).")
        }

        private func decode<T: Decodable>(_ type: T.Type, _ answer: HTTPResponse) throws -> T {
            do {
                return try JSONDecoder().decode(type, from: answer.body)
            } catch {
                throw CLIError("The server's answer (\(answer.status)) is not what a Waypoint server sends: \(answer.errorMessage ?? "no message"). Check --server.")
            }
        }

        private struct Me: Decodable {
            let role: String
            let name: String
        }

        private struct Created: Decodable {
            let revision: Int
            let sha256: String
            let diagnostics: [Diagnostic]?
            /// Whether the server had these bytes already (absent from servers that predate it).
            let existing: Bool?
        }

        /// The server's 409: the publish needs confirmation; the preview says why.
        private struct NeedsConfirmation: Decodable {
            let preview: PublishPreviewText
        }

        private struct Refused: Decodable {
            let diagnostics: [Diagnostic]
        }

        private struct Published: Decodable {
            let environment: String
            let revision: Int
            let previousRevision: Int?
        }
    }
}
